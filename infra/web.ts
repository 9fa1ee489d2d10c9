import type { Secrets } from './secrets';

/** The Vite SPA on the CDN: every path no function claims falls back to index.html (client routing). */
export function createWeb(router: sst.aws.Router, secrets: Secrets) {
  return new sst.aws.StaticSite('Web', {
    path: '.',
    build: { command: 'npm run build', output: 'web/dist' },
    // web/vite.config.ts exposes GOOGLE_CLIENT_ID to the browser under the server's own name.
    environment: { GOOGLE_CLIENT_ID: secrets.GoogleClientId.value },
    router: { instance: router },
    dev: false,
  });
}
