import { adoptPaintedView } from './map-paint';

/**
 * On a visit that opens on /map, the boot entry (src/boot/map-copy.ts) draws the map page's first
 * screen (rendered at build from MapHeader and MapFrame) with its first tiles and markers, before
 * the app has loaded, on top of the page; the map page takes the copy's tiles and markers into its
 * own first view and removes the rest once it has drawn its own (features/map/components/map-page.tsx);
 * the copy goes by itself if the app moves to another screen first.
 */
export const BOOT_MAP_ID = 'boot-map';

/** Moves the copy's painted view into `box` when it is the same view at the same size (adoptPaintedView). */
export function adoptBootMapView(box: HTMLElement, center: readonly [number, number], zoom: number): boolean {
  return adoptPaintedView(document.querySelector(`#${BOOT_MAP_ID} .map-preview`), box, center, zoom);
}

/** Removes the boot entry's copy of the map page, if it drew one. */
export function removeBootMap(): void {
  document.getElementById(BOOT_MAP_ID)?.remove();
}
