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
import { factFilterKeys, factFilters, type FactFilter } from '#core/trip-fact-filters';
import { nearFromParams, nearParamNames, rememberNearPlace, type NearPlace } from '../../../lib/near-place';
import { useLatest } from '../../../lib/use-latest';

export type { NearPlace };

export type Filters = Required<Omit<FestivalFilters, 'near'>> & { near: NearPlace | null };
export type ViewMode = 'grid' | 'list';

const initial: Filters = { ...defaultFilters, near: null } as Filters;

/** How long typing may pause before the list shows what is typed: short enough to feel instant. */
export const SEARCH_DEBOUNCE_MS = 50;

// The view is kept for the visit; the filters live in the URL (shareable, kept on reload and back).
let rememberedView: ViewMode = 'grid';

/** True when something narrows the list beyond the default 'Solo próximos festivales'. */
export function hasActiveFilters(f: Filters): boolean {
  return Boolean(
    f.search.trim() || f.genre || f.minRating > 0 || f.from || f.to || f.near || f.maxPrice > 0 || f.facts.length > 0,
  );
}

/** Spanish parameter names in the address bar: /?q=sonar&genero=Techno&orden=name&proximos=no&facilidades=lse. */
const names = {
  search: 'q',
  genre: 'genero',
  minRating: 'valoracion',
  maxPrice: 'precio',
  facts: 'facilidades',
  sort: 'orden',
  upcoming: 'proximos',
  from: 'desde',
  to: 'hasta',
  ...nearParamNames,
} as const;

/** 'silla-de-ruedas,comida' -> the facts asked for, in one order; unknown names are left out. */
function factsFromSlugs(value: string | null): FactFilter[] {
  const slugs = new Set((value ?? '').split(','));
  return factFilterKeys.filter((key) => slugs.has(factFilters[key].slug));
}

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
    facts: factsFromSlugs(params.get(names.facts)),
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
  set(
    names.facts,
    f.facts.length > 0
      ? factFilterKeys
          .filter((k) => f.facts.includes(k))
          .map((k) => factFilters[k].slug)
          .join(',')
      : null,
  );
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
 * in the URL. `filters` is what the bar shows (the address just asked for); `applied` is what the
 * list asks for (the address the router has committed). The text being typed in the search box is
 * not here but in the box's own component (useSearchText).
 */
export function useFestivalFilters() {
  const [params, setParams] = useSearchParams();
  const applied = useMemo(() => filtersFromParams(params), [params]);
  // 'Limpiar filtros' starts the search box again (a new one: text typed and not yet applied goes too).
  const [searchResets, setSearchResets] = useState(0);
  const [view, setViewState] = useState<ViewMode>(rememberedView);

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
  // It holds while the address it was asked over is the one committed.
  const [requested, setRequested] = useState<{ over: URLSearchParams; next: URLSearchParams } | null>(null);
  const committed = useLatest(params);
  useEffect(() => {
    latest.current = params;
  }, [params]);
  const update = useCallback(
    (change: (f: Filters) => Filters) => {
      const filters = change(filtersFromParams(latest.current));
      // The place chosen in 'Cerca de' is remembered for 'Para ti' (a place that came in a link is not).
      rememberNearPlace(filters.near);
      const next = writeParams(latest.current, filters);
      latest.current = next;
      setRequested({ over: committed.current, next });
      setParams(next, { replace: true });
    },
    [setParams, committed],
  );
  const current = requested && requested.over === params ? requested.next : params;
  const shown = useMemo(() => filtersFromParams(current), [current]);

  /** Writes a search to the address; false when it is the one already written. */
  const applySearch = useCallback(
    (text: string) => {
      if ((latest.current.get(names.search) ?? '').trim() === text.trim()) return false;
      update((f) => ({ ...f, search: text }));
      return true;
    },
    [update],
  );

  return {
    filters: shown,
    applied,
    applySearch,
    searchResets,
    view,
    setView: useCallback((v: ViewMode) => {
      rememberedView = v;
      setViewState(v);
    }, []),
    setGenre: useCallback((genre: string) => update((f) => ({ ...f, genre })), [update]),
    setMinRating: useCallback((minRating: number) => update((f) => ({ ...f, minRating })), [update]),
    setMaxPrice: useCallback((maxPrice: number) => update((f) => ({ ...f, maxPrice })), [update]),
    /** Turns one 'Antes de ir' or accessibility filter on or off. */
    setFact: useCallback(
      (fact: FactFilter, on: boolean) =>
        update((f) => ({
          ...f,
          facts: on ? [...f.facts.filter((x) => x !== fact), fact] : f.facts.filter((x) => x !== fact),
        })),
      [update],
    ),
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
    setRadius: useCallback(
      (radiusKm: number | null) => update((f) => (f.near ? { ...f, near: { ...f.near, radiusKm } } : f)),
      [update],
    ),
    clear: useCallback(() => {
      setSearchResets((n) => n + 1);
      update(() => ({ ...initial }));
    }, [update]),
  };
}

/**
 * The search box's text as typed. It lives in the box's own component, so a key draws the box alone,
 * not the list under it. The text is written to the address (`onSearch`) once typing pauses, or as
 * soon as `ask(text)` (the list's answer for it, asked for at the key) has arrived while the box
 * still holds it. `applied` is the search the address holds: a change from elsewhere (back, a link)
 * is shown in the box.
 */
export function useSearchText(
  applied: string,
  initial: string,
  onSearch: (text: string) => boolean,
  ask?: (text: string) => Promise<unknown>,
) {
  const [typed, setTyped] = useState(initial);
  // What the box holds as of the last key (the render that shows it may still be to come).
  const inBox = useRef(typed);
  // Searches this box wrote are not news from elsewhere, even when the router commits one late,
  // after more has been typed (a slow phone): taking it as news would put an older search back in
  // the box, and the letters typed since would be lost. Kept until the router commits them (or a
  // later one of them).
  const written = useRef<string[]>([]);
  const seen = useRef(applied);
  useEffect(() => {
    if (seen.current === applied) return;
    seen.current = applied;
    const ours = written.current.findIndex((search) => search.trim() === applied.trim());
    if (ours >= 0) written.current.splice(0, ours + 1);
    else setTyped((inBox.current = applied));
  }, [applied]);

  const apply = useCallback(
    (text: string) => {
      if (onSearch(text)) written.current.push(text);
    },
    [onSearch],
  );
  // The pause is counted from the key, not from the effect below: on a slow phone the box's own
  // render takes tens of milliseconds before effects run.
  const typedAt = useRef(0);
  useEffect(() => {
    if (typed.trim() === applied.trim()) return;
    const timer = window.setTimeout(
      () => apply(typed),
      Math.max(0, typedAt.current + SEARCH_DEBOUNCE_MS - performance.now()),
    );
    return () => window.clearTimeout(timer);
  }, [typed, applied, apply]);

  const type = useCallback(
    (text: string) => {
      typedAt.current = performance.now();
      inBox.current = text;
      setTyped(text);
      if (ask && text.trim() !== applied.trim()) {
        ask(text).then(
          () => {
            if (inBox.current === text) apply(text);
          },
          () => undefined,
        );
      }
    },
    [ask, applied, apply],
  );
  return [typed, type] as const;
}
