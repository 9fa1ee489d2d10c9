import { useCallback, useEffect, useMemo, useState } from 'react';
import type { FestivalCard, FestivalPage, GenreFacet } from '#core/festival-page';
import { useQuery } from '../../../lib/use-server-data';
import { fetchFestivalPage, festivalPageQuery, prefetchFestivalPage } from '../api/festival-pages';

const NONE: FestivalCard[] = [];

/** How long a list stays on screen before its next page is prefetched. */
const NEXT_PAGE_AFTER_MS = 500;

/**
 * The cards of a list screen, page by page: `urlOf(offset)` names a page. A new query keeps the
 * current cards on screen until its first page arrives (an older answer is dropped: the store
 * aborts it once nothing reads it); 'more' appends the next page, which was prefetched while the
 * visitor read this one.
 */
export function useFestivalPages(urlOf: (offset: number) => string) {
  const first = useQuery(festivalPageQuery(urlOf(0)));
  // The pages added after a first page: they belong to that answer, and a fresh first page (a new
  // query or a reload) starts the list again.
  const [more, setMore] = useState<{ first: FestivalPage | undefined; items: FestivalCard[]; loading: boolean }>({
    first: undefined,
    items: [],
    loading: false,
  });
  const own = first.data !== undefined && more.first === first.data;
  const extra = own ? more.items : NONE;
  // The same array while nothing changed, so the grid is not drawn again for a key typed above it.
  const items = useMemo(
    () => (first.data ? (extra.length ? [...first.data.items, ...extra] : first.data.items) : NONE),
    [first.data, extra],
  );
  const total = first.data?.total ?? 0;
  const nextOffset = items.length;
  const hasMore = first.data !== undefined && nextOffset < total;
  const nextUrl = hasMore ? urlOf(nextOffset) : null;

  // Only for a list that stays on screen: while a search is typed, each letter's answer is drawn for
  // a moment, and its next page would only compete with the next letter's request.
  useEffect(() => {
    if (!nextUrl || first.isFetching) return;
    const timer = window.setTimeout(() => prefetchFestivalPage(nextUrl), NEXT_PAGE_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [nextUrl, first.isFetching]);

  const firstPage = first.data;
  const loadMore = useCallback(() => {
    if (!nextUrl || !firstPage) return;
    setMore((m) => ({ first: firstPage, items: m.first === firstPage ? m.items : [], loading: true }));
    fetchFestivalPage(nextUrl).then(
      (page) =>
        setMore((m) =>
          m.first === firstPage ? { first: firstPage, items: [...m.items, ...page.items], loading: false } : m,
        ),
      () => setMore((m) => (m.first === firstPage ? { ...m, loading: false } : m)),
    );
  }, [nextUrl, firstPage]);

  return {
    items,
    total,
    genres: first.data?.genres ?? ([] as GenreFacet[]),
    loading: first.isLoading,
    /** A newer query is on its way: the cards shown are the previous answer's. */
    refreshing: first.isFetching && first.data !== undefined,
    error: first.error as Error | null,
    reload: first.refetch,
    hasMore,
    loadingMore: own && more.loading,
    loadMore,
  };
}
