import type { PinPictures } from '../lib/map-paint';

/** A lazily loaded screen's route chunk, the chunks it imports and its styles. */
export interface ScreenFiles {
  scripts: string[];
  styles: string[];
}

/**
 * What the boot entry needs from the app's build, known only once the app is bundled: web/vite.config.ts
 * bundles the boot entry after the app, with these values in place of `__BOOT_ASSETS__` (and the dev
 * server gives the entry module alone).
 */
export interface BootAssets {
  /** The app's entry module (main.tsx built). */
  entry: string;
  /** The entry's modulepreloads, taken out of index.html. */
  preloads: string[];
  /** A festival page's code and styles. */
  festivalPage: ScreenFiles;
  /** The map's route and screen chunks (Leaflet among them) and their styles. */
  mapPage: ScreenFiles;
  /** Lazily loaded screens by address (/favorites, /calendar). */
  screens: Record<string, ScreenFiles>;
  /** Leaflet's marker pictures as the build serves them. */
  pins: PinPictures;
  /** The map page's first screen (MapFirstScreen), rendered at build. */
  mapFirstScreen: string;
}

declare const __BOOT_ASSETS__: BootAssets;

export const bootAssets: BootAssets = __BOOT_ASSETS__;
