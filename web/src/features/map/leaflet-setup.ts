import L from 'leaflet';
import iconRetinaUrl from 'leaflet/dist/images/marker-icon-2x.png';
import iconUrl from 'leaflet/dist/images/marker-icon.png';
import shadowUrl from 'leaflet/dist/images/marker-shadow.png';
import 'leaflet/dist/leaflet.css';

// leaflet.markercluster is a UMD plugin that extends the global `L`; this module runs before it
// (see cluster-layer.tsx), so the plugin finds Leaflet whatever the bundler did with the import.
(globalThis as unknown as { L: typeof L }).L = L;

/** Leaflet's own marker images, bundled by Vite (no CDN, DESIGN.md "Web"). */
export const festivalIcon = L.icon({
  iconUrl,
  iconRetinaUrl,
  shadowUrl,
  iconSize: [25, 41],
  iconAnchor: [12, 41],
  popupAnchor: [1, -34],
  tooltipAnchor: [16, -28],
  shadowSize: [41, 41],
});

export { L };
