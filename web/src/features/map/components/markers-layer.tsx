import { useEffect, useRef, type RefObject } from 'react';
import { useMap } from 'react-leaflet';
import { formatDateRange } from '#core/dates';
import { CLUSTER_ICON_SIZE, clusterSize } from '#core/map';
import type { MapCluster, MapMarker, MapPoint } from '#core/map-markers';
import { paths } from '../../../config/paths';
import { festivalIcon, L } from '../../../lib/leaflet';
import { useLatest } from '../../../lib/use-latest';

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

/** The count as a DOM node: no HTML parsed for each of the dozens of cluster icons drawn at once. */
function clusterIcon(count: number): L.DivIcon {
  const label = document.createElement('span');
  label.textContent = String(count);
  return L.divIcon({
    html: label,
    className: `festival-cluster festival-cluster-${clusterSize(count)}`,
    iconSize: L.point(CLUSTER_ICON_SIZE, CLUSTER_ICON_SIZE),
  });
}

/** A numbered marker that zooms to where its cluster splits; a button for screen readers and the keyboard. */
function clusterMarker(map: L.Map, cluster: MapCluster): L.Marker {
  const label = `${cluster.count} festivales: acercar`;
  const marker = L.marker([cluster.lat, cluster.lon], {
    icon: clusterIcon(cluster.count),
    title: label,
    alt: label,
    keyboard: true,
  });
  const open = () =>
    map.setView([cluster.lat, cluster.lon], cluster.zoom, {
      animate: !(window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false),
    });
  marker.on('click', open);
  // Leaflet names and opens only image markers.
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
  return marker;
}

/** A cluster is the same marker while its place, count and split zoom are (answers for nearby views repeat most of them). */
const clusterKey = (c: MapCluster) => `${c.id}:${c.count}:${c.zoom}:${c.lat}:${c.lon}`;

/**
 * The markers the server clustered for the area and zoom shown (GET /api/festivals/map), drawn
 * in one layer group: a numbered marker per cluster, which zooms to where it splits when chosen,
 * and Leaflet's marker per festival with its popup, built on first open. All are keyboard-reachable.
 *
 * Only the markers on the screen or half a screen around it are in the page: an answer for the
 * whole world at the starting zoom holds a hundred clusters, and a phone shows a fifth of them.
 * Markers are kept (festivals by id, clusters by place and count), so a new answer or a move adds
 * and removes only what changed.
 */
export function MarkersLayer({ markers, onReady, handleRef }: MarkersLayerProps) {
  const map = useMap();
  const groupRef = useRef<L.LayerGroup | null>(null);
  const festivals = useRef(new Map<number, L.Marker>());
  const clusters = useRef(new Map<string, L.Marker>());
  const pending = useRef<number | null>(null);
  const readyRef = useLatest(onReady);

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
    if (!markers) return;
    // Clusters of earlier answers that this one no longer has are let go.
    const keys = new Set(markers.map((m) => (m.type === 'cluster' ? clusterKey(m) : '')));
    for (const key of clusters.current.keys()) if (!keys.has(key)) clusters.current.delete(key);

    const draw = () => {
      const group = groupRef.current;
      if (!group) return;
      const area = map.getBounds().pad(0.5);
      const wanted = new Set<L.Layer>();
      for (const m of markers) {
        if (!area.contains([m.lat, m.lon])) continue;
        if (m.type === 'festival') {
          let marker = festivals.current.get(m.id);
          if (!marker) {
            marker = L.marker([m.lat, m.lon], { icon: festivalIcon, alt: m.name, title: m.name, keyboard: true });
            marker.bindPopup(() => popupContent(m), { maxWidth: 260, minWidth: 200 });
            festivals.current.set(m.id, marker);
          }
          wanted.add(marker);
        } else {
          const key = clusterKey(m);
          let marker = clusters.current.get(key);
          if (!marker) clusters.current.set(key, (marker = clusterMarker(map, m)));
          wanted.add(marker);
        }
      }
      group.eachLayer((layer) => {
        if (!wanted.has(layer)) group.removeLayer(layer);
      });
      for (const layer of wanted) if (!group.hasLayer(layer)) group.addLayer(layer);
      if (pending.current !== null) {
        const marker = festivals.current.get(pending.current);
        if (marker && group.hasLayer(marker)) {
          pending.current = null;
          marker.openPopup();
        }
      }
    };
    draw();
    readyRef.current?.();
    map.on('moveend', draw);
    return () => {
      map.off('moveend', draw);
    };
  }, [markers, map, readyRef]);

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
