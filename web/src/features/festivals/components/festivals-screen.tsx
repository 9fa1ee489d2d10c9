import { useCallback, useEffect, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { LayoutGridIcon, ListIcon, MapIcon, SearchIcon } from 'lucide-react';
import { ApiError } from '../../../lib/api-client';
import { fetchFestivalPage, festivalPageUrl, UnexpectedCatalogResponse } from '../api/festival-pages';
import { FestivalGridSkeleton } from '../../../components/festival-card/festival-card-skeleton';
import { useToast } from '../../../components/toast/toast-provider';
import { paths } from '../../../config/paths';
import { hasActiveFilters, useFestivalFilters, type Filters } from '../hooks/use-festival-filters';
import { nearSearch } from '../../../lib/near-place';
import { useFestivalPages } from '../hooks/use-festival-pages';
import { FestivalFiltersBar } from './festival-filters';
import { CatalogLoadError } from './catalog-load-error';
import { FestivalGrid } from './festival-grid';

/** What the list says when the catalogue cannot be read. */
function loadErrorToast(error: Error): string {
  if (error instanceof UnexpectedCatalogResponse || (error instanceof ApiError && error.status > 0)) {
    return `Error al cargar festivales: ${error.message}`;
  }
  return 'Error al cargar festivales';
}

interface Props {
  /** Actions of other features on the current filters ('Crear alerta'), shown in the filters bar when some filter is set. */
  renderFilterActions?: (filters: Filters) => ReactNode;
  /** 'Para ti' (another feature's), between the heading and the filters. */
  renderPicks?: () => ReactNode;
}

/** The home. */
export function FestivalsScreen({ renderFilterActions, renderPicks }: Props = {}) {
  const toast = useToast();
  const controls = useFestivalFilters();
  const { applied, view } = controls;
  const urlOf = useCallback((offset: number) => festivalPageUrl(applied, offset), [applied]);
  const { items, total, genres, loading, refreshing, error, reload, hasMore, loadingMore, loadMore } =
    useFestivalPages(urlOf);

  // What is typed is asked for in the key's own handler, and shown as soon as its answer is here if
  // the box still holds it; the search's debounce applies it anyway once typing pauses (the cards
  // shown then wait for the answer, marked as refreshing). One request a key: a quick typist's
  // 'barcelona' is nine, each a small page of cards, cached for the visit.
  const ask = useCallback(
    (text: string) => fetchFestivalPage(festivalPageUrl({ ...applied, search: text })),
    [applied],
  );

  useEffect(() => {
    if (error) toast(loadErrorToast(error), 'error');
  }, [error, toast]);

  const active = hasActiveFilters(applied);
  const count = total;
  const countText = `${count} ${count === 1 ? 'festival encontrado' : 'festivales encontrados'}${active ? ' con los filtros aplicados' : ''}`;

  return (
    <div className="page home">
      <div className="container">
        <section className="home-hero" aria-labelledby="home-title">
          <p className="eyebrow">Música electrónica · Europa</p>
          <h1 id="home-title" className="page-title">
            Encuentra tu próximo <span className="gradient-text">festival</span>
          </h1>
          <p className="home-lead">
            Techno, house, trance y mucho más: fechas, ubicaciones y opiniones de los festivales electrónicos más
            importantes del continente.
          </p>
        </section>

        {renderPicks?.()}

        <FestivalFiltersBar
          controls={controls}
          ask={ask}
          genres={genres}
          actions={active ? renderFilterActions?.(applied) : null}
        />

        <div className="results-bar">
          <p className="results-count" role="status" aria-live="polite" aria-atomic="true">
            {loading ? 'Cargando festivales...' : error ? '' : countText}
          </p>
          <div className="results-tools">
            <div className="view-toggle" role="group" aria-label="Vista">
              <button
                type="button"
                className="btn btn-icon btn-ghost"
                aria-pressed={view === 'grid'}
                aria-label="Vista en cuadrícula"
                title="Vista en cuadrícula"
                onClick={() => controls.setView('grid')}
              >
                <LayoutGridIcon className="icon" />
              </button>
              <button
                type="button"
                className="btn btn-icon btn-ghost"
                aria-pressed={view === 'list'}
                aria-label="Vista en lista"
                title="Vista en lista"
                onClick={() => controls.setView('list')}
              >
                <ListIcon className="icon" />
              </button>
            </div>
            <Link to={paths.map() + nearSearch(applied.near)} className="btn btn-outline-accent btn-sm">
              <MapIcon className="icon" /> Ver mapa
            </Link>
          </div>
        </div>

        {loading ? (
          <FestivalGridSkeleton />
        ) : error ? (
          <CatalogLoadError onRetry={reload} />
        ) : count === 0 ? (
          <div className="empty-state">
            <SearchIcon className="icon" />
            {active ? (
              <>
                <p>No se encontraron festivales que coincidan con los filtros aplicados.</p>
                <button type="button" className="btn btn-primary" onClick={controls.clear}>
                  Limpiar filtros
                </button>
              </>
            ) : (
              <p>No se encontraron festivales.</p>
            )}
          </div>
        ) : (
          <>
            <h2 className="visually-hidden">Resultados</h2>
            <div aria-busy={refreshing} className={refreshing ? 'results is-refreshing' : 'results'}>
              <FestivalGrid festivals={items} list={view === 'list'} />
            </div>
            {hasMore ? (
              <div className="load-more">
                <button type="button" className="btn" disabled={loadingMore} onClick={loadMore}>
                  Mostrar más festivales ({count - items.length} restantes)
                </button>
              </div>
            ) : null}
          </>
        )}
      </div>
    </div>
  );
}
