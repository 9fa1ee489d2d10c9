import type { CalendarRange, FestivalPage } from '#core/festival-page';
import { festivalPageUrl } from '#core/festival-page-url';
import { apiRequest } from './api-client';
import { takeEarlyAnswer, takeEarlyRequest } from './early-request';
import { invalidateWhere } from './use-server-data';
import { whenIdle } from './when-idle';

/** Thrown when a list answer is not the shape the screen reads (shown as 'Respuesta inesperada del servidor.'). */
export class UnexpectedCatalogResponse extends Error {
  constructor() {
    super('Respuesta inesperada del servidor.');
    this.name = 'UnexpectedCatalogResponse';
  }
}

/** The keys of useServerData that read lists: all reload after a catalogue change. */
export const LIST_KEY_PREFIX = 'festival-list:';

export { festivalPageUrl };

function isPage(value: unknown): value is FestivalPage {
  const page = value as FestivalPage | null;
  return (
    typeof page === 'object' &&
    page !== null &&
    Array.isArray(page.items) &&
    typeof page.total === 'number' &&
    Array.isArray(page.genres)
  );
}

/**
 * Pages asked for during this visit, by URL: the next page is prefetched while the visitor reads
 * this one, and going back to a list shows it at once. Failed requests are forgotten.
 */
const pages = new Map<string, Promise<FestivalPage>>();
const KEPT_PAGES = 40;
/** The answers among them that have arrived, for a render that can draw them at once. */
const settled = new Map<string, FestivalPage>();

export function fetchFestivalPage(url: string): Promise<FestivalPage> {
  let page = pages.get(url);
  if (!page) {
    const request = takeEarlyRequest(url) ?? apiRequest<unknown>(url, { auth: false });
    const asked: Promise<FestivalPage> = request.then((data) => {
      if (!isPage(data)) throw new UnexpectedCatalogResponse();
      // Unless the lists were cleared (a catalogue change) while it was on its way.
      if (pages.get(url) === asked) settled.set(url, data);
      return data;
    });
    page = asked;
    page.catch(() => pages.delete(url));
    pages.set(url, page);
    if (pages.size > KEPT_PAGES) {
      const oldest = pages.keys().next().value!;
      pages.delete(oldest);
      settled.delete(oldest);
    }
  } else {
    // Most recently used last, so the oldest goes first.
    pages.delete(url);
    pages.set(url, page);
  }
  return page;
}

/**
 * The page at this URL when it is already here: read during this visit (a search answered while it
 * was typed, a list gone back to), or answered to index.html's early request (a list's first page on
 * a first load); undefined otherwise.
 */
export function arrivedFestivalPage(url: string): FestivalPage | undefined {
  const kept = settled.get(url);
  if (kept) return kept;
  const data = takeEarlyAnswer(url);
  if (!isPage(data)) return undefined;
  pages.set(url, Promise.resolve(data));
  settled.set(url, data);
  return data;
}

/** Starts loading a page the visitor is likely to ask for next, when the browser is idle. */
export function prefetchFestivalPage(url: string): void {
  whenIdle(() => void fetchFestivalPage(url).catch(() => undefined));
}

export async function fetchCalendarRange(from: string, to: string, signal?: AbortSignal): Promise<CalendarRange> {
  const data = await apiRequest<CalendarRange>(`/api/festivals/calendar?from=${from}&to=${to}`, {
    auth: false,
    signal,
  });
  if (!data || !Array.isArray(data.items)) throw new UnexpectedCatalogResponse();
  return data;
}

/** After a change to the catalogue (a proposal approved, a festival deleted): every list asks again. */
export function invalidateFestivalLists(): void {
  pages.clear();
  settled.clear();
  invalidateWhere((key) => key.startsWith(LIST_KEY_PREFIX));
}
