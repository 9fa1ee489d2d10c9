/**
 * The list, map and calendar browser tests again, on a generated catalogue of 10,000 festivals
 * (db/seed/generate-catalogue.ts, built into the test server's fresh database before it starts):
 * the tests tagged @catalogue, which hold for any catalogue because they compute what they expect
 * from the server's own answers instead of naming seed festivals. Comments and votes are kept few:
 * these screens show festivals, and the generator takes a minute more on PGlite for every
 * 100,000 of them. `npm run test:e2e:catalogue` (after `npm run test:e2e`, whose build it reuses).
 */
import { defineConfig } from '@playwright/test';
import base from './playwright.config';

const port = Number(process.env.E2E_CATALOGUE_PORT ?? 3110);
// The tests' own helpers find the test server's key and mail files by this port (support/constants.ts).
process.env.E2E_PORT = String(port);

export default defineConfig({
  ...base,
  // One server: the generated catalogue is built once.
  workers: 1,
  testMatch: ['home.spec.ts', 'map.spec.ts', 'calendar.spec.ts'],
  grep: /@catalogue/,
  outputDir: `${base.outputDir}-catalogue`,
  use: { ...base.use, baseURL: `http://127.0.0.1:${port}` },
  webServer: {
    ...(Array.isArray(base.webServer) ? base.webServer[0] : base.webServer!),
    url: `http://127.0.0.1:${port}/api/festivals?limit=1`,
    timeout: 600_000,
    env: {
      E2E_PORT: String(port),
      E2E_FESTIVALS: process.env.E2E_FESTIVALS ?? '10000',
      E2E_COMMENTS: process.env.E2E_COMMENTS ?? '20000',
      E2E_VOTES: process.env.E2E_VOTES ?? '20000',
      E2E_REUSE_BUILD: process.env.E2E_REUSE_BUILD ?? '1',
    },
  },
});
