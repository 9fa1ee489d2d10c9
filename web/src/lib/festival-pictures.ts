/**
 * Where a festival's picture comes from, without the DOM: the page draws it (festival-image.ts) and
 * the service worker keeps every file of it for a favourited festival (web/src/sw/runtime-caching.ts).
 */
export const STOCK_DIR = '/images/stock';
export const STOCK_WIDTHS = { sm: 400, md: 800, lg: 1600 } as const;
const STOCK_FORMATS = ['avif', 'webp', 'jpg'] as const;

/** One of seven stock pictures, chosen by the festival's id. */
export const stockName = (id: number) => `festival-${(Math.abs(id) % 7) + 1}`;

interface PictureFields {
  id: number;
  image_url: string | null;
  image?: { sources: { url: string }[] } | null;
}

/**
 * Every same-origin file the festival's picture may be drawn from, whatever width and format the
 * browser picks: its own upload and that upload's copies, else the stock picture in every width and
 * format. Pictures on other hosts are left out (the worker may only keep this site's files).
 */
export function festivalPictureFiles(festival: PictureFields): string[] {
  if (festival.image_url) {
    return [festival.image_url, ...(festival.image?.sources.map((s) => s.url) ?? [])].filter((url) => url.startsWith('/') && !url.startsWith('//'));
  }
  if (!Number.isInteger(festival.id)) return [];
  const name = stockName(festival.id);
  return Object.keys(STOCK_WIDTHS).flatMap((width) => STOCK_FORMATS.map((ext) => `${STOCK_DIR}/${name}-${width}.${ext}`));
}
