import { DEFAULT_MAP_ZOOM, MAP_TILE_URL, mapViewLayout } from '#core/map-layout';
import { mapViewPath } from '#core/map-view-path';
import type { MapMarker } from '#core/map-markers';
import { BOOT_MAP_ID } from '../lib/boot-map';
import { paintMapView } from '../lib/map-paint';
import { askEarly } from './early-reads';
import type { EarlyAnswer } from '../lib/early-request';
import type { BootAssets } from './boot-assets';

interface FirstView {
  center: [number, number];
  located: unknown;
  markers: MapMarker[];
}

function firstView(data: unknown): FirstView | null {
  const view = data as { center?: unknown; markers?: unknown; located?: unknown } | null;
  const c = view && Array.isArray(view.center) ? (view.center as unknown[]) : null;
  if (!c || !Number.isFinite(c[0]) || !Number.isFinite(c[1])) return null;
  const markers = (Array.isArray(view!.markers) ? (view!.markers as MapMarker[]) : []).filter(
    (m) =>
      m && Number.isFinite(m.lat) && Number.isFinite(m.lon) && (m.type === 'festival' || Number.isInteger(m.count)),
  );
  return { center: [c[0] as number, c[1] as number], located: view!.located, markers };
}

/** The tile under the centre, asked for at once with the styles still on their way: it is the screen's largest paint. */
function preloadCentreTile(view: FirstView): void {
  const href = mapViewLayout(view.center, DEFAULT_MAP_ZOOM, 1, 1, MAP_TILE_URL).tiles[0]?.url;
  if (!href) return;
  const link = Object.assign(document.createElement('link'), {
    rel: 'preload',
    as: 'image',
    href,
    fetchPriority: 'high',
  });
  link.crossOrigin = 'anonymous';
  document.head.append(link);
}

/**
 * The map page's first screen (MapFirstScreen, rendered at build) with its first tiles and markers,
 * on top of the app's page (the app's first renders replace everything in #root and must never leave
 * the screen without a map); the app's map page takes the painted view over and removes the copy
 * when it has drawn its own (src/lib/boot-map.ts).
 */
function paintCopy(view: FirstView, assets: BootAssets): void {
  if (document.querySelector('.map-page')) return;
  const copy = document.createElement('div');
  copy.id = BOOT_MAP_ID;
  copy.className = 'boot-map';
  copy.setAttribute('aria-hidden', 'true');
  copy.inert = true;
  copy.innerHTML = assets.mapFirstScreen;
  const located = Number(view.located);
  const status = copy.querySelector('.map-status');
  if (status && Number.isInteger(located))
    status.textContent = `${located} ${located === 1 ? 'festival' : 'festivales'} en el mapa`;
  document.body.append(copy);
  // Gone at once if the app moves to another screen first.
  const watch = setInterval(() => {
    if (!copy.isConnected || location.pathname !== '/map') {
      copy.remove();
      clearInterval(watch);
    }
  }, 250);
  const box = copy.querySelector<HTMLElement>('.map-preview');
  if (box) paintMapView(box, { center: view.center, zoom: DEFAULT_MAP_ZOOM, markers: view.markers, pins: assets.pins });
}

/**
 * On /map without a search: its first view and its styles, asked for as soon as the boot entry runs
 * rather than after the first paint like the code (together under 10 KB, so they hardly delay the
 * first paint), and a connection to the tile host; the copy of the page is drawn as soon as the view
 * and the styles are in, while the code downloads. The styles are applied, not only preloaded: the
 * copy needs them.
 */
export function startMapCopy(assets: BootAssets): EarlyAnswer {
  let view: FirstView | null = null;
  let waiting = assets.mapPage.styles.length;
  const paint = () => {
    if (view && waiting === 0) paintCopy(view, assets);
  };
  for (const href of assets.mapPage.styles) {
    const sheet = Object.assign(document.createElement('link'), { rel: 'stylesheet', href });
    sheet.onload = sheet.onerror = () => {
      waiting -= 1;
      paint();
    };
    document.head.append(sheet);
  }
  const early = askEarly(mapViewPath({ zoom: DEFAULT_MAP_ZOOM }), (data) => {
    view = firstView(data);
    if (view) preloadCentreTile(view);
    paint();
  });
  const tiles = Object.assign(document.createElement('link'), {
    rel: 'preconnect',
    href: new URL(MAP_TILE_URL).origin,
  });
  tiles.crossOrigin = '';
  document.head.append(tiles);
  return early;
}
