import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { MAP_TILE_URL } from '#core/map';
import { festivalPictureFiles } from '../lib/festival-pictures';
import {
  CACHE_NAMES,
  festivalReads,
  KEEP_FESTIVAL,
  KEEP_OFFLINE,
  KEPT_IMAGES,
  keptForAnyone,
  keptOffline,
  OFFLINE_READS,
  OFFLINE_READ_MESSAGE,
  RETIRED_CACHES,
} from './cache-names';

declare const self: ServiceWorkerGlobalScope;

const DAY = 24 * 60 * 60;
const MAP_TILE_HOST = new URL(MAP_TILE_URL.replace(/\{[a-z]\}/g, '0')).host;
/** What stands in, offline, for a picture or a map tile never seen: a plain surface that says so. */
const offlineImage = (width: number, height: number, text: string) =>
  new Response(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}"><rect width="${width}" height="${height}" fill="#1b1735"/>` +
      `<text x="${width / 2}" y="${height / 2 + 4}" fill="#b9b3d6" font-family="sans-serif" font-size="13" text-anchor="middle">${text}</text></svg>`,
    { headers: { 'Content-Type': 'image/svg+xml', 'Cache-Control': 'no-store' } },
  );

/**
 * Public API reads a visitor looks at (the catalogue, a festival, its gallery and comments):
 * fresh from the network when there is one, else the last answer kept. Bounded by count and age.
 * The cache key ignores the session, so only public reads are listed (cache-names.ts), and of those
 * only answers the server lets anyone keep are written (keptForAnyone): a festival or comments read
 * with a session that only its reader may see are never kept.
 */
const apiReads = new NetworkFirst({
  cacheName: CACHE_NAMES.api,
  // A festival site with one bar of signal: after 6 s the saved answer beats waiting.
  networkTimeoutSeconds: 6,
  plugins: [
    new CacheableResponsePlugin({ statuses: [200] }),
    {
      cacheWillUpdate: async ({ request, response }) =>
        keptForAnyone(request.headers, response.headers) ? response : null,
    },
    new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * DAY, purgeOnQuotaError: true }),
    {
      // Nothing saved and no network: the screen shows this Spanish error like any API error.
      handlerDidError: async () =>
        new Response(JSON.stringify({ error: OFFLINE_READ_MESSAGE, code: 'offline' }), {
          status: 503,
          headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' },
        }),
    },
  ],
});

/** Festival pictures, uploads and the stock images: the same URL never changes its bytes. */
const pictures = new CacheFirst({
  cacheName: CACHE_NAMES.images,
  plugins: [
    new CacheableResponsePlugin({ statuses: [200] }),
    new ExpirationPlugin({ maxEntries: 250, maxAgeSeconds: 30 * DAY, purgeOnQuotaError: true }),
    { handlerDidError: async () => offlineImage(320, 180, 'Imagen no disponible sin conexión') },
  ],
});

/**
 * OpenStreetMap tiles already seen. Leaflet asks for them with CORS (crossOrigin on the tile layer),
 * so they are ordinary responses whose size the browser counts as it is, not padded opaque ones.
 * 500 tiles is a few city maps at every zoom (about 10 MB); OSM's tile policy allows keeping them.
 */
const tiles = new CacheFirst({
  cacheName: CACHE_NAMES.tiles,
  plugins: [
    new CacheableResponsePlugin({ statuses: [200] }),
    new ExpirationPlugin({ maxEntries: 500, maxAgeSeconds: 30 * DAY, purgeOnQuotaError: true }),
    // A tile never seen, without network: a plain tile that says so instead of a failed image.
    { handlerDidError: async () => offlineImage(256, 256, 'Mapa sin conexión') },
  ],
});

// Answers an earlier worker kept without asking whether a session read them: gone with the update.
self.addEventListener('activate', (event) => {
  event.waitUntil(Promise.all(RETIRED_CACHES.map((name) => caches.delete(name))));
});

registerRoute(
  ({ url, request, sameOrigin }) =>
    sameOrigin && request.method === 'GET' && OFFLINE_READS.some((re) => re.test(url.pathname)),
  apiReads,
);
registerRoute(
  ({ url, request, sameOrigin }) => sameOrigin && request.method === 'GET' && KEPT_IMAGES.test(url.pathname),
  pictures,
);
registerRoute(({ url }) => url.host === MAP_TILE_HOST, tiles);

/**
 * Fetches one same-origin URL through the strategy that serves it, and resolves once the answer is
 * written to its cache (not merely received), so a waitUntil on it covers the whole keep.
 */
async function keep(url: URL, event: ExtendableEvent): Promise<Response | undefined> {
  const strategy = KEPT_IMAGES.test(url.pathname) ? pictures : apiReads;
  const [response, done] = strategy.handleAll({ request: new Request(url.href), event });
  try {
    await done;
    return await response;
  } catch {
    return undefined;
  }
}

/**
 * A favourited festival: its public reads, then every file of its picture named by its record.
 * All of it happens here, because the page that asked may be gone the next moment (a tap on another
 * festival): when the page fetched the record itself, a slow answer meant the picture was never asked for.
 */
async function keepFestival(id: number, event: ExtendableEvent): Promise<void> {
  const [record] = await Promise.all(festivalReads(id).map((url) => keep(new URL(url, self.location.origin), event)));
  if (!record?.ok) return;
  const festival = await record.json().catch(() => null);
  if (!festival || typeof festival !== 'object') return;
  await Promise.all(festivalPictureFiles(festival).map((url) => keep(new URL(url, self.location.origin), event)));
}

/**
 * The page asks to keep a list of same-origin URLs (what the first visit read before this worker
 * existed) or a favourited festival; fetched here, so leaving the page does not cut it short.
 */
self.addEventListener('message', (event) => {
  if (event.data?.type === KEEP_FESTIVAL && Number.isSafeInteger(event.data.id) && event.data.id > 0) {
    event.waitUntil(keepFestival(event.data.id as number, event));
    return;
  }
  if (event.data?.type !== KEEP_OFFLINE || !Array.isArray(event.data.urls)) return;
  const urls = (event.data.urls as unknown[])
    .filter((url): url is string => typeof url === 'string')
    .map((url) => new URL(url, self.location.origin))
    .filter((url) => url.origin === self.location.origin && keptOffline(url.pathname))
    .slice(0, 50);
  event.waitUntil(Promise.all(urls.map((url) => keep(url, event))));
});
