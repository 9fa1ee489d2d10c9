/**
 * Leaflet's own marker images, bundled by Vite as files of their own (web/vite.config.ts), so the
 * copy of the map that the boot entry draws before the app has loaded shows the same pictures from
 * the same addresses (no CDN: the site works without third-party hosts).
 */
import iconRetinaUrl from 'leaflet/dist/images/marker-icon-2x.png';
import iconUrl from 'leaflet/dist/images/marker-icon.png';
import shadowUrl from 'leaflet/dist/images/marker-shadow.png';

export const pinImages = { iconUrl, iconRetinaUrl, shadowUrl };

/** The picture Leaflet picks for a pin: the double-size one on a screen of more than one pixel per CSS pixel. */
export const pinIconUrl = (): string => (window.devicePixelRatio > 1 ? iconRetinaUrl : iconUrl);
