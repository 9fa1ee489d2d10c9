/**
 * The `sizes` of a card's picture: the full width of a phone, a 400 px column elsewhere. Also read
 * by web/vite.config.ts, whose boot script preloads the home's first card picture with it (the
 * browser uses a preload only when it picks the same copy), so this module imports nothing.
 */
export const CARD_IMAGE_SIZES = '(max-width: 640px) 100vw, 400px';
