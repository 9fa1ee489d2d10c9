import {
  useCallback,
  useDeferredValue,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type MouseEvent,
} from 'react';
import type { Map as LeafletMap } from 'leaflet';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { MinusIcon, PlusIcon } from 'lucide-react';
import { circleBounds, DEFAULT_MAP_CENTER, DEFAULT_MAP_ZOOM, MAP_RESULTS_SHOWN, SEARCH_RESULT_ZOOM } from '#core/map';
import type { MapView } from '#core/map-markers';
import { fetchMapView, mapViewAnswered } from '../api/map-views';
import { nearFromParams } from '../../../lib/near-place';
import { removeBootMap } from '../../../lib/boot-map';
import { FestivalMap, type MapViewport } from './festival-map';
import { MapPreview } from './map-preview';
import { MAP_LOADING_STATUS, MapHeading, MapLayout, mapFrameClass } from './map-heading';
import type { MarkersLayerHandle } from './markers-layer';
import './map.css';

/** A place without a radius: a regional view around it. */
const NEAR_ZOOM = 8;

/**
 * /map: the festivals of the area shown, clustered by the server for the zoom (GET
 * /api/festivals/map), asked again as the map moves; an accent-insensitive search over the whole
 * catalogue zooms to its first result.
 */
export function MapPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const near = useMemo(() => nearFromParams(params), [params]);
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const [debounced, setDebounced] = useState('');
  const [viewport, setViewport] = useState<MapViewport | null>(null);
  /** The latest answer and the search it answers (the one shown may lag behind the one typed). */
  // The first view is usually answered by the time this renders (index.html asked for it with the
  // code): the map's frame and first tiles are then drawn in the first render, with no spinner.
  const [answer, setAnswer] = useState<{ view: MapView; search: string } | null>(() => {
    const first = mapViewAnswered({ zoom: DEFAULT_MAP_ZOOM });
    return first ? { view: first, search: '' } : null;
  });
  const view = answer?.view ?? null;
  const haveView = view !== null;
  const [error, setError] = useState(false);
  const [ready, setReady] = useState(false);
  /** Leaflet's first tiles are in: with its markers drawn, the plain copy under them can go. */
  const [tilesIn, setTilesIn] = useState(false);
  // Leaflet is created in a task of its own, after the page around it is painted: building the map
  // (its size read from the layout, the first tiles) in the same task as the page made one long
  // task of both on a phone.
  const [mapStarted, setMapStarted] = useState(false);
  useEffect(() => {
    let timer = 0;
    const frame = requestAnimationFrame(() => (timer = window.setTimeout(() => setMapStarted(true))));
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, []);
  const mapRef = useRef<LeafletMap | null>(null);
  const markersRef = useRef<MarkersLayerHandle | null>(null);
  /**
   * The search the map last zoomed for: a later answer for the same search (after a move) must not
   * move it again. '' is the starting view, where the map is created (once the first answer gives
   * the centre).
   */
  const zoomedFor = useRef('');

  useEffect(() => {
    const next = deferredQuery.trim();
    if (next === debounced) return;
    const timer = window.setTimeout(() => setDebounced(next), 250);
    return () => window.clearTimeout(timer);
  }, [deferredQuery, debounced]);

  // The answer for the area shown and the search; the previous markers stay until it arrives, and
  // an answer for a view already left is dropped.
  useEffect(() => {
    let current = true;
    // At the starting zoom, the whole world (the request the route module already started): that
    // one answer serves every move at that zoom, and the markers layer draws the part in view.
    // At other zooms, the area shown.
    const request =
      viewport && haveView && viewport.zoom !== DEFAULT_MAP_ZOOM
        ? { zoom: viewport.zoom, bounds: viewport.bounds, search: debounced }
        : { zoom: DEFAULT_MAP_ZOOM, search: debounced };
    fetchMapView(request).then(
      (next) => {
        if (!current) return;
        setAnswer((shown) =>
          shown?.view === next && shown.search === debounced ? shown : { view: next, search: debounced },
        );
        setError(false);
      },
      () => {
        if (current) setError(true);
      },
    );
    return () => {
      current = false;
    };
  }, [viewport, debounced, haveView]);

  const [centerLat, centerLon] = view?.center ?? DEFAULT_MAP_CENTER;
  const center = useMemo((): [number, number] => [centerLat, centerLon], [centerLat, centerLon]);
  const results = debounced && answer?.search === debounced ? answer.view.results : null;

  // The map opens on the starting view: the place's circle filling it when coming from the home's
  // 'Cerca de', else the catalogue's centre.
  const start = useMemo(
    () =>
      near?.radiusKm
        ? { bounds: circleBounds(near.lat, near.lon, near.radiusKm) }
        : near
          ? { center: [near.lat, near.lon] as [number, number], zoom: NEAR_ZOOM }
          : { center, zoom: DEFAULT_MAP_ZOOM },
    [near, center],
  );

  // With search results, zoom 10 on the first result with coordinates; cleared, back to the start.
  useEffect(() => {
    const map = mapRef.current;
    if (!map || !view) return;
    if (!debounced) {
      if (zoomedFor.current !== '') {
        if (start.bounds) map.fitBounds(start.bounds);
        else map.setView(start.center, start.zoom);
      }
      zoomedFor.current = '';
      return;
    }
    if (!results || zoomedFor.current === debounced) return;
    zoomedFor.current = debounced;
    const first = results.items.find((r) => r.lat !== null && r.lon !== null);
    if (first) map.setView([first.lat!, first.lon!], SEARCH_RESULT_ZOOM);
  }, [view, results, debounced, start]);

  const onReady = useCallback(() => {
    if (ready) return;
    setReady(true);
    // For bench/web-map.ts: the first markers drawn, then the frame that shows them.
    performance.mark('festivales:map-ready');
    requestAnimationFrame(() => setTimeout(() => performance.mark('festivales:map-drawn'), 0));
  }, [ready]);

  // Popups are plain DOM: their links go through the router instead of reloading the page.
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const link = (event.target as HTMLElement).closest<HTMLAnchorElement>('a[data-spa-link]');
    if (!link || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    navigate(link.getAttribute('href')!);
  };

  const onTilesIn = useCallback(() => setTilesIn(true), []);
  // index.html's copy of this screen goes once this one shows the map (or why it cannot), in the
  // same frame: the two are laid out alike.
  useLayoutEffect(() => {
    if (view || error) removeBootMap();
  }, [view, error]);
  useEffect(() => removeBootMap, []);
  // The first tiles and markers as plain images until Leaflet's are in, when the map opens on a
  // centre and zoom (fitting a place's circle, the zoom is Leaflet's to work out).
  const preview =
    view && !(tilesIn && ready) && start.center && start.zoom !== undefined
      ? { center: start.center, zoom: start.zoom, markers: view.markers }
      : null;

  const loading = view === null;
  // The search's answer counts are those of the search asked, not of an earlier one still shown.
  const searching = answer !== null && answer.search !== debounced;
  const status =
    loading || searching
      ? MAP_LOADING_STATUS
      : results === null
        ? `${view.located} ${view.located === 1 ? 'festival' : 'festivales'} en el mapa`
        : results.total === 0
          ? `No se encontraron festivales para «${debounced}».`
          : `${results.total} ${results.total === 1 ? 'resultado' : 'resultados'} para «${debounced}»${
              view.located < results.total ? ` (${view.located} con ubicación en el mapa)` : ''
            }`;

  return (
    <MapLayout>
      <MapHeading status={error && loading ? '' : status} query={query} onQuery={setQuery} />
      {results && results.items.length > 0 && (
        <ul className="map-results" aria-label="Resultados de la búsqueda">
          {results.items.map((f) => (
            <li key={f.id}>
              {f.lat !== null && f.lon !== null && f.zoom !== null ? (
                <button
                  type="button"
                  className="map-result"
                  onClick={() => markersRef.current?.reveal({ id: f.id, lat: f.lat!, lon: f.lon!, zoom: f.zoom! })}
                >
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
          {results.total > MAP_RESULTS_SHOWN && (
            <li className="map-results-more muted">y {results.total - MAP_RESULTS_SHOWN} más en el mapa</li>
          )}
        </ul>
      )}

      <div className={mapFrameClass(Boolean(preview))} data-map-ready={ready ? 'true' : 'false'} onClick={onClick}>
        {error && loading ? (
          <div className="map-overlay" role="alert">
            <p>No se pudieron cargar los festivales</p>
            <button type="button" className="btn btn-sm" onClick={() => window.location.reload()}>
              Reintentar
            </button>
          </div>
        ) : (
          <>
            {preview && <MapPreview center={preview.center} zoom={preview.zoom} markers={preview.markers} />}
            {view && mapStarted && (
              <FestivalMap
                markers={view.markers}
                start={start}
                mapRef={mapRef}
                markersRef={markersRef}
                onReady={onReady}
                onViewport={setViewport}
                onTilesIn={onTilesIn}
                near={near}
              />
            )}
            {loading && (
              <div className="map-overlay" aria-hidden="true">
                <span className="map-spinner" />
              </div>
            )}
          </>
        )}
      </div>
      {/* Zoom buttons and the tiles' credit sit below the map, not over it: nothing covers a
            marker near the map's corners, so every marker keeps a whole touch target. */}
      <div className="map-toolbar">
        <div className="map-zoom" role="group" aria-label="Zoom del mapa">
          <button
            type="button"
            className="btn btn-sm btn-icon"
            aria-label="Acercar"
            title="Acercar"
            onClick={() => mapRef.current?.zoomIn()}
          >
            <PlusIcon className="icon" aria-hidden="true" />
          </button>
          <button
            type="button"
            className="btn btn-sm btn-icon"
            aria-label="Alejar"
            title="Alejar"
            onClick={() => mapRef.current?.zoomOut()}
          >
            <MinusIcon className="icon" aria-hidden="true" />
          </button>
        </div>
        <p className="map-credit muted small">
          <a href="https://leafletjs.com" target="_blank" rel="noopener noreferrer">
            Leaflet
          </a>{' '}
          | ©{' '}
          <a href="https://www.openstreetmap.org/copyright" target="_blank" rel="noopener noreferrer">
            OpenStreetMap
          </a>
        </p>
      </div>
      {view && !searching && !debounced && view.withoutCoordinates > 0 && (
        <p className="muted map-footnote">
          {view.withoutCoordinates === 1
            ? '1 festival aún no tiene ubicación y no aparece en el mapa.'
            : `${view.withoutCoordinates} festivales aún no tienen ubicación y no aparecen en el mapa.`}
        </p>
      )}
    </MapLayout>
  );
}
