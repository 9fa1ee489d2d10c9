/**
 * The stock artwork in web/public/images/stock (scripts/generate-stock-images.ts): seven festival
 * images and a default, each at three widths in JPEG, AVIF and WebP. A festival without its own
 * image shows one of the seven by id; a festival whose image is one of these files shows the same
 * artwork in all its widths and formats (the catalogue generator points festivals at them).
 * One home for the naming, so the web's <picture> and the page's preload ask for the same files.
 */
export const STOCK_DIR = '/images/stock';
export const STOCK_WIDTHS = { sm: 400, md: 800, lg: 1600 } as const;

export type StockFormat = 'jpg' | 'avif' | 'webp';

/** 'festival-3' for festival 2 (id modulo 7, plus one). */
export const stockName = (id: number) => `festival-${(Math.abs(id) % 7) + 1}`;

/** The stock artwork's name when `url` is one of its files ('/images/stock/festival-3-md.jpg'), else null. */
export function stockNameOfUrl(url: string | null | undefined): string | null {
  const match = /^\/images\/stock\/(festival-[1-7]|default)-(?:sm|md|lg)\.(?:jpg|avif|webp)$/.exec(url ?? '');
  return match ? match[1] : null;
}

/** '/images/stock/festival-3-sm.avif 400w, ...-md.avif 800w, ...-lg.avif 1600w'. */
export const stockSrcSet = (name: string, format: StockFormat) =>
  (Object.keys(STOCK_WIDTHS) as (keyof typeof STOCK_WIDTHS)[])
    .map((size) => `${STOCK_DIR}/${name}-${size}.${format} ${STOCK_WIDTHS[size]}w`)
    .join(', ');

export const stockFile = (name: string, size: keyof typeof STOCK_WIDTHS, format: StockFormat) =>
  `${STOCK_DIR}/${name}-${size}.${format}`;
