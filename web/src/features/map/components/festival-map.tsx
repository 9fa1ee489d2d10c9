import { useEffect, useMemo, type RefObject } from 'react';
import { Circle, CircleMarker, MapContainer, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import type { NearPlace } from '../../../lib/near-place';
import type { LatLngBoundsExpression, Map as LeafletMap } from 'leaflet';
import { osmTiles } from '../../../lib/leaflet';
import { MAP_MAX_ZOOM, MAP_MIN_ZOOM } from '#core/map';
import type { MapMarker } from '#core/map-markers';
import { MarkersLayer, type MarkersLayerHandle } from './markers-layer';

/** The area and zoom shown, as the map asks the server for them. */
export interface MapViewport {
  zoom: number;
  /** west, south, east, north, rounded out to the tiles of the zoom. */
  bounds: [number, number, number, number];
}

interface FestivalMapProps {
  markers: MapMarker[];
  /** Where the map opens: an area to fit, or a centre and zoom. */
  start: { bounds: LatLngBoundsExpression } | { center: [number, number]; zoom: number };
  mapRef: RefObject<LeafletMap | null>;
  markersRef: RefObject<MarkersLayerHandle | null>;
  onReady: () => void;
  onViewport: (viewport: MapViewport) => void;
  /** The tiles of the view shown are in (or failed): Leaflet's 'load'. */
  onTilesIn: () => void;
  /** 'Cerca de' from the home: the place and the circle of its radius. */
  near?: NearPlace | null;
}

/**
 * The area shown, rounded out to the tile grid of its zoom (one tile more on every side): small
 * moves ask the same question again, answered from the browser's cache or the edge, and markers
 * just outside the edge are already there when the map is dragged a little.
 */
function viewportOf(map: LeafletMap): MapViewport {
  const zoom = map.getZoom();
  const step = 360 / 2 ** zoom;
  const b = map.getBounds();
  const down = (v: number) => Math.floor(v / step - 1) * step;
  const up = (v: number) => Math.ceil(v / step + 1) * step;
  const clampLat = (v: number) => Math.max(-90, Math.min(90, v));
  return {
    zoom,
    bounds: [down(b.getWest()), clampLat(down(b.getSouth())), up(b.getEast()), clampLat(up(b.getNorth()))],
  };
}

function ViewportReporter({ onViewport }: { onViewport: (viewport: MapViewport) => void }) {
  const map = useMapEvents({ moveend: () => onViewport(viewportOf(map)) });
  useEffect(() => {
    onViewport(viewportOf(map));
  }, [map, onViewport]);
  return null;
}

/** Leaflet speaks English by default: Spanish names for what screen readers announce. */
function SpanishControls() {
  const map = useMap();
  useEffect(() => {
    const onOpen = (event: { popup: { getElement(): HTMLElement | undefined } }) => {
      const close = event.popup.getElement()?.querySelector('.leaflet-popup-close-button');
      close?.setAttribute('aria-label', 'Cerrar');
      close?.setAttribute('title', 'Cerrar');
    };
    map.on('popupopen', onOpen);
    // The zoom level as an attribute: tests and the benchmark read it without reaching into Leaflet.
    const onZoom = () => map.getContainer().setAttribute('data-zoom', String(map.getZoom()));
    onZoom();
    map.on('zoomend', onZoom);
    map
      .getContainer()
      .setAttribute('aria-label', 'Mapa de festivales. Usa las flechas para desplazarte y + o - para el zoom.');
    return () => {
      map.off('popupopen', onOpen);
      map.off('zoomend', onZoom);
    };
  }, [map]);
  return null;
}

// Street level is not needed to find a festival (the server clusters up to the same zoom).
const MIN_ZOOM = MAP_MIN_ZOOM;
const MAX_ZOOM = MAP_MAX_ZOOM;

export function FestivalMap({
  markers,
  start,
  mapRef,
  markersRef,
  onReady,
  onViewport,
  onTilesIn,
  near,
}: FestivalMapProps) {
  const tileEvents = useMemo(() => ({ load: onTilesIn }), [onTilesIn]);
  const reducedMotion =
    typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  return (
    <MapContainer
      ref={mapRef}
      {...start}
      minZoom={MIN_ZOOM}
      maxZoom={MAX_ZOOM}
      zoomAnimation={!reducedMotion}
      fadeAnimation={!reducedMotion}
      markerZoomAnimation={!reducedMotion}
      worldCopyJump
      zoomControl={false}
      attributionControl={false}
      className="festival-map"
      preferCanvas={false}
    >
      {/* No controls over the map: the page draws the zoom buttons and the tiles' credit below it. */}
      <TileLayer url={osmTiles.url} crossOrigin={osmTiles.crossOrigin} maxZoom={MAX_ZOOM} eventHandlers={tileEvents} />
      <SpanishControls />
      {near && (
        <>
          {near.radiusKm && (
            <Circle
              center={[near.lat, near.lon]}
              radius={near.radiusKm * 1000}
              pathOptions={{ color: '#00e5ff', weight: 2, fillOpacity: 0.06 }}
              interactive={false}
            />
          )}
          <CircleMarker
            center={[near.lat, near.lon]}
            radius={6}
            pathOptions={{ color: '#00e5ff', fillOpacity: 1 }}
            interactive={false}
          />
        </>
      )}
      <ViewportReporter onViewport={onViewport} />
      <MarkersLayer markers={markers} onReady={onReady} handleRef={markersRef} />
    </MapContainer>
  );
}
