import type { ManifestOptions } from 'vite-plugin-pwa';

/**
 * The web app manifest (manifest.webmanifest, written by vite-plugin-pwa): what a phone shows when
 * the site is installed. The icons are PNGs rasterised from web/public/favicon.svg by
 * scripts/generate-app-icons.ts, which reads the sizes from here.
 */
export const ICON_SIZES = [48, 72, 96, 128, 144, 152, 192, 256, 384, 512] as const;
export const MASKABLE_SIZES = [192, 512] as const;
export const APPLE_TOUCH_SIZE = 180;
/** The page background (--bg in styles/global.css): the splash screen and the maskable icons' bleed. */
export const BACKGROUND = '#0d0b1a';

export const iconPath = (size: number) => `/icons/icon-${size}.png`;
export const maskablePath = (size: number) => `/icons/maskable-${size}.png`;
export const appleTouchPath = () => `/icons/apple-touch-icon-${APPLE_TOUCH_SIZE}.png`;

const shortcutIcon = [{ src: iconPath(96), sizes: '96x96', type: 'image/png' }];

export const appManifest: Partial<ManifestOptions> = {
  id: '/',
  name: 'Festivales - Descubre tu próximo festival de música electrónica',
  short_name: 'Festivales',
  description:
    'Descubre festivales de música electrónica en Europa: fechas, mapa, calendario, valoraciones y fotos de la comunidad.',
  lang: 'es',
  dir: 'ltr',
  start_url: '/?source=pwa',
  scope: '/',
  display: 'standalone',
  orientation: 'any',
  theme_color: BACKGROUND,
  background_color: BACKGROUND,
  categories: ['music', 'entertainment', 'travel'],
  icons: [
    ...ICON_SIZES.map((size) => ({ src: iconPath(size), sizes: `${size}x${size}`, type: 'image/png', purpose: 'any' })),
    ...MASKABLE_SIZES.map((size) => ({
      src: maskablePath(size),
      sizes: `${size}x${size}`,
      type: 'image/png',
      purpose: 'maskable',
    })),
  ],
  // From the main navigation: the three screens someone opens the installed app for.
  shortcuts: [
    {
      name: 'Mapa',
      short_name: 'Mapa',
      description: 'Festivales en el mapa',
      url: '/map?source=pwa',
      icons: shortcutIcon,
    },
    {
      name: 'Favoritos',
      short_name: 'Favoritos',
      description: 'Mis festivales favoritos',
      url: '/favorites?source=pwa',
      icons: shortcutIcon,
    },
    {
      name: 'Calendario',
      short_name: 'Calendario',
      description: 'Festivales por fecha',
      url: '/calendar?source=pwa',
      icons: shortcutIcon,
    },
  ],
};
