/**
 * The `sizes` of a card's picture: the full width of a phone, a 400 px column elsewhere. Also read
 * by the boot entry, which preloads the home's first card picture with it (src/boot/early-reads.ts:
 * the browser uses a preload only when it picks the same copy).
 */
export const CARD_IMAGE_SIZES = '(max-width: 640px) 100vw, 400px';
