import { CLUSTER_ICON_SIZE, clusterSize, DEFAULT_MAP_ZOOM, MAP_TILE_URL, mapViewLayout, PIN_ICON } from '#core/map';
import { stockSrcSet } from '#core/stock-images';
import { CARD_IMAGE_SIZES } from './src/components/festival-card/card-image-sizes';
import { BOOT_MAP_ID, BOOT_MAP_VIEW_ATTRIBUTE, mapViewKey } from './src/lib/boot-map';
import {
  CONFIGURE_ASKED_ATTRIBUTE,
  COOKIE_CHOICE_ATTRIBUTE,
  STATIC_COOKIE_BANNER_ID,
} from './src/features/cookies/api/static-banner';

/**
 * The copy of /map's first screen: MapPage's markup as it first renders
 * (src/features/map/components/map-page.tsx), with its classes, so the same styles lay it out at
 * the same place. Change both together: the browser tests compare the two.
 */
const BOOT_MAP_HTML = [
  '<div class="page map-page"><div class="container">',
  '<div class="map-header"><div>',
  '<h1 class="page-title">Mapa de <span class="gradient-text">festivales</span></h1>',
  '<p class="muted map-status">Cargando festivales...</p>',
  '</div><div class="map-search">',
  // lucide's 'search' icon, as SearchIcon draws it.
  '<svg xmlns="http://www.w3.org/2000/svg" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" class="map-search-icon"><path d="m21 21-4.34-4.34"/><circle cx="11" cy="11" r="8"/></svg>',
  '<input class="input" type="search" placeholder="Nombre, ciudad, género…" tabindex="-1">',
  '</div></div>',
  '<div class="map-frame card map-frame-preview"><div class="map-preview">',
  '<div class="map-preview-tiles"></div><div class="map-preview-shadows"></div><div class="map-preview-markers"></div>',
  '</div></div>',
  '</div></div>',
].join('');

export interface BootOptions {
  /** The entry module. */
  entry: string;
  /** The entry's modulepreloads, taken out of index.html. */
  preloads: string[];
  /** A festival page's route chunk, the chunks it imports and its styles. */
  festivalPage: { scripts: string[]; styles: string[] };
  /** festivalPageUrl(defaultFilters): what the home asks for first. */
  homeFirstPage: string;
  /** The map's route and screen chunks (Leaflet among them) and their styles. */
  mapPage: { scripts: string[]; styles: string[] };
  /** What /map asks for first (its whole-world view at the starting zoom). */
  mapFirstView: string;
  /** Leaflet's marker pictures as the build serves them (src/lib/map-pin.ts). */
  pinImages: { iconUrl: string; iconRetinaUrl: string; shadowUrl: string };
  /** Lazily loaded screens by address (/favorites, /calendar): their route chunks and styles. */
  screens: Record<string, { scripts: string[]; styles: string[] }>;
  /** The favourites' first page, 'IDS' standing for their ids in order (festivalPageUrl). */
  favoritesPage: string;
}

/**
 * The source of index.html's boot script (web/vite.config.ts emits it as assets/boot-<hash>.js: the
 * Content-Security-Policy allows no inline script). Plain JavaScript for every browser the site
 * supports, run once the document is parsed:
 *
 * - At once: shows index.html's static cookie banner when no choice is stored, so a first visit
 *   paints the banner with the header instead of seconds later with React (it is the largest
 *   paint of most screens then). A choice made on it before the app starts is stored exactly as
 *   the app stores it ('Aceptar Todas', 'Rechazar Todas'), or handed to the app ('Configurar').
 * - At once on /map (without a search): its first view, its styles and a connection to the tile
 *   host, then, once the answer and the styles are in, a copy of the map page's first screen with
 *   its tiles and markers (BOOT_MAP_HTML), whose tiles and markers the app's map page takes over.
 * - Once the first paint is on screen: the code and what the screen at the address needs first,
 *   alongside the code rather than after it: the home's first page of cards and its first card's
 *   picture; on a festival's page, that page's code and styles and the festival itself (only
 *   without a session: a signed-in person's read carries a token and may see a pending festival);
 *   on /map, the map's code (Leaflet included);
 *   on /favorites, the stored favourites' first page and its first card's picture, and the
 *   screen's code, as on /calendar.
 *   src/lib/early-request.ts hands those answers to the code that asks.
 */
export function bootScript({
  entry,
  preloads,
  festivalPage,
  homeFirstPage,
  mapPage,
  mapFirstView,
  pinImages,
  screens,
  favoritesPage,
}: BootOptions): string {
  return [
    `const screen = ${JSON.stringify(screens)}[location.pathname];`,
    `const preload = ${JSON.stringify(preloads)};`,
    `const festivalPage = ${JSON.stringify(festivalPage)};`,
    `const mapPage = ${JSON.stringify(mapPage)};`,
    // The record src/features/cookies/api/consent.ts stores and the event it sends.
    `const banner = document.getElementById(${JSON.stringify(STATIC_COOKIE_BANNER_ID)});`,
    'let chosen = false;',
    "try { chosen = Boolean(JSON.parse(localStorage.getItem('cookie-consent') || 'null')?.preferences); } catch {}",
    'if (banner && !chosen) {',
    '  banner.hidden = false;',
    "  banner.addEventListener('click', (event) => {",
    `    const choice = event.target instanceof Element ? event.target.closest('[${COOKIE_CHOICE_ATTRIBUTE}]')?.getAttribute(${JSON.stringify(COOKIE_CHOICE_ATTRIBUTE)}) : null;`,
    `    if (choice === 'configure') document.documentElement.setAttribute(${JSON.stringify(CONFIGURE_ASKED_ATTRIBUTE)}, '');`,
    "    if (choice !== 'all' && choice !== 'essential') return;",
    "    const optional = choice === 'all';",
    '    const preferences = { essential: true, analytics: optional, marketing: optional, personalization: optional };',
    "    try { localStorage.setItem('cookie-consent', JSON.stringify({ preferences, timestamp: new Date().toISOString(), version: '1.0' })); } catch {}",
    "    window.dispatchEvent(new CustomEvent('cookiePreferencesUpdated', { detail: preferences }));",
    '    banner.hidden = true;',
    '  });',
    '}',
    // A successful answer is also kept parsed (`data`), so a list's first render can draw its cards
    // at once instead of a skeleton first (src/lib/early-request.ts).
    "const early = (url, then) => { const entry = { url }; entry.response = fetch(url, { headers: { Accept: 'application/json' } }).then((r) => { if (r.ok) r.clone().json().then((data) => { entry.data = data; if (then) then(data); }, () => {}); return r; }); window.__festivalesEarly = entry; };",
    "const link = (rel, href, as) => document.head.append(Object.assign(document.createElement('link'), { rel, href, crossOrigin: '' }, as ? { as } : {}));",
    // The same addresses as the router's festival routes ('/horario' is another screen).
    'const festival = /^\\/festival\\/([1-9]\\d{0,9})(?:\\/[^/]+)?\\/?$/.exec(location.pathname);',
    // The copy the first card's <picture> takes (src/lib/festival-image.ts): the stock artwork's
    // AVIF widths, or the festival's own file. The browser uses a preload only for that copy.
    `const stockAvif = ${JSON.stringify(stockSrcSet('NAME', 'avif'))};`,
    'const preloadFirstCard = (page) => {',
    '  const first = page && Array.isArray(page.items) ? page.items[0] : null;',
    '  if (!first || !Number.isInteger(first.id)) return;',
    "  const url = typeof first.image_url === 'string' ? first.image_url : '';",
    '  const stock = /^\\/images\\/stock\\/(festival-[1-7]|default)-(?:sm|md|lg)\\.(?:jpg|avif|webp)$/.exec(url);',
    '  const name = stock ? stock[1] : url ? null : `festival-${(Math.abs(first.id) % 7) + 1}`;',
    `  const attrs = name ? { type: 'image/avif', imageSrcset: stockAvif.replaceAll('NAME', name), imageSizes: ${JSON.stringify(CARD_IMAGE_SIZES)} } : { href: url };`,
    "  document.head.append(Object.assign(document.createElement('link'), { rel: 'preload', as: 'image', fetchPriority: 'high' }, attrs));",
    '};',
    // The favourites as src/lib/favorites.tsx reads them, in the order the favourites screen asks
    // for them (its first page of at most 100; with more, its cards are merged in date order).
    'const favoriteIds = () => {',
    "  const read = (key) => { try { return JSON.parse(localStorage.getItem(key) || 'null'); } catch { return null; } };",
    "  const raw = read('favoriteFestivals') ?? read('favorites');",
    '  return Array.isArray(raw) ? [...new Set(raw.map(Number).filter((n) => Number.isSafeInteger(n) && n > 0))].sort((a, b) => a - b) : [];',
    '};',
    // On /map: the screen as MapPage first draws it (web/src/features/map/components/map-page.tsx),
    // with the first view's tiles and markers as MapPreview draws them, once its answer and the
    // map's styles are in; the app removes it when its own map page has drawn them (a copy on top of
    // the app's page, so the app's first renders, which replace everything in #root, never leave the
    // screen without a map).
    `const mapViewLayout = ${mapViewLayout.toString()};`,
    `const clusterSize = ${clusterSize.toString()};`,
    `const pins = ${JSON.stringify(pinImages)};`,
    'const mapCenter = (view) => {',
    '  const c = view && Array.isArray(view.center) ? view.center : null;',
    '  return c && Number.isFinite(c[0]) && Number.isFinite(c[1]) ? c : null;',
    '};',
    'const preloadCentreTile = (view) => {',
    '  const c = mapCenter(view);',
    `  const href = c && mapViewLayout(c, ${DEFAULT_MAP_ZOOM}, 1, 1, ${JSON.stringify(MAP_TILE_URL)}).tiles[0]?.url;`,
    "  if (href) document.head.append(Object.assign(document.createElement('link'), { rel: 'preload', as: 'image', href, crossOrigin: 'anonymous', fetchPriority: 'high' }));",
    '};',
    // The element of a picture or a marker at its place in the box.
    'const placed = (element, left, top, z) => { element.style.left = `${left}px`; element.style.top = `${top}px`; if (z !== undefined) element.style.zIndex = String(z); return element; };',
    'const paintMap = (view) => {',
    '  const c = mapCenter(view);',
    "  if (!c || document.querySelector('.map-page')) return;",
    "  const copy = document.createElement('div');",
    `  copy.id = ${JSON.stringify(BOOT_MAP_ID)};`,
    "  copy.className = 'boot-map';",
    "  copy.setAttribute('aria-hidden', 'true');",
    '  copy.inert = true;',
    `  copy.innerHTML = ${JSON.stringify(BOOT_MAP_HTML)};`,
    '  const located = Number(view.located);',
    "  if (Number.isInteger(located)) copy.querySelector('.map-status').textContent = `${located} ${located === 1 ? 'festival' : 'festivales'} en el mapa`;",
    '  document.body.append(copy);',
    // Left by the app for its map page to remove; gone at once if the app moves to another screen first.
    "  const watch = setInterval(() => { if (!copy.isConnected || location.pathname !== '/map') { copy.remove(); clearInterval(watch); } }, 250);",
    "  const box = copy.querySelector('.map-preview');",
    // For the map page, which takes them into its own first view (src/lib/boot-map.ts).
    `  box.setAttribute(${JSON.stringify(BOOT_MAP_VIEW_ATTRIBUTE)}, (${mapViewKey.toString()})(c, ${DEFAULT_MAP_ZOOM}));`,
    '  const [tiles, shadows, markers] = box.children;',
    "  const shown = (Array.isArray(view.markers) ? view.markers : []).filter((m) => m && Number.isFinite(m.lat) && Number.isFinite(m.lon) && (m.type === 'festival' || Number.isInteger(m.count)));",
    `  const layout = mapViewLayout(c, ${DEFAULT_MAP_ZOOM}, box.clientWidth, box.clientHeight, ${JSON.stringify(MAP_TILE_URL)}, shown);`,
    "  for (const tile of layout.tiles) tiles.append(placed(Object.assign(new Image(256, 256), { alt: '', crossOrigin: 'anonymous', src: tile.url }), tile.left, tile.top));",
    '  const retina = window.devicePixelRatio > 1;',
    '  for (const { marker, x, y } of layout.markers) {',
    "    if (marker.type === 'festival') {",
    `      shadows.append(placed(Object.assign(new Image(${PIN_ICON.shadowSize.join(', ')}), { alt: '', src: pins.shadowUrl }), x - ${PIN_ICON.anchor[0]}, y - ${PIN_ICON.anchor[1]}));`,
    `      const pin = Object.assign(new Image(${PIN_ICON.size.join(', ')}), { alt: '', className: 'map-preview-pin', src: retina ? pins.iconRetinaUrl : pins.iconUrl });`,
    // For bench/web-map.ts (Element Timing): when the copy's markers are painted.
    "      pin.setAttribute('elementtiming', 'map-copy-marker');",
    `      markers.append(placed(pin, x - ${PIN_ICON.anchor[0]}, y - ${PIN_ICON.anchor[1]}, y));`,
    '    } else {',
    "      const disc = Object.assign(document.createElement('div'), { className: `map-preview-cluster festival-cluster-${clusterSize(marker.count)}` });",
    "      const count = Object.assign(document.createElement('span'), { textContent: String(marker.count) });",
    "      count.setAttribute('elementtiming', 'map-copy-marker');",
    '      disc.append(count);',
    `      markers.append(placed(disc, x - ${CLUSTER_ICON_SIZE / 2}, y - ${CLUSTER_ICON_SIZE / 2}, y));`,
    '    }',
    '  }',
    '};',
    // On /map: its first view and its styles, asked for as soon as this runs rather than after the
    // first paint like the code (together under 10 KB, so they hardly delay the first paint): the copy
    // of the page, its markers included, is drawn as soon as they are in, while the code downloads.
    // Its styles applied rather than only preloaded: the copy needs them.
    'const startMap = () => {',
    '  let view = null;',
    '  let waiting = mapPage.styles.length;',
    '  const paint = () => { if (view && waiting === 0) paintMap(view); };',
    '  for (const href of mapPage.styles) {',
    "    const sheet = Object.assign(document.createElement('link'), { rel: 'stylesheet', href });",
    '    sheet.onload = sheet.onerror = () => { waiting -= 1; paint(); };',
    '    document.head.append(sheet);',
    '  }',
    // The tile under the centre is asked for at once, with the styles still on their way.
    `  early(${JSON.stringify(mapFirstView)}, (data) => { view = data; preloadCentreTile(data); paint(); });`,
    // The map's tiles come from another host, and the largest paint of /map is one of them (with
    // CORS, as Leaflet asks for the tiles).
    `  link('preconnect', ${JSON.stringify(new URL(MAP_TILE_URL).origin)});`,
    '};',
    // A map opened on a search or a place ('Cerca de') is drawn by the app alone.
    "const mapCopy = location.pathname === '/map' && !location.search;",
    'if (mapCopy) startMap();',
    'const start = () => {',
    // The URL is festivalPageUrl(defaultFilters), checked by tests/e2e/specs/home.spec.ts.
    `  if (location.pathname === '/' && !location.search) early(${JSON.stringify(homeFirstPage)}, preloadFirstCard);`,
    "  if (location.pathname === '/favorites' && !location.search) {",
    '    const ids = favoriteIds();',
    `    if (ids.length) early(${JSON.stringify(favoritesPage)}.replace('IDS', ids.slice(0, 100).join('%2C')), ids.length <= 100 ? preloadFirstCard : null);`,
    '  }',
    "  if (screen) for (const href of screen.styles) link('preload', href, 'style');",
    '  if (festival) {',
    '    let token = null;',
    "    try { token = localStorage.getItem('google_token'); } catch {}",
    '    if (!token) early(`/api/festivals/${festival[1]}`);',
    "    for (const href of festivalPage.styles) link('preload', href, 'style');",
    '  }',
    // On /map: the map's code (Leaflet included), with the shell instead of after it.
    "  const map = location.pathname === '/map';",
    "  if (map && !mapCopy) for (const href of mapPage.styles) link('preload', href, 'style');",
    `  if (map && !mapCopy) link('preconnect', ${JSON.stringify(new URL(MAP_TILE_URL).origin)});`,
    "  for (const href of preload) link('modulepreload', href);",
    "  if (screen) for (const href of screen.scripts) link('modulepreload', href);",
    "  if (festival) for (const href of festivalPage.scripts) link('modulepreload', href);",
    "  if (map) for (const href of mapPage.scripts) link('modulepreload', href);",
    `  import(${JSON.stringify(entry)});`,
    '};',
    // Once the first paint is on screen (its 'first-contentful-paint' entry): what starts before it
    // shares the network with the page's only stylesheet and font. A browser that reports no paint
    // starts a quarter of a second after its first frame; a hidden page at once.
    'let started = false;',
    'const go = () => { if (!started) { started = true; start(); } };',
    'if (document.hidden) go();',
    'else {',
    "  try { new PerformanceObserver((list, observer) => { if (list.getEntriesByName('first-contentful-paint').length) { observer.disconnect(); setTimeout(go); } }).observe({ type: 'paint', buffered: true }); } catch {}",
    '  requestAnimationFrame(() => setTimeout(go, 250));',
    '}',
    '',
  ].join('\n');
}
