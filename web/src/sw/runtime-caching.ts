import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { MAP_TILE_URL } from '#core/map';
import { CACHE_NAMES, KEEP_OFFLINE, KEPT_IMAGES, keptOffline, OFFLINE_READS, OFFLINE_READ_MESSAGE } from './cache-names';

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
 * The cache key ignores the session, so only public reads are listed (cache-names.ts); signed-in
 * answers such as the profile or favourites always go to the network.
 */
const apiReads = new NetworkFirst({
  cacheName: CACHE_NAMES.api,
  // A festival site with one bar of signal: after 6 s the saved answer beats waiting.
  networkTimeoutSeconds: 6,
  plugins: [
    new CacheableResponsePlugin({ statuses: [200] }),
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

registerRoute(({ url, request, sameOrigin }) => sameOrigin && request.method === 'GET' && OFFLINE_READS.some((re) => re.test(url.pathname)), apiReads);
registerRoute(({ url, request, sameOrigin }) => sameOrigin && request.method === 'GET' && KEPT_IMAGES.test(url.pathname), pictures);
registerRoute(({ url }) => url.host === MAP_TILE_HOST, tiles);

/**
 * The page asks to keep a list of same-origin URLs (a favourited festival, what the first visit read
 * before this worker existed); fetched here, so leaving the page does not cut it short.
 */
self.addEventListener('message', (event) => {
  if (event.data?.type !== KEEP_OFFLINE || !Array.isArray(event.data.urls)) return;
  const requests = (event.data.urls as unknown[])
    .filter((url): url is string => typeof url === 'string')
    .map((url) => new URL(url, self.location.origin))
    .filter((url) => url.origin === self.location.origin && keptOffline(url.pathname))
    .slice(0, 50)
    .map((url) => new Request(url.href));
  event.waitUntil(
    Promise.all(
      requests.map((request) =>
        (KEPT_IMAGES.test(new URL(request.url).pathname) ? pictures : apiReads).handle({ request, event }).catch(() => undefined),
      ),
    ),
  );
});
