/**
 * index.html's boot script (web/boot-script.ts) draws a copy of /map's first screen with its first
 * tiles and markers, before the app has loaded, on top of the page; the map page takes the copy's
 * tiles and markers into its own first view and removes the rest once it has drawn its own
 * (src/features/map/components/map-page.tsx); the copy goes by itself if the app moves to another
 * screen first. Imports nothing: the boot script's builder reads these names too.
 */
export const BOOT_MAP_ID = 'boot-map';

/** The view the copy's box shows, written by the boot script on it: `mapViewKey(center, zoom)`. */
export const BOOT_MAP_VIEW_ATTRIBUTE = 'data-view';
export const mapViewKey = (center: readonly [number, number], zoom: number): string =>
  `${center[0]},${center[1]},${zoom}`;

/**
 * Moves the copy's tiles and markers into `box` when the copy shows the same view in a box of the
 * same size, and says whether it did: the map page then shows them as they are, already laid out
 * and decoded, instead of drawing them again on a phone's busy main thread.
 */
export function adoptBootMapView(box: HTMLElement, center: readonly [number, number], zoom: number): boolean {
  const view = document.querySelector<HTMLElement>(`#${BOOT_MAP_ID} .map-preview`);
  if (!view || view.getAttribute(BOOT_MAP_VIEW_ATTRIBUTE) !== mapViewKey(center, zoom)) return false;
  if (view.clientWidth !== box.clientWidth || view.clientHeight !== box.clientHeight) return false;
  box.replaceChildren(...view.children);
  return true;
}

/** Removes the boot script's copy of the map page, if it drew one. */
export function removeBootMap(): void {
  document.getElementById(BOOT_MAP_ID)?.remove();
}
