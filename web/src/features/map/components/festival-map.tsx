import { useEffect, type RefObject } from 'react';
import { AttributionControl, MapContainer, TileLayer, ZoomControl, useMap } from 'react-leaflet';
import type { Map as LeafletMap } from 'leaflet';
import { osmTiles } from '../../../lib/leaflet';
import { ClusterLayer, type ClusterLayerHandle, type MapFestival } from './cluster-layer';

interface FestivalMapProps {
  /** null while the list loads: no markers, no ready signal. */
  festivals: MapFestival[] | null;
  center: [number, number];
  zoom: number;
  mapRef: RefObject<LeafletMap | null>;
  clusterRef: RefObject<ClusterLayerHandle | null>;
  onReady: () => void;
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
    map.getContainer().setAttribute('aria-label', 'Mapa de festivales. Usa las flechas para desplazarte y + o - para el zoom.');
    return () => {
      map.off('popupopen', onOpen);
      map.off('zoomend', onZoom);
    };
  }, [map]);
  return null;
}

// Street level is not needed to find a festival, and every zoom level is one more level of
// clusters to compute for thousands of markers (bench/web-map.ts).
const MIN_ZOOM = 3;
const MAX_ZOOM = 16;

export function FestivalMap({ festivals, center, zoom, mapRef, clusterRef, onReady }: FestivalMapProps) {
  const reducedMotion = typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  return (
    <MapContainer
      ref={mapRef}
      center={center}
      zoom={zoom}
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
      <TileLayer url={osmTiles.url} crossOrigin={osmTiles.crossOrigin} attribution={osmTiles.attribution} maxZoom={MAX_ZOOM} />
      <ZoomControl position="topright" zoomInTitle="Acercar" zoomOutTitle="Alejar" />
      <AttributionControl position="bottomright" prefix={'<a href="https://leafletjs.com">Leaflet</a>'} />
      <SpanishControls />
      {festivals && <ClusterLayer festivals={festivals} onReady={onReady} handleRef={clusterRef} />}
    </MapContainer>
  );
}
