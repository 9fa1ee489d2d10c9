import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState, type MouseEvent } from 'react';
import type { Map as LeafletMap } from 'leaflet';
import { useNavigate } from 'react-router-dom';
import { SearchIcon } from 'lucide-react';
import { DEFAULT_MAP_ZOOM, hasCoordinates, mapCenter, searchMapFestivals, SEARCH_RESULT_ZOOM } from '#core/map';
import { useFestivals } from '../../../lib/catalog';
import type { ClusterLayerHandle, MapFestival } from './cluster-layer';
import { FestivalMap } from './festival-map';
import './map.css';

const RESULT_PREVIEW = 5;

/** /map: every located festival, clustered, with an accent-insensitive search. */
export function MapPage() {
  const { festivals, loading, error } = useFestivals();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const [debounced, setDebounced] = useState('');
  const [ready, setReady] = useState(false);
  const mapRef = useRef<LeafletMap | null>(null);
  const clusterRef = useRef<ClusterLayerHandle | null>(null);

  useEffect(() => {
    const next = deferredQuery.trim();
    if (next === debounced) return;
    const timer = window.setTimeout(() => setDebounced(next), 250);
    return () => window.clearTimeout(timer);
  }, [deferredQuery, debounced]);

  const located = useMemo(() => festivals.filter(hasCoordinates) as MapFestival[], [festivals]);
  const center = useMemo(() => mapCenter(festivals), [festivals]);
  const results = useMemo(() => (debounced ? searchMapFestivals(festivals, debounced) : null), [festivals, debounced]);
  const shown = useMemo(() => (results ? (results.filter(hasCoordinates) as MapFestival[]) : located), [results, located]);

  // With search results, zoom 10 on the first result with coordinates; cleared, back to the start.
  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    if (results === null) {
      map.setView(center, DEFAULT_MAP_ZOOM);
      return;
    }
    const first = results.find(hasCoordinates);
    if (first) map.setView([first.latitude, first.longitude], SEARCH_RESULT_ZOOM);
  }, [results, center]);

  const onReady = useCallback(() => {
    setReady(true);
    // For bench/web-map.ts: every marker clustered, then the frame that drew them.
    performance.mark('festivales:map-ready');
    requestAnimationFrame(() => setTimeout(() => performance.mark('festivales:map-drawn'), 0));
  }, []);

  // Popups are plain DOM: their links go through the router instead of reloading the page.
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const link = (event.target as HTMLElement).closest<HTMLAnchorElement>('a[data-spa-link]');
    if (!link || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    navigate(link.getAttribute('href')!);
  };

  const withoutCoordinates = festivals.length - located.length;
  const status = loading
    ? 'Cargando festivales...'
    : results === null
      ? `${located.length} ${located.length === 1 ? 'festival' : 'festivales'} en el mapa`
      : results.length === 0
        ? `No se encontraron festivales para «${debounced}».`
        : `${results.length} ${results.length === 1 ? 'resultado' : 'resultados'} para «${debounced}»${
            shown.length < results.length ? ` (${shown.length} con ubicación en el mapa)` : ''
          }`;

  return (
    <div className="page map-page">
      <div className="container">
        <div className="map-header">
          <div>
            <h1 className="page-title">
              Mapa de <span className="gradient-text">festivales</span>
            </h1>
            <p className="muted map-status" role="status" aria-live="polite">
              {error ? '' : status}
            </p>
          </div>
          <form className="map-search" role="search" onSubmit={(e) => e.preventDefault()}>
            <label htmlFor="map-search-input" className="visually-hidden">
              Buscar en el mapa
            </label>
            <SearchIcon className="map-search-icon" size={18} />
            <input
              id="map-search-input"
              className="input"
              type="search"
              placeholder="Nombre, ciudad, género…"
              autoComplete="off"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
            />
          </form>
        </div>

        {results && results.length > 0 && (
          <ul className="map-results" aria-label="Resultados de la búsqueda">
            {results.slice(0, RESULT_PREVIEW).map((f) => (
              <li key={f.id}>
                {hasCoordinates(f) ? (
                  <button type="button" className="map-result" onClick={() => clusterRef.current?.reveal(f.id)}>
                    <strong>{f.name}</strong>
                    {f.location && <span>{f.location}</span>}
                  </button>
                ) : (
                  <span className="map-result map-result-off">
                    <strong>{f.name}</strong>
                    <span>Sin ubicación en el mapa</span>
                  </span>
                )}
              </li>
            ))}
            {results.length > RESULT_PREVIEW && <li className="map-results-more muted">y {results.length - RESULT_PREVIEW} más en el mapa</li>}
          </ul>
        )}

        <div className="map-frame card" data-map-ready={ready ? 'true' : 'false'} onClick={onClick}>
          {error ? (
            <div className="map-overlay" role="alert">
              <p>No se pudieron cargar los festivales</p>
              <button type="button" className="btn btn-sm" onClick={() => window.location.reload()}>
                Reintentar
              </button>
            </div>
          ) : (
            <>
              <FestivalMap festivals={loading ? null : shown} center={center} zoom={DEFAULT_MAP_ZOOM} mapRef={mapRef} clusterRef={clusterRef} onReady={onReady} />
              {loading && (
                <div className="map-overlay" aria-hidden="true">
                  <span className="map-spinner" />
                </div>
              )}
            </>
          )}
        </div>
        {!loading && !error && withoutCoordinates > 0 && results === null && (
          <p className="muted map-footnote">
            {withoutCoordinates === 1
              ? '1 festival aún no tiene ubicación y no aparece en el mapa.'
              : `${withoutCoordinates} festivales aún no tienen ubicación y no aparecen en el mapa.`}
          </p>
        )}
      </div>
    </div>
  );
}
