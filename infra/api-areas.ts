/**
 * One Lambda function per API area (each scales and fails on its own). Adding an area is one line here:
 * sst.config.ts creates and routes the function, the deploy tests check it against the list of API calls in tests/deploy/spec-routes.ts,
 * and `npm run bundle` bundles it.
 *
 * Pure data: no SST globals, so the tests and the bundle script can import it.
 */

export type SecretName =
  'DatabaseUrl' | 'SessionSecret' | 'OriginSecret' | 'GoogleClientId' | 'AdminEmails' | 'VapidPublicKey';

export interface ApiArea {
  /** Folder under functions/ holding app.ts and lambda.ts. */
  name: string;
  /** Path prefixes the Router sends to this function (a prefix matches itself and anything below it). */
  routes: readonly string[];
  memory: `${number} MB`;
  timeout: `${number} seconds`;
  /** Uploads: the function gets the bucket (IAM access, S3_* variables) and the AWS SDK in its bundle. */
  needsBucket: boolean;
  /** Secrets besides DatabaseUrl, SessionSecret and OriginSecret, which every area needs (functions/lib/env.ts requires them on Lambda). */
  extraSecrets?: readonly SecretName[];
}

// Memory buys CPU on Lambda: the catalogue (JSON + gzip of every festival) and multipart parsing get more.
// Timeouts stay under CloudFront's 30 s origin read timeout, so a slow call ends with our error, not a 504.
export const apiAreas: readonly ApiArea[] = [
  // '/api' as well: the artists (/api/artists), 'Mi horario' (/api/timetables), the health checks, and
  // the API's JSON 404 for any other /api path instead of the SPA's index.html.
  // The bucket: DELETE /api/festivals/{id} removes the festival's stored images with it.
  { name: 'festivals', routes: ['/api/festivals', '/api'], memory: '512 MB', timeout: '10 seconds', needsBucket: true },
  // The bucket: deleting an account removes the photos its user uploaded.
  {
    name: 'users',
    routes: ['/api/users'],
    memory: '256 MB',
    timeout: '10 seconds',
    needsBucket: true,
    extraSecrets: ['GoogleClientId', 'AdminEmails'],
  },
  { name: 'favorites', routes: ['/api/favorites'], memory: '256 MB', timeout: '10 seconds', needsBucket: false },
  {
    name: 'notifications',
    routes: ['/api/notifications'],
    memory: '256 MB',
    timeout: '10 seconds',
    needsBucket: false,
  },
  // Follows of artists, saved searches and this device's push subscription.
  {
    name: 'alerts',
    routes: ['/api/follows', '/api/alerts', '/api/push'],
    memory: '256 MB',
    timeout: '10 seconds',
    needsBucket: false,
    extraSecrets: ['VapidPublicKey'],
  },
  // Calendar feeds (iCalendar and RSS), public and each user's private one.
  { name: 'feeds', routes: ['/api/feeds'], memory: '512 MB', timeout: '10 seconds', needsBucket: false },
  { name: 'newsletter', routes: ['/api/newsletter'], memory: '256 MB', timeout: '10 seconds', needsBucket: false },
  { name: 'contact', routes: ['/api/contact'], memory: '256 MB', timeout: '10 seconds', needsBucket: false },
  // Comments with photos and admin confirms make each photo's AVIF and WebP copies (about a second of CPU each).
  { name: 'comments', routes: ['/api/comments'], memory: '1024 MB', timeout: '20 seconds', needsBucket: true },
  {
    name: 'media',
    routes: ['/api/media', '/api/gallery'],
    memory: '1024 MB',
    timeout: '25 seconds',
    needsBucket: true,
  },
  // The organiser's desk, claims and imports; verifying a website claim fetches two pages of up to 10 s
  // each, an import preview one page of up to 2 MB.
  {
    name: 'organizer',
    routes: ['/api/organizer', '/api/claims', '/api/import'],
    memory: '512 MB',
    timeout: '25 seconds',
    needsBucket: false,
  },
  // Admin saves geocode addresses (GEOCODER_TIMEOUT_MS) and issue/confirm upload URLs.
  { name: 'admin', routes: ['/api/admin'], memory: '1024 MB', timeout: '25 seconds', needsBucket: true },
  // Share previews with Open Graph tags in the HTML (link previews need the festival or the artist in the HTML), robots.txt and the sitemap.
  // The OpenAPI document and Swagger UI: a document written at bundle time, no database.
  {
    name: 'docs',
    routes: ['/api/openapi.json', '/api/docs'],
    memory: '256 MB',
    timeout: '10 seconds',
    needsBucket: false,
  },
  {
    name: 'pages',
    routes: ['/festival', '/artista', '/robots.txt', '/sitemap.xml', '/sitemaps'],
    memory: '256 MB',
    timeout: '10 seconds',
    needsBucket: false,
  },
];

export const baseSecrets: readonly SecretName[] = ['DatabaseUrl', 'SessionSecret', 'OriginSecret'];

/** The variable each secret becomes in a function's environment (the names the README's configuration table uses). */
export const secretEnv: Record<SecretName, string> = {
  DatabaseUrl: 'DATABASE_URL',
  SessionSecret: 'SESSION_SECRET',
  OriginSecret: 'ORIGIN_SECRET',
  GoogleClientId: 'GOOGLE_CLIENT_ID',
  AdminEmails: 'ADMIN_EMAILS',
  VapidPublicKey: 'VAPID_PUBLIC_KEY',
};

export function secretsOf(area: ApiArea): SecretName[] {
  return [...baseSecrets, ...(area.extraSecrets ?? [])];
}

/** Handler in SST's "file.export" form, relative to the repository root. */
export function handlerOf(area: Pick<ApiArea, 'name'>): string {
  return `functions/${area.name}/lambda.handler`;
}

export function lambdaFileOf(area: Pick<ApiArea, 'name'>): string {
  return `functions/${area.name}/lambda.ts`;
}

/** PascalCase resource name: "festivals" -> "FestivalsApi". */
export function resourceNameOf(area: Pick<ApiArea, 'name'>): string {
  return area.name.replace(/(^|[-_])(\w)/g, (_m, _sep, c: string) => c.toUpperCase()) + 'Api';
}

/**
 * The area a request path reaches: the longest matching prefix, matching on whole path
 * segments, as the Router's CloudFront function does (a prefix matches itself and "prefix/...").
 */
export function areaForPath(path: string, areas: readonly ApiArea[] = apiAreas): ApiArea | undefined {
  let best: { area: ApiArea; length: number } | undefined;
  for (const area of areas) {
    for (const prefix of area.routes) {
      if (!pathMatchesPrefix(path, prefix)) continue;
      if (!best || prefix.length > best.length) best = { area, length: prefix.length };
    }
  }
  return best?.area;
}

export function pathMatchesPrefix(path: string, prefix: string): boolean {
  return (
    path.startsWith(prefix) &&
    (path === prefix || prefix.endsWith('/') || path[prefix.length] === '/' || prefix === '/')
  );
}
