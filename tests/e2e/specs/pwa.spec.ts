import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { allowConsoleError, api, catalogue, expect, login, person, test, withCookieChoice } from '../support/fixtures';

/** The installable app: manifest, offline use through the service worker, favourites kept offline, updates. */
test.use({ serviceWorkers: 'allow' });
// One worker per origin: every test here shares it, and one replaces it on purpose.
test.describe.configure({ mode: 'serial' });

const workerFile = path.resolve(import.meta.dirname, '../../../web/dist/sw.js');

test.beforeEach(async ({ page }) => {
  // A worker installs its precache (the whole build) in each test's fresh browser context.
  test.slow();
  await withCookieChoice(page);
});

/** Waits until a service worker controls the page (the first one claims it without a reload). */
async function controlled(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
}

/** PNG width and height, read from its IHDR chunk. */
const pngSize = (png: Buffer) => ({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) });

test('the manifest is Spanish, names the shortcuts, and every icon is a PNG of its declared size', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  const res = await page.request.get('/manifest.webmanifest');
  expect(res.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  const manifest = await res.json();
  expect(manifest).toMatchObject({
    short_name: 'Festivales',
    lang: 'es',
    display: 'standalone',
    theme_color: '#0d0b1a',
    start_url: '/?source=pwa',
  });
  expect(manifest.shortcuts.map((s: { name: string; url: string }) => [s.name, s.url.split('?')[0]])).toEqual([
    ['Mapa', '/map'],
    ['Favoritos', '/favorites'],
    ['Calendario', '/calendar'],
  ]);
  const sizes = manifest.icons.map((icon: { sizes: string }) => icon.sizes);
  for (const needed of ['192x192', '512x512']) expect(sizes).toContain(needed);
  expect(manifest.icons.some((icon: { purpose: string }) => icon.purpose === 'maskable')).toBe(true);
  for (const icon of manifest.icons as { src: string; sizes: string; type: string }[]) {
    const file = await page.request.get(icon.src);
    expect(file.ok(), icon.src).toBe(true);
    const { width, height } = pngSize(await file.body());
    expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
  }
  const worker = await page.request.get('/sw.js');
  expect(worker.headers()['cache-control']).toBe('no-cache');
  await controlled(page);
});

test('offline after one visit: the list, a visited and a favourited festival, the favourites; what is not saved says so', async ({
  page,
  context,
}) => {
  const festivals = await catalogue(page);
  await page.goto('/');
  await controlled(page);
  const byCard = async (n: number) => {
    const name = await page.getByRole('article').nth(n).getByRole('heading').textContent();
    return festivals.find((f) => f.name === name)!;
  };
  const [favourite, visited, neverSeen] = [await byCard(2), await byCard(3), await byCard(4)];
  // One bar of signal: the favourite's record answers late, and the person leaves the page at once.
  // Its picture must be kept all the same (context.route sees the worker's own requests).
  await context.route(`**/api/festivals/${favourite.id}`, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    await route.continue().catch(() => undefined);
  });
  await page.getByRole('button', { name: `Añadir ${favourite.name} a favoritos` }).click();
  await expect(page.getByText('Festival añadido a favoritos')).toBeVisible();
  // With the worker active, a festival's page is still the server's: its HTML draws the hero with the
  // first paint (offline, below, it is the app kept).
  const served = await page.goto(`/festival/${visited.id}`);
  expect(served?.fromServiceWorker()).toBe(true);
  expect(await served?.text()).toContain(`<h1 class="hero-title">${visited.name}</h1>`);
  await expect(page.getByRole('heading', { level: 1, name: visited.name })).toBeVisible();
  // The favourite's own reads are kept by the worker in the background.
  await expect
    .poll(() => page.evaluate(async (id) => Boolean(await caches.match(`/api/festivals/${id}`)), favourite.id))
    .toBe(true);
  // And its picture (a stock image in the seed: one of seven, by id): the hero's JPEG and the AVIF a card draws.
  for (const picture of [
    `/images/stock/festival-${(favourite.id % 7) + 1}-lg.jpg`,
    `/images/stock/festival-${(favourite.id % 7) + 1}-md.avif`,
  ]) {
    await expect
      .poll(() => page.evaluate(async (url) => Boolean(await caches.match(url)), picture), { timeout: 15_000 })
      .toBe(true);
  }

  await context.setOffline(true);
  // Failed network requests of the offline page (and the worker's answer for what is not saved).
  allowConsoleError(page, /ERR_INTERNET_DISCONNECTED|status of 503/);
  await page.goto('/');
  await expect(page.getByText('Sin conexión: mostrando datos guardados')).toBeVisible();
  await expect(page.getByRole('article').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.goto('/favorites');
  await expect(page.getByText('1 festival guardado')).toBeVisible();
  await expect(page.getByRole('link', { name: favourite.name, exact: true })).toBeVisible();

  for (const festival of [favourite, visited]) {
    await page.goto(`/festival/${festival.id}`);
    await expect(page.getByRole('heading', { level: 1, name: festival.name })).toBeVisible();
  }

  await page.goto(`/festival/${neverSeen.id}`);
  await expect(page.getByRole('heading', { name: 'No se pudo cargar el festival' })).toBeVisible();
  await expect(
    page.getByText('Sin conexión: este festival no está guardado en el dispositivo.', { exact: false }),
  ).toBeVisible();

  await context.setOffline(false);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: neverSeen.name })).toBeVisible();
  await expect(page.getByText('Sin conexión: mostrando datos guardados')).toHaveCount(0);
});

test('signed in, favourites changed offline are kept and reach the server when the connection returns', async ({
  page,
  context,
}) => {
  const festivals = await catalogue(page);
  const { token } = await login(page, person('Sin cobertura'));
  await page.goto('/');
  await controlled(page);
  const byCard = async (n: number) => {
    const name = await page.getByRole('article').nth(n).getByRole('heading').textContent();
    return festivals.find((f) => f.name === name)!;
  };
  const [kept, dropped] = [await byCard(5), await byCard(6)];
  await api(page, token, 'POST', `/api/favorites/${dropped.id}`);
  await expect(page.getByRole('button', { name: `Menú de Sin cobertura` })).toBeVisible();

  await context.setOffline(true);
  allowConsoleError(page, /ERR_INTERNET_DISCONNECTED/);
  await page.getByRole('button', { name: `Añadir ${kept.name} a favoritos` }).click();
  await expect(page.getByText('Festival añadido a favoritos')).toBeVisible();
  await page.getByRole('button', { name: `Añadir ${dropped.name} a favoritos` }).click();
  await page.getByRole('button', { name: `Quitar ${dropped.name} de favoritos` }).click();
  await expect(page.getByText('Festival eliminado de favoritos')).toBeVisible();
  // Nothing reached the server yet (the test's own requests do not go through the browser).
  expect(await api(page, token, 'GET', '/api/favorites')).toEqual([dropped.id]);
  // A change is queued once the outbox's code has arrived, a moment after its toast.
  await expect
    .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('favoritesPendingSync') ?? 'null')))
    .toEqual({ [kept.id]: 'add', [dropped.id]: 'remove' });

  await context.setOffline(false);
  await expect.poll(() => api(page, token, 'GET', '/api/favorites')).toEqual([kept.id]);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('favoritesPendingSync'))).toBeNull();
});

test('a new version: "Nueva versión disponible", and "Actualizar" moves the page onto it', async ({ page }) => {
  const original = readFileSync(workerFile, 'utf8');
  try {
    await page.goto('/');
    await controlled(page);
    const first = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.active!.scriptURL);
    expect(first).toMatch(/\/sw\.js$/);
    await expect(page.getByText('Nueva versión disponible')).toHaveCount(0);

    // A new build: the worker's bytes change under the same name.
    writeFileSync(workerFile, `${original}\n// build ${Date.now()}\n`);
    await page.goto('/map');
    await expect(page.getByText('Nueva versión disponible')).toBeVisible({ timeout: 20_000 });
    // Until the person accepts, the running version still works, lazily loaded screens included.
    await page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Calendario' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    const reloaded = page.waitForEvent('load');
    await page.getByRole('button', { name: 'Actualizar' }).click();
    await reloaded;
    await expect(page.getByText('Nueva versión disponible')).toHaveCount(0);
    const state = await page.evaluate(async () => {
      const registration = (await navigator.serviceWorker.getRegistration())!;
      return { waiting: registration.waiting, controlled: navigator.serviceWorker.controller !== null };
    });
    expect(state).toEqual({ waiting: null, controlled: true });
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  } finally {
    writeFileSync(workerFile, original);
  }
});
