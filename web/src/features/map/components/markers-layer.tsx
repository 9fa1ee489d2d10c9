import { useEffect, useRef, type RefObject } from 'react';
import { useMap } from 'react-leaflet';
import { formatDateRange } from '#core/dates';
import type { MapCluster, MapMarker, MapPoint } from '#core/map-markers';
import { paths } from '../../../config/paths';
import { festivalIcon, L } from '../../../lib/leaflet';

export interface MarkersLayerHandle {
  /** Moves the map to where the festival's marker stands alone, then opens its popup. */
  reveal: (target: { id: number; lat: number; lon: number; zoom: number }) => void;
}

interface MarkersLayerProps {
  /** The server's markers for the view shown (already clustered); null while the first answer loads. */
  markers: MapMarker[] | null;
  onReady?: () => void;
  handleRef?: RefObject<MarkersLayerHandle | null>;
}

/** Popup content built with DOM text nodes (festival texts are user input; nothing is parsed as HTML). */
function popupContent(f: MapPoint): HTMLElement {
  const root = document.createElement('div');
  root.className = 'map-popup';
  const title = document.createElement('a');
  title.className = 'map-popup-title';
  title.href = paths.festival(f.id, f.name);
  title.dataset.spaLink = '';
  title.textContent = f.name;
  root.append(title);
  const line = (cls: string, text: string) => {
    const p = document.createElement('p');
    p.className = cls;
    p.textContent = text;
    root.append(p);
  };
  if (f.location) line('map-popup-location', f.location);
  line('map-popup-dates', formatDateRange(f.start_date, f.end_date));
  if (f.genres.length) line('map-popup-genres', f.genres.join(' · '));
  const link = document.createElement('a');
  link.className = 'map-popup-link';
  link.href = paths.festival(f.id, f.name);
  link.dataset.spaLink = '';
  link.textContent = 'Ver festival →';
  root.append(link);
  return root;
}

function clusterIcon(count: number): L.DivIcon {
  const size = count < 10 ? 'small' : count < 100 ? 'medium' : 'large';
  return L.divIcon({
    html: `<span>${count}</span>`,
    className: `festival-cluster festival-cluster-${size}`,
    iconSize: L.point(32, 32),
  });
}

/**
 * The markers the server clustered for the area and zoom shown (GET /api/festivals/map), drawn
 * in one layer group: a numbered marker per cluster, which zooms to where it splits when chosen,
 * and Leaflet's marker per festival with its popup, built on first open. Festival markers are
 * kept by id, so moving the map only swaps the clusters. All are keyboard-reachable.
 */
export function MarkersLayer({ markers, onReady, handleRef }: MarkersLayerProps) {
  const map = useMap();
  const groupRef = useRef<L.LayerGroup | null>(null);
  const festivals = useRef(new Map<number, L.Marker>());
  const pending = useRef<number | null>(null);
  const readyRef = useRef(onReady);
  readyRef.current = onReady;

  useEffect(() => {
    const group = L.layerGroup();
    groupRef.current = group;
    map.addLayer(group);
    return () => {
      map.removeLayer(group);
      groupRef.current = null;
    };
  }, [map]);

  useEffect(() => {
    const group = groupRef.current;
    if (!group || !markers) return;
    const reducedMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    const cache = festivals.current;
    const wanted = new Set<L.Layer>();
    for (const m of markers) {
      if (m.type === 'festival') {
        let marker = cache.get(m.id);
        if (!marker) {
          marker = L.marker([m.lat, m.lon], { icon: festivalIcon, alt: m.name, title: m.name, keyboard: true });
          marker.bindPopup(() => popupContent(m), { maxWidth: 260, minWidth: 200 });
          cache.set(m.id, marker);
        }
        wanted.add(marker);
      } else {
        const cluster: MapCluster = m;
        const label = `${cluster.count} festivales: acercar`;
        const marker = L.marker([cluster.lat, cluster.lon], { icon: clusterIcon(cluster.count), title: label, alt: label, keyboard: true });
        const open = () => map.setView([cluster.lat, cluster.lon], cluster.zoom, { animate: !reducedMotion });
        marker.on('click', open);
        // A button for screen readers and the keyboard: Leaflet names and opens only image markers.
        marker.on('add', () => {
          const element = marker.getElement();
          if (!element) return;
          element.setAttribute('role', 'button');
          element.setAttribute('aria-label', label);
          element.addEventListener('keydown', (event) => {
            if (event.key !== 'Enter' && event.key !== ' ') return;
            event.preventDefault();
            open();
          });
        });
        wanted.add(marker);
      }
    }
    group.eachLayer((layer) => {
      if (!wanted.has(layer)) group.removeLayer(layer);
    });
    for (const layer of wanted) if (!group.hasLayer(layer)) group.addLayer(layer);
    if (pending.current !== null) {
      const marker = cache.get(pending.current);
      if (marker && group.hasLayer(marker)) {
        pending.current = null;
        marker.openPopup();
      }
    }
    readyRef.current?.();
  }, [markers, map]);

  useEffect(() => {
    if (!handleRef) return;
    handleRef.current = {
      reveal: ({ id, lat, lon, zoom }) => {
        const marker = festivals.current.get(id);
        if (marker && groupRef.current?.hasLayer(marker) && map.getZoom() >= zoom) {
          marker.openPopup();
          return;
        }
        pending.current = id;
        map.setView([lat, lon], Math.max(zoom, map.getZoom()));
      },
    };
    return () => {
      handleRef.current = null;
    };
  }, [handleRef, map]);

  return null;
}
