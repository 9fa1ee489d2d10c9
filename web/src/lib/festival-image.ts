import { mediaUrl } from './api-client';
import { STOCK_DIR, STOCK_WIDTHS, stockName } from './festival-pictures';
import type { Festival } from '#core/response-schemas';

const stockSrcSet = (name: string, ext: string) =>
  (Object.keys(STOCK_WIDTHS) as (keyof typeof STOCK_WIDTHS)[]).map((s) => `${STOCK_DIR}/${name}-${s}.${ext} ${STOCK_WIDTHS[s]}w`).join(', ');

function stockSet(name: string): ImageSource {
  return {
    src: `${STOCK_DIR}/${name}-md.jpg`,
    srcSet: stockSrcSet(name, 'jpg'),
    sources: [
      { type: 'image/avif', srcSet: stockSrcSet(name, 'avif') },
      { type: 'image/webp', srcSet: stockSrcSet(name, 'webp') },
    ],
  };
}

export interface ImageSource {
  src: string;
  srcSet?: string;
  /** The same widths in AVIF and WebP, for a <picture> (the stock artwork has them). */
  sources?: { type: 'image/avif' | 'image/webp'; srcSet: string }[];
}

/** The default artwork, used when even the stock image fails. */
export const defaultFestivalImage: ImageSource = stockSet('default');

/** The festival's own image, else one of seven stock images chosen by id modulo 7. */
export function festivalImage(festival: Pick<Festival, 'id' | 'image_url'>): ImageSource {
  const own = mediaUrl(festival.image_url);
  if (own) return { src: own };
  if (!Number.isInteger(festival.id)) return defaultFestivalImage;
  return stockSet(stockName(festival.id));
}

/** The large image for a hero or a lightbox. */
export function festivalImageLarge(festival: Pick<Festival, 'id' | 'image_url'>): string {
  const own = mediaUrl(festival.image_url);
  if (own) return own;
  return `${STOCK_DIR}/${stockName(festival.id)}-lg.jpg`;
}
