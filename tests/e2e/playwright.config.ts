import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';

const here = path.dirname(fileURLToPath(import.meta.url));
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
// E2E_WORKERS=2 runs two workers, each with a server and a database of its own (E2E_PORT,
// E2E_PORT + 1): a test sees only what the tests before it in the same worker did, and the suite
// takes about the time of the longer half. Playwright loads this file again in each worker, with
// TEST_PARALLEL_INDEX set, so each worker's baseURL names its own server. One worker by default:
// with two on a two-core machine, two home tests fail now and then (the first page of the list
// loaded twice, the later answer drawn over a search), a race in the home that is still open.
const WORKERS = Number(process.env.E2E_WORKERS ?? 1);
const serverPort = E2E_PORT + Number(process.env.TEST_PARALLEL_INDEX ?? 0);
const serverUrl = (port: number) => `http://127.0.0.1:${port}/api/festivals?limit=1`;

// Debian's Chromium (Playwright cannot download its own here); the networking flags keep it off the closed network.
const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: path.join(here, 'specs'),
  outputDir: path.join(here, '../../test-results'),
  fullyParallel: false,
  workers: WORKERS,
  retries: process.env.CI ? 1 : 0,
  timeout: 45_000,
  expect: { timeout: 8_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${serverPort}`,
    locale: 'es-ES',
    timezoneId: 'Europe/Madrid',
    trace: 'off',
    // The service worker would answer requests the tests route with page.route; the installable
    // app's own tests (specs/pwa.spec.ts) allow it.
    serviceWorkers: 'block',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs },
  },
  projects: [{ name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } }],
  webServer: Array.from({ length: WORKERS }, (_, index) => ({
    command: `npx tsx ${path.join(here, 'support/serve.ts')}`,
    url: serverUrl(E2E_PORT + index),
    reuseExistingServer: false,
    // A generated catalogue (E2E_FESTIVALS, support/serve.ts) takes minutes to build on PGlite at full size.
    timeout: process.env.E2E_FESTIVALS ? 600_000 : 180_000,
    stdout: 'pipe' as const,
    stderr: 'pipe' as const,
    env: {
      E2E_PORT: String(E2E_PORT + index),
      ...(index > 0 ? { E2E_BUILT_BY: serverUrl(E2E_PORT) } : {}),
    },
  })),
});
