import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';

const here = path.dirname(fileURLToPath(import.meta.url));
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);

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
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 45_000,
  expect: { timeout: 8_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    locale: 'es-ES',
    timezoneId: 'Europe/Madrid',
    trace: 'off',
    // The service worker would answer requests the tests route with page.route; the installable
    // app's own tests (specs/pwa.spec.ts) allow it.
    serviceWorkers: 'block',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs },
  },
  projects: [{ name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } }],
  webServer: {
    command: `npx tsx ${path.join(here, 'support/serve.ts')}`,
    url: `http://127.0.0.1:${E2E_PORT}/api/festivals?limit=1`,
    reuseExistingServer: false,
    // A generated catalogue (E2E_FESTIVALS, support/serve.ts) takes minutes to build on PGlite at full size.
    timeout: process.env.E2E_FESTIVALS ? 600_000 : 180_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: { E2E_PORT: String(E2E_PORT) },
  },
});
