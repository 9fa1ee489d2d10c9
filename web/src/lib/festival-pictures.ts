/**
 * Where a festival's picture comes from, without the DOM: the page draws it (festival-image.ts) and
 * the service worker keeps every file of it for a favourited festival (web/src/sw/runtime-caching.ts).
 */
import { STOCK_WIDTHS, stockFile, stockName, stockNameOfUrl } from '#core/stock-images';

const STOCK_FORMATS = ['avif', 'webp', 'jpg'] as const;

interface PictureFields {
  id: number;
  image_url: string | null;
  image?: { sources: { url: string }[] } | null;
}

/**
 * Every same-origin file the festival's picture may be drawn from, whatever width and format the
 * browser picks: its own upload and that upload's copies, else the stock picture (the one its image
 * names, or the one of its id) in every width and format. Pictures on other hosts are left out (the
 * worker may only keep this site's files).
 */
export function festivalPictureFiles(festival: PictureFields): string[] {
  const stock = stockNameOfUrl(festival.image_url);
  if (festival.image_url && !stock) {
    return [festival.image_url, ...(festival.image?.sources.map((s) => s.url) ?? [])].filter(
      (url) => url.startsWith('/') && !url.startsWith('//'),
    );
  }
  if (!Number.isInteger(festival.id)) return [];
  const name = stock ?? stockName(festival.id);
  return (Object.keys(STOCK_WIDTHS) as (keyof typeof STOCK_WIDTHS)[]).flatMap((width) =>
    STOCK_FORMATS.map((ext) => stockFile(name, width, ext)),
  );
}
