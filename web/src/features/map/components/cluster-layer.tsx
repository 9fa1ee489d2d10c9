import { useEffect, useRef, type RefObject } from 'react';
import { useMap } from 'react-leaflet';
import { formatDateRange } from '#core/dates';
import { CLUSTER_RADIUS, type Located } from '#core/map';
import { paths } from '../../../config/paths';
import { festivalIcon, L } from '../../../lib/leaflet';
import 'leaflet.markercluster';
import 'leaflet.markercluster/dist/MarkerCluster.css';
import type { Festival } from '#core/response-schemas';

export type MapFestival = Located<Festival>;

export interface ClusterLayerHandle {
  /** Zooms until the festival's marker is out of its cluster, then opens its popup. */
  reveal: (id: number) => void;
}

interface ClusterLayerProps {
  festivals: MapFestival[];
  onReady?: () => void;
  handleRef?: RefObject<ClusterLayerHandle | null>;
}

/** Popup content built with DOM text nodes (festival texts are user input; nothing is parsed as HTML). */
function popupContent(f: MapFestival): HTMLElement {
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
  if (f.genres?.length) line('map-popup-genres', f.genres.slice(0, 3).join(' · '));
  const link = document.createElement('a');
  link.className = 'map-popup-link';
  link.href = paths.festival(f.id, f.name);
  link.dataset.spaLink = '';
  link.textContent = 'Ver festival →';
  root.append(link);
  return root;
}

function clusterIcon(cluster: L.MarkerCluster): L.DivIcon {
  const count = cluster.getChildCount();
  const size = count < 10 ? 'small' : count < 100 ? 'medium' : 'large';
  return L.divIcon({
    html: `<span>${count}</span>`,
    className: `festival-cluster festival-cluster-${size}`,
    iconSize: L.point(44, 44),
  });
}

/**
 * Every festival as a marker in one Leaflet.markercluster group (radius 50). Markers are
 * created imperatively and added with chunkedLoading, so 5,000 festivals never become 5,000 React
 * components and the page stays responsive while they load. Popups are built on first open.
 */
export function ClusterLayer({ festivals, onReady, handleRef }: ClusterLayerProps) {
  const map = useMap();
  const groupRef = useRef<L.MarkerClusterGroup | null>(null);
  const markers = useRef(new Map<number, L.Marker>());
  const readyRef = useRef(onReady);
  readyRef.current = onReady;

  useEffect(() => {
    const reducedMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    const group = L.markerClusterGroup({
      maxClusterRadius: CLUSTER_RADIUS,
      animate: !reducedMotion,
      // Big chunks with short pauses: fewer yields to wait on when the machine is busy, still no
      // frozen page (bench/web-map.ts).
      chunkedLoading: true,
      chunkInterval: 200,
      chunkDelay: 8,
      showCoverageOnHover: false,
      spiderfyOnMaxZoom: true,
      removeOutsideVisibleBounds: true,
      iconCreateFunction: clusterIcon,
    });
    groupRef.current = group;
    map.addLayer(group);
    return () => {
      map.removeLayer(group);
      groupRef.current = null;
    };
  }, [map]);

  useEffect(() => {
    const group = groupRef.current;
    if (!group) return;
    const cache = markers.current;
    const list: L.Marker[] = [];
    for (const f of festivals) {
      let marker = cache.get(f.id);
      if (!marker) {
        marker = L.marker([f.latitude, f.longitude], { icon: festivalIcon, alt: f.name, title: f.name, keyboard: true });
        marker.bindPopup(() => popupContent(f), { maxWidth: 260, minWidth: 200 });
        cache.set(f.id, marker);
      }
      list.push(marker);
    }
    group.clearLayers();
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      readyRef.current?.();
    };
    if (list.length === 0) {
      finish();
      return;
    }
    // addLayers reads chunkProgress when called and reports after every chunk, the last one included.
    (group.options as L.MarkerClusterGroupOptions).chunkProgress = (processed: number, total: number) => {
      if (processed >= total) finish();
    };
    group.addLayers(list);
  }, [festivals]);

  useEffect(() => {
    if (!handleRef) return;
    handleRef.current = {
      reveal: (id) => {
        const marker = markers.current.get(id);
        const group = groupRef.current;
        if (!marker || !group || !group.hasLayer(marker)) return;
        group.zoomToShowLayer(marker, () => marker.openPopup());
      },
    };
    return () => {
      handleRef.current = null;
    };
  }, [handleRef]);

  return null;
}
