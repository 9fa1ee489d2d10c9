import { defaultFilters } from '#core/filter-values';
import { FESTIVAL_PAGE_MAX } from '#core/festival-card';
import { festivalPageUrl } from '#core/festival-page-url';
import { stockSrcSet } from '#core/stock-images';
import { CARD_IMAGE_SIZES } from '../components/festival-card/card-image-sizes';
import { readJson, readStorage, storageKeys } from '../lib/storage';
import type { EarlyAnswer } from '../lib/early-request';

/** Asks for `url` now; a successful answer is also kept parsed, so a list's first render can draw its cards at once. */
export function askEarly(url: string, then?: (data: unknown) => void): EarlyAnswer {
  const entry: EarlyAnswer = { url, response: fetch(url, { headers: { Accept: 'application/json' } }) };
  entry.response.then(
    (r) => {
      if (r.ok)
        r.clone()
          .json()
          .then((data: unknown) => {
            entry.data = data;
            then?.(data);
          })
          .catch(() => undefined);
    },
    () => undefined,
  );
  return entry;
}

/**
 * Preloads the copy of a list's first card picture that its <picture> takes (src/lib/festival-image.ts):
 * the stock artwork's AVIF widths, or the festival's own file. The browser uses a preload only for that copy.
 */
export function preloadFirstCard(page: unknown): void {
  const items = (page as { items?: unknown } | null)?.items;
  const first = Array.isArray(items) ? (items[0] as { id?: unknown; image_url?: unknown }) : null;
  if (!first || !Number.isInteger(first.id)) return;
  const url = typeof first.image_url === 'string' ? first.image_url : '';
  const stock = /^\/images\/stock\/(festival-[1-7]|default)-(?:sm|md|lg)\.(?:jpg|avif|webp)$/.exec(url);
  const name = stock ? stock[1] : url ? null : `festival-${(Math.abs(first.id as number) % 7) + 1}`;
  const link = Object.assign(document.createElement('link'), { rel: 'preload', as: 'image', fetchPriority: 'high' });
  if (name)
    Object.assign(link, { type: 'image/avif', imageSrcset: stockSrcSet(name, 'avif'), imageSizes: CARD_IMAGE_SIZES });
  else link.href = url;
  document.head.append(link);
}

/** The anonymous visitor's favourites as src/lib/favorites.tsx reads them, in the order the favourites screen asks for them. */
function favoriteIds(): number[] {
  const raw = readJson<unknown>(storageKeys.favorites, null) ?? readJson<unknown>(storageKeys.legacyFavorites, null);
  if (!Array.isArray(raw)) return [];
  return [...new Set(raw.map(Number).filter((n) => Number.isSafeInteger(n) && n > 0))].sort((a, b) => a - b);
}

/** The same addresses as the router's festival routes ('/horario' is another screen). */
export const festivalIdOf = (pathname: string): string | null =>
  /^\/festival\/([1-9]\d{0,9})(?:\/[^/]+)?\/?$/.exec(pathname)?.[1] ?? null;

/**
 * What the screen at this address reads first, asked for now: the home's first page of cards
 * (festivalPageUrl(defaultFilters), what the home asks for) and its first card's picture; the stored
 * favourites' first page (at most 100; with more, the screen merges its cards in date order); a
 * festival, only without a session (a signed-in person's read carries a token and may see a pending one).
 */
export function earlyReads(location: Location): EarlyAnswer[] {
  if (location.pathname === '/' && !location.search)
    return [askEarly(festivalPageUrl(defaultFilters), preloadFirstCard)];
  if (location.pathname === '/favorites' && !location.search) {
    const ids = favoriteIds();
    if (!ids.length) return [];
    const url = festivalPageUrl(
      { ...defaultFilters, upcoming: false },
      0,
      FESTIVAL_PAGE_MAX,
      ids.slice(0, FESTIVAL_PAGE_MAX),
    );
    return [askEarly(url, ids.length <= FESTIVAL_PAGE_MAX ? preloadFirstCard : undefined)];
  }
  const festival = festivalIdOf(location.pathname);
  if (festival && !readStorage(storageKeys.token)) return [askEarly(`/api/festivals/${festival}`)];
  return [];
}
