import { useCallback, useEffect, useMemo, useState } from 'react';
import type { FestivalCard, GenreFacet } from '#core/festival-page';
import {
  arrivedFestivalPage,
  fetchFestivalPage,
  LIST_KEY_PREFIX,
  prefetchFestivalPage,
} from '../../../lib/festival-lists';
import { useServerData } from '../../../lib/use-server-data';

const NONE: FestivalCard[] = [];

/** How long a list stays on screen before its next page is prefetched. */
const NEXT_PAGE_AFTER_MS = 500;

/**
 * The cards of a list screen, page by page: `urlOf(offset)` names a page. A new query keeps the
 * current cards on screen until its first page arrives (an older answer is dropped: useServerData
 * aborts it); 'more' appends the next page, which was prefetched while the visitor read this one.
 */
export function useFestivalPages(query: string, urlOf: (offset: number) => string) {
  const first = useServerData(
    LIST_KEY_PREFIX + query,
    () => fetchFestivalPage(urlOf(0)),
    () => arrivedFestivalPage(urlOf(0)),
  );
  const [more, setMore] = useState<{ query: string; items: FestivalCard[]; loading: boolean }>({
    query,
    items: [],
    loading: false,
  });
  const extra = more.query === query ? more.items : NONE;
  // The same array while nothing changed, so the grid is not drawn again for a key typed above it.
  const items = useMemo(
    () => (first.data ? (extra.length ? [...first.data.items, ...extra] : first.data.items) : NONE),
    [first.data, extra],
  );
  const total = first.data?.total ?? 0;
  const nextOffset = items.length;
  const hasMore = first.data !== undefined && nextOffset < total;
  const nextUrl = hasMore ? urlOf(nextOffset) : null;

  // A fresh first page (a new query or a reload) starts the list again.
  // (Kept as it is when it already is that: a fresh object would draw the whole screen once more.)
  useEffect(
    () =>
      setMore((m) => (m.query === query && !m.items.length && !m.loading ? m : { query, items: [], loading: false })),
    [query, first.data],
  );

  // Only for a list that stays on screen: while a search is typed, each letter's answer is drawn for
  // a moment, and its next page would only compete with the next letter's request.
  useEffect(() => {
    if (!nextUrl || first.refreshing) return;
    const timer = window.setTimeout(() => prefetchFestivalPage(nextUrl), NEXT_PAGE_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [nextUrl, first.refreshing]);

  const loadMore = useCallback(() => {
    if (!nextUrl) return;
    setMore((m) => ({ ...m, loading: true }));
    fetchFestivalPage(nextUrl).then(
      (page) => setMore((m) => (m.query === query ? { query, items: [...m.items, ...page.items], loading: false } : m)),
      () => setMore((m) => ({ ...m, loading: false })),
    );
  }, [nextUrl, query]);

  return {
    items,
    total,
    genres: first.data?.genres ?? ([] as GenreFacet[]),
    loading: first.loading,
    /** A newer query is on its way: the cards shown are the previous answer's. */
    refreshing: first.refreshing && first.data !== undefined,
    error: first.error as Error | null,
    reload: first.reload,
    hasMore,
    loadingMore: more.loading,
    loadMore,
  };
}
