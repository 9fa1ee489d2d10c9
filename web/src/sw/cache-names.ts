/**
 * What the service worker keeps besides the app shell, shared with the page (which warms the cache
 * for a favourited festival and empties the API cache at sign-out). No worker or DOM types here.
 */
export const CACHE_NAMES = {
  // Holds public answers only; the earlier 'festivales-api' could hold answers read with a session.
  api: 'festivales-api-public',
  images: 'festivales-images',
  tiles: 'festivales-map-tiles',
} as const;

/** Caches of earlier versions of the worker, deleted when this one activates. */
export const RETIRED_CACHES = ['festivales-api'] as const;

/**
 * Whether an API answer may be kept for anyone on this device: never one the server marks private or
 * no-store (a pending proposal, one's own pending comments), nor one read with a session that the
 * server did not mark public. The cache key ignores the session, so this is what keeps a signed-in
 * person's reads from being shown, offline, to whoever uses the browser next.
 */
export function keptForAnyone(requestHeaders: Headers, responseHeaders: Headers): boolean {
  const cacheControl = (responseHeaders.get('Cache-Control') ?? '').toLowerCase();
  if (/\b(private|no-store)\b/.test(cacheControl)) return false;
  return !requestHeaders.has('Authorization') || /\bpublic\b/.test(cacheControl);
}

/** The page's message asking the worker to fetch and keep a list of URLs. */
export const KEEP_OFFLINE = 'KEEP_OFFLINE';

/**
 * The page's message asking the worker to keep a favourited festival: its reads and, from its record,
 * its picture. The worker reads the record itself, so the page may be left the moment it is sent.
 */
export const KEEP_FESTIVAL = 'KEEP_FESTIVAL';

/**
 * Public API reads kept for offline use: the catalogue and its pages and calendar, a festival with
 * what its page shows (everything under /api/festivals is public; a query string is part of the key).
 */
export const OFFLINE_READS: readonly RegExp[] = [
  /^\/api\/festivals(\/[\w-]+)*\/?$/,
  // A timetable someone shared (read-only, public by its token). Never a person's own timetable
  // (GET /api/timetables/{festivalId}): the cache key ignores the session; the timetable page
  // keeps its picks on the device instead.
  /^\/api\/timetables\/shared\/[\w-]+\/?$/,
  /^\/api\/media\/festival\/\d+\/?$/,
  /^\/api\/comments\/festival\/\d+\/?$/,
];

/** Same-origin pictures that never change under their URL: uploads and the stock images. */
export const KEPT_IMAGES = /^\/(uploads|images)\/.+\.(avif|webp|jpe?g|png|gif|svg)$/i;

/** Whether the worker keeps what this same-origin path answers. */
export const keptOffline = (pathname: string) =>
  KEPT_IMAGES.test(pathname) || OFFLINE_READS.some((re) => re.test(pathname));

/** The festival's own reads, to keep a favourited festival available offline. */
export const festivalReads = (id: number) => [
  `/api/festivals/${id}`,
  `/api/media/festival/${id}`,
  `/api/comments/festival/${id}`,
];

export const OFFLINE_READ_MESSAGE =
  'Sin conexión: este contenido no está guardado en el dispositivo. Vuelve a intentarlo con internet.';
