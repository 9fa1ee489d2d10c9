import { mediaUrl } from './api-client';
import { stockFile, stockName, stockNameOfUrl, stockSrcSet } from '#core/stock-images';
import type { Festival } from '#core/response-schemas';

function stockSet(name: string): ImageSource {
  return {
    src: stockFile(name, 'md', 'jpg'),
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

/**
 * The festival's own image, else one of seven stock images chosen by id modulo 7. An image that is
 * itself a stock file comes in all the stock widths and formats (a phone takes the small AVIF).
 */
export function festivalImage(festival: Pick<Festival, 'id' | 'image_url'>): ImageSource {
  const stock = stockNameOfUrl(festival.image_url);
  if (stock) return stockSet(stock);
  const own = mediaUrl(festival.image_url);
  if (own) return { src: own };
  if (!Number.isInteger(festival.id)) return defaultFestivalImage;
  return stockSet(stockName(festival.id));
}

/** The large image for a hero or a lightbox. */
export function festivalImageLarge(festival: Pick<Festival, 'id' | 'image_url'>): string {
  const stock = stockNameOfUrl(festival.image_url);
  if (stock) return stockFile(stock, 'lg', 'jpg');
  const own = mediaUrl(festival.image_url);
  if (own) return own;
  return stockFile(stockName(festival.id), 'lg', 'jpg');
}
