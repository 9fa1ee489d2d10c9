import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  defaultFilters,
  festivalSorts,
  setDateRange,
  setUpcoming,
  type FestivalFilters,
  type FestivalSort,
} from '#core/festival-filters';
import { isIsoDate } from '#core/dates';
import { nearFromParams, nearParamNames, type NearPlace } from '../../../lib/near-place';

export type { NearPlace };

export type Filters = Required<Omit<FestivalFilters, 'near'>> & { near: NearPlace | null };
export type ViewMode = 'grid' | 'list';

const initial: Filters = { ...defaultFilters, near: null } as Filters;

/** How long typing may pause before the list is asked for: short enough to feel instant. */
export const SEARCH_DEBOUNCE_MS = 100;
/** How long typing pauses before the list's answer for it is asked for (applied at SEARCH_DEBOUNCE_MS). */
export const SEARCH_PREFETCH_MS = 50;

// The view is kept for the visit; the filters live in the URL (shareable, kept on reload and back).
let rememberedView: ViewMode = 'grid';

/** True when something narrows the list beyond the default 'Solo próximos festivales'. */
export function hasActiveFilters(f: Filters): boolean {
  return Boolean(f.search.trim() || f.genre || f.minRating > 0 || f.from || f.to || f.near || f.maxPrice > 0);
}

/** Spanish parameter names in the address bar: /?q=sonar&genero=Techno&orden=name&proximos=no. */
const names = {
  search: 'q',
  genre: 'genero',
  minRating: 'valoracion',
  maxPrice: 'precio',
  sort: 'orden',
  upcoming: 'proximos',
  from: 'desde',
  to: 'hasta',
  ...nearParamNames,
} as const;

export function filtersFromParams(params: URLSearchParams): Filters {
  const rating = Number(params.get(names.minRating));
  const price = Number(params.get(names.maxPrice));
  const sort = params.get(names.sort) as FestivalSort | null;
  const from = params.get(names.from) ?? '';
  const to = params.get(names.to) ?? '';
  const near = nearFromParams(params);
  return {
    search: params.get(names.search) ?? '',
    genre: params.get(names.genre) ?? '',
    minRating: Number.isInteger(rating) && rating >= 1 && rating <= 5 ? rating : 0,
    maxPrice: Number.isInteger(price) && price > 0 && price <= 10000 ? price : 0,
    // Distance needs a place to measure from.
    sort: sort && festivalSorts.includes(sort) && (sort !== 'distance' || near) ? sort : 'date',
    upcoming: params.get(names.upcoming) !== 'no',
    from: isIsoDate(from) ? from : '',
    to: isIsoDate(to) ? to : '',
    near,
  };
}

function writeParams(params: URLSearchParams, f: Filters): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (name: string, value: string | null) => (value ? next.set(name, value) : next.delete(name));
  set(names.search, f.search.trim() ? f.search : null);
  set(names.genre, f.genre || null);
  set(names.minRating, f.minRating > 0 ? String(f.minRating) : null);
  set(names.maxPrice, f.maxPrice > 0 ? String(f.maxPrice) : null);
  set(names.sort, f.sort !== 'date' ? f.sort : null);
  set(names.upcoming, f.upcoming ? null : 'no');
  set(names.from, f.from || null);
  set(names.to, f.to || null);
  set(names.place, f.near ? f.near.label : null);
  set(names.lat, f.near ? f.near.lat.toFixed(4) : null);
  set(names.lon, f.near ? f.near.lon.toFixed(4) : null);
  set(names.radius, f.near?.radiusKm ? String(f.near.radiusKm) : null);
  return next;
}

/**
 * The filter bar's state with upcoming-only and the date range excluding each other (core's setUpcoming / setDateRange), kept
 * in the URL. `filters` is what the bar shows (the search as typed); `applied` is what the list
 * asks for: the same, with the search taken once typing pauses.
 */
export function useFestivalFilters() {
  const [params, setParams] = useSearchParams();
  const applied = useMemo(() => filtersFromParams(params), [params]);
  const [typed, setTyped] = useState(applied.search);
  const [view, setViewState] = useState<ViewMode>(rememberedView);

  // The URL changed from elsewhere (back, a link): the box shows it. Searches this box wrote are
  // not from elsewhere, even when the router commits one late, after more has been typed (a slow
  // phone): taking it as news would put an older search back in the box, and the letters typed
  // since would be lost. Kept until the router commits them (or a later one of them).
  const written = useRef<string[]>([]);
  useEffect(() => {
    const ours = written.current.findIndex((search) => search.trim() === applied.search.trim());
    if (ours >= 0) written.current.splice(0, ours + 1);
    else setTyped(applied.search);
  }, [applied.search]);

  // Changes build on the last address written, not on the one last rendered: React Router's
  // setSearchParams(fn) does not queue, so two changes before the next render (the search's
  // debounce firing as a date is typed, while a large list is still being drawn) would each
  // start from the same address and the second would undo the first.
  // Reset to the address once it is committed (back, a link, or our own change arriving): a render
  // that React discards may carry an older address, so not while rendering.
  const latest = useRef(params);
  // The bar shows the address just asked for at once: the router commits a new address in a
  // transition, after the list below has been drawn again, and until then a controlled checkbox or
  // select would spring back to its old value (a tap that seems not to take on a slow phone).
  const [requested, setRequested] = useState(params);
  useEffect(() => {
    latest.current = params;
    setRequested(params);
  }, [params]);
  const update = useCallback(
    (change: (f: Filters) => Filters) => {
      const next = writeParams(latest.current, change(filtersFromParams(latest.current)));
      latest.current = next;
      setRequested(next);
      setParams(next, { replace: true });
    },
    [setParams],
  );
  const shown = useMemo(() => filtersFromParams(requested), [requested]);

  useEffect(() => {
    if (typed.trim() === applied.search.trim()) return;
    const timer = window.setTimeout(() => {
      written.current.push(typed);
      update((f) => ({ ...f, search: typed }));
    }, SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [typed, applied.search, update]);

  const filters = useMemo(() => ({ ...shown, search: typed }), [shown, typed]);

  return {
    filters,
    applied,
    view,
    setView: useCallback((v: ViewMode) => {
      rememberedView = v;
      setViewState(v);
    }, []),
    setSearch: setTyped,
    setGenre: useCallback((genre: string) => update((f) => ({ ...f, genre })), [update]),
    setMinRating: useCallback((minRating: number) => update((f) => ({ ...f, minRating })), [update]),
    setMaxPrice: useCallback((maxPrice: number) => update((f) => ({ ...f, maxPrice })), [update]),
    setSort: useCallback((sort: FestivalSort) => update((f) => ({ ...f, sort })), [update]),
    setUpcoming: useCallback((on: boolean) => update((f) => setUpcoming(f, on) as Filters), [update]),
    setFrom: useCallback(
      (from: string) => update((f) => setDateRange(f, from, f.to && from && f.to < from ? '' : f.to) as Filters),
      [update],
    ),
    setTo: useCallback((to: string) => update((f) => setDateRange(f, f.from, to) as Filters), [update]),
    /** A place chosen orders by distance; removed, distance goes back to the date order. */
    setNear: useCallback(
      (place: Omit<NearPlace, 'radiusKm'> | null) =>
        update((f) =>
          place
            ? { ...f, near: { ...place, radiusKm: f.near?.radiusKm ?? null }, sort: f.near ? f.sort : 'distance' }
            : { ...f, near: null, sort: f.sort === 'distance' ? 'date' : f.sort },
        ),
      [update],
    ),
    setRadius: useCallback((radiusKm: number | null) => update((f) => (f.near ? { ...f, near: { ...f.near, radiusKm } } : f)), [update]),
    clear: useCallback(() => {
      setTyped('');
      written.current.push('');
      update(() => ({ ...initial }));
    }, [update]),
  };
}
