/**
 * index.html's boot script (web/boot-script.ts) draws a copy of /map's first screen with its first
 * tiles, before the app has loaded, on top of the page; the map page removes it once it has drawn
 * its own (src/features/map/components/map-page.tsx); the copy goes by itself if the app moves to
 * another screen first. Imports nothing: the boot script's builder reads the id too.
 */
export const BOOT_MAP_ID = 'boot-map';

/** Removes the boot script's copy of the map page, if it drew one. */
export function removeBootMap(): void {
  document.getElementById(BOOT_MAP_ID)?.remove();
}
