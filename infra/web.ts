import type { Secrets } from './secrets';

/** Built files that keep their name from one build to the next: never kept by a cache. */
const REVALIDATE = 'max-age=0,no-cache,no-store,must-revalidate';
/** The same lifetime the local server gives those files (functions/server/local-app.ts). */
export const STATIC_PUBLIC_CACHE = 'max-age=604800,public,stale-while-revalidate=86400';

/**
 * How the build's files are uploaded: hashed assets for a year (SST's default), public files kept
 * under a fixed name for a week, and the files a new
 * build changes under the same name (the pages, the service worker, the manifest) checked on every
 * request, so an installed app finds a new version (docs/decisions/039). Later entries win.
 */
export const WEB_FILE_OPTIONS = [
  { files: '**', cacheControl: 'max-age=31536000,public,immutable' },
  // The public files without a hash in their name (stock artwork, icons, the logo): a new build may
  // change one under the same name, so a week, then a day served while the CDN or browser checks.
  { files: ['images/**', 'icons/**', 'favicon.svg'], cacheControl: STATIC_PUBLIC_CACHE },
  { files: ['**/*.html', 'sw.js'], cacheControl: REVALIDATE },
  { files: 'manifest.webmanifest', cacheControl: REVALIDATE, contentType: 'application/manifest+json' },
];

/** The Vite SPA on the CDN: every path no function claims falls back to index.html (client routing). */
export function createWeb(router: sst.aws.Router, secrets: Secrets) {
  return new sst.aws.StaticSite('Web', {
    path: '.',
    build: { command: 'npm run build', output: 'web/dist' },
    // web/vite.config.ts exposes GOOGLE_CLIENT_ID to the browser under the server's own name.
    environment: { GOOGLE_CLIENT_ID: secrets.GoogleClientId.value },
    assets: { fileOptions: WEB_FILE_OPTIONS },
    router: { instance: router },
    dev: false,
  });
}
