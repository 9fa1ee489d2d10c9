import { memo, useId, useState, type ReactNode } from 'react';
import { SearchIcon } from 'lucide-react';
import type { FestivalSort } from '#core/festival-filters';
import type { GenreFacet } from '#core/festival-page';
import { factFilterKeys, factFilters } from '#core/trip-fact-filters';
import { hasActiveFilters, useSearchText, type useFestivalFilters } from '../hooks/use-festival-filters';
import { NearField } from './near-field';
import { useMediaQuery } from '../../../lib/use-media-query';

type Controls = ReturnType<typeof useFestivalFilters>;

interface Props {
  controls: Controls;
  /** Asks for the list's answer for a text typed in the search box, as it is typed. */
  ask?: (text: string) => Promise<unknown>;
  /** Options with how many festivals each would show (from the server). */
  genres: GenreFacet[];
  /** Shown after 'Limpiar filtros' (another feature's action on these filters). */
  actions?: ReactNode;
}

/** The filter bar: search, 'Cerca de' and radius, genre, minimum rating, order, 'Solo próximos festivales', dates. */
export function FestivalFiltersBar({ controls, ask, genres, actions }: Props) {
  const { filters } = controls;
  const id = useId();
  const [expanded, setExpanded] = useState(false);
  // The date fields are drawn only where they can be seen: on a phone the advanced filters stay
  // folded (display: none below 769 px) until 'Más filtros'. Creating a date input costs a phone
  // about 200 ms of main thread the first time (the browser loads its Spanish date formats), which
  // the list's first paint does not need.
  const datesShown = useMediaQuery('(min-width: 769px)') || expanded;
  const active = hasActiveFilters(filters);
  // A genre from a shared link stays selectable before (or without) its count.
  const options =
    filters.genre && !genres.some((g) => g.name === filters.genre)
      ? [{ name: filters.genre, count: null }, ...genres]
      : genres;
  const advancedCount = [
    filters.genre,
    filters.minRating > 0,
    filters.from,
    filters.to,
    filters.near,
    filters.maxPrice > 0,
    ...filters.facts,
  ].filter(Boolean).length;

  return (
    <form className="filters card" role="search" aria-label="Filtrar festivales" onSubmit={(e) => e.preventDefault()}>
      <div className="filters-main">
        <SearchField
          key={controls.searchResets}
          id={`${id}-search`}
          applied={controls.applied.search}
          initial={filters.search}
          onSearch={controls.applySearch}
          ask={ask}
        />
        <button
          type="button"
          className="btn filters-toggle"
          aria-expanded={expanded}
          aria-controls={`${id}-advanced`}
          onClick={() => setExpanded((v) => !v)}
        >
          Más filtros{advancedCount ? ` (${advancedCount})` : ''}
        </button>
      </div>
      <div id={`${id}-advanced`} className={expanded ? 'filters-advanced is-open' : 'filters-advanced'}>
        <NearField near={filters.near} onPlace={controls.setNear} onRadius={controls.setRadius} />
        <div className="field">
          <label htmlFor={`${id}-genre`}>Género</label>
          <select
            id={`${id}-genre`}
            className="select"
            value={filters.genre}
            onChange={(e) => controls.setGenre(e.target.value)}
          >
            <option value="">Todos los géneros</option>
            {options.map((g) => (
              <option key={g.name} value={g.name}>
                {g.count === null ? g.name : `${g.name} (${g.count})`}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-rating`}>Valoración mínima</label>
          <select
            id={`${id}-rating`}
            className="select"
            value={filters.minRating}
            onChange={(e) => controls.setMinRating(Number(e.target.value))}
          >
            <option value={0}>Cualquier valoración</option>
            {[1, 2, 3, 4, 5].map((n) => (
              <option key={n} value={n}>
                {n === 5 ? '5 estrellas' : `${n}+ estrellas`}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-price`}>Precio máximo</label>
          <select
            id={`${id}-price`}
            className="select"
            value={filters.maxPrice}
            onChange={(e) => controls.setMaxPrice(Number(e.target.value))}
          >
            <option value={0}>Cualquier precio</option>
            {[50, 100, 150, 200, 300].map((n) => (
              <option key={n} value={n}>
                Hasta {n} €
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-sort`}>Ordenar por</label>
          <select
            id={`${id}-sort`}
            className="select"
            value={filters.sort}
            onChange={(e) => controls.setSort(e.target.value as FestivalSort)}
          >
            <option value="date">Fecha</option>
            <option value="name">Alfabético</option>
            <option value="rating">Valoración</option>
            <option value="distance" disabled={!filters.near}>
              Distancia
            </option>
          </select>
        </div>
        <fieldset className="filters-facts">
          <legend>Antes de ir y accesibilidad</legend>
          {factFilterKeys.map((key) => (
            <label key={key} className="checkbox">
              <input
                type="checkbox"
                checked={filters.facts.includes(key)}
                onChange={(e) => controls.setFact(key, e.target.checked)}
              />
              {factFilters[key].label}
            </label>
          ))}
        </fieldset>
        {datesShown ? (
          <>
            <div className="field">
              <label htmlFor={`${id}-from`}>Fecha de inicio</label>
              <input
                id={`${id}-from`}
                className="input"
                type="date"
                value={filters.from}
                onChange={(e) => controls.setFrom(e.target.value)}
              />
            </div>
            <div className="field">
              <label htmlFor={`${id}-to`}>Fecha de fin</label>
              <input
                id={`${id}-to`}
                className="input"
                type="date"
                min={filters.from || undefined}
                value={filters.to}
                onChange={(e) => controls.setTo(e.target.value)}
              />
            </div>
          </>
        ) : null}
        <div className="filters-end">
          <label className="checkbox">
            <input
              type="checkbox"
              checked={filters.upcoming}
              onChange={(e) => controls.setUpcoming(e.target.checked)}
            />
            Solo próximos festivales
          </label>
          {active ? (
            <button type="button" className="btn btn-ghost btn-sm" onClick={controls.clear}>
              Limpiar filtros
            </button>
          ) : null}
          {actions}
        </div>
      </div>
    </form>
  );
}

interface SearchFieldProps {
  id: string;
  /** The search in the address (shown in the box when it changes from elsewhere). */
  applied: string;
  initial: string;
  onSearch: (text: string) => boolean;
  ask?: (text: string) => Promise<unknown>;
}

/** The search box, a component of its own: a key typed draws it alone (useSearchText). */
const SearchField = memo(function SearchField({ id, applied, initial, onSearch, ask }: SearchFieldProps) {
  const [typed, type] = useSearchText(applied, initial, onSearch, ask);
  return (
    <div className="field filters-search">
      <label htmlFor={id}>Buscar</label>
      <div className="input-icon">
        <SearchIcon className="icon" />
        <input
          id={id}
          className="input"
          type="search"
          placeholder="Artista, festival o ciudad"
          autoComplete="off"
          value={typed}
          onChange={(e) => type(e.target.value)}
        />
      </div>
    </div>
  );
});
