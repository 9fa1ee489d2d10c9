/**
 * The one Leaflet set-up of the site, used by every map (the map page and a festival's location):
 * the library with its CSS, the marker icon and the OpenStreetMap tiles.
 */
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { MAP_TILE_URL, PIN_ICON } from '#core/map';
import { pinImages } from './map-pin';

/*
 * Leaflet 1.9 finishes a zoom animation from a 250 ms timer that it does not cancel when the map
 * is removed: leaving the map page during a zoom (a cluster opened, the place's circle fitted)
 * then throws "Cannot read properties of undefined (reading '_leaflet_pos')" from a map that no
 * longer exists. Marking the animation over when the map is removed makes that timer a no-op;
 * Leaflet has no public call for it.
 */
L.Map.addInitHook(function (this: L.Map) {
  this.on('unload', () => {
    (this as L.Map & { _animatingZoom?: boolean })._animatingZoom = false;
  });
});

/** Leaflet's own marker images (./map-pin.ts), at the size and anchor the map's copies draw too (#core/map). */
export const festivalIcon = L.icon({
  ...pinImages,
  iconSize: [...PIN_ICON.size],
  iconAnchor: [...PIN_ICON.anchor],
  popupAnchor: [1, -34],
  tooltipAnchor: [16, -28],
  shadowSize: [...PIN_ICON.shadowSize],
});

/** OpenStreetMap's standard tiles, with the attribution their licence asks for. */
export const osmTiles = {
  // The same URL the Content-Security-Policy allows for images.
  url: MAP_TILE_URL,
  // Asked with CORS, so the service worker can keep the tiles already seen (web/src/sw).
  crossOrigin: true,
  attribution:
    '&copy; <a href="https://www.openstreetmap.org/copyright" target="_blank" rel="noopener noreferrer">OpenStreetMap</a>',
};

export { L };
