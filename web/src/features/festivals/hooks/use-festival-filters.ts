import { useCallback, useState } from 'react';
import { defaultFilters, setDateRange, setUpcoming, type FestivalFilters, type FestivalSort } from '#core/festival-filters';

export type Filters = Required<FestivalFilters>;
export type ViewMode = 'grid' | 'list';

const initial: Filters = { ...defaultFilters } as Filters;

// Kept for the visit, so coming back from a festival page finds the list as it was left.
let remembered: { filters: Filters; view: ViewMode } = { filters: initial, view: 'grid' };

/** True when something narrows the list beyond the default 'Solo próximos festivales'. */
export function hasActiveFilters(f: Filters): boolean {
  return Boolean(f.search.trim() || f.genre || f.minRating > 0 || f.from || f.to);
}

/** The filter bar's state with the interplay of spec §4 (core's setUpcoming / setDateRange). */
export function useFestivalFilters() {
  const [filters, setFilters] = useState<Filters>(remembered.filters);
  const [view, setViewState] = useState<ViewMode>(remembered.view);

  const update = useCallback((next: (f: Filters) => Filters) => {
    setFilters((f) => {
      const value = next(f);
      remembered = { ...remembered, filters: value };
      return value;
    });
  }, []);

  return {
    filters,
    view,
    setView: useCallback((v: ViewMode) => {
      remembered = { ...remembered, view: v };
      setViewState(v);
    }, []),
    setSearch: useCallback((search: string) => update((f) => ({ ...f, search })), [update]),
    setGenre: useCallback((genre: string) => update((f) => ({ ...f, genre })), [update]),
    setMinRating: useCallback((minRating: number) => update((f) => ({ ...f, minRating })), [update]),
    setSort: useCallback((sort: FestivalSort) => update((f) => ({ ...f, sort })), [update]),
    setUpcoming: useCallback((on: boolean) => update((f) => setUpcoming(f, on) as Filters), [update]),
    setFrom: useCallback(
      (from: string) => update((f) => setDateRange(f, from, f.to && from && f.to < from ? '' : f.to) as Filters),
      [update],
    ),
    setTo: useCallback((to: string) => update((f) => setDateRange(f, f.from, to) as Filters), [update]),
    clear: useCallback(() => update(() => ({ ...initial })), [update]),
  };
}
