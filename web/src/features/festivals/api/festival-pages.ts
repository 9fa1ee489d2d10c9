import type { FestivalPage } from '#core/festival-page';
import { isFestivalPage } from '#core/festival-card';
import { festivalPageUrl } from '#core/festival-page-url';
import { apiRequest } from '../../../lib/api-client';
import { festivalListKey, UnexpectedCatalogResponse } from '../../../lib/query-keys';
import { queryClient } from '../../../lib/use-server-data';
import { whenIdle } from '../../../lib/when-idle';

export { festivalPageUrl, UnexpectedCatalogResponse };

/**
 * The list page at `url` (GET /api/festivals/page), through the store: kept for the visit until a
 * catalogue change (staleTime Infinity), so the next page prefetched while the visitor reads this
 * one, a search answered while it was typed and a list gone back to show at once.
 */
export const festivalPageQuery = (url: string) => ({
  queryKey: festivalListKey(url),
  queryFn: async ({ signal }: { signal: AbortSignal }) => {
    const data = await apiRequest<unknown>(url, { auth: false, signal });
    if (!isFestivalPage(data)) throw new UnexpectedCatalogResponse();
    return data as FestivalPage;
  },
  staleTime: Infinity,
});

export function fetchFestivalPage(url: string): Promise<FestivalPage> {
  return queryClient.fetchQuery(festivalPageQuery(url));
}

/** Starts loading a page the visitor is likely to ask for next, when the browser is idle. */
export function prefetchFestivalPage(url: string): void {
  whenIdle(() => queryClient.prefetchQuery(festivalPageQuery(url)));
}
