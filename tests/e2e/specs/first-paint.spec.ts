import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';

/**
 * Holds every script but the boot entry until `release` is called: the page shows what index.html
 * and the boot entry draw, before the app has started.
 */
async function holdTheApp(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/(?!boot-)[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** The app has taken the page over: it marks the current screen's link. */
const appStarted = (page: Page) =>
  expect(page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Inicio' })).toHaveAttribute(
    'aria-current',
    'page',
  );

test('the header and cookie banner drawn before the app starts are the very elements the app then answers with', async ({
  page,
}) => {
  const release = await holdTheApp(page);
  await page.goto('/');
  const banner = page.getByRole('region', { name: 'Tu privacidad importa' });
  await expect(banner).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Mapa' })).toBeVisible();
  const pressable =
    '#root header a, #root header button, #root section[role="region"] a, #root section[role="region"] button';
  const before = await page.evaluate((selector) => {
    const elements = [...document.querySelectorAll(selector)];
    for (const element of elements) (element as unknown as { drawnFirst: boolean }).drawnFirst = true;
    return elements.map((e) => e.textContent?.trim() || e.getAttribute('aria-label'));
  }, pressable);
  expect(before).toEqual(expect.arrayContaining(['Inicio', 'Mapa', 'Abrir menú', 'Aceptar Todas', 'Configurar']));
  release();
  await appStarted(page);
  await expect(page.locator('.festival-card').first()).toBeVisible();
  const replaced = await page.evaluate(
    (selector) =>
      [...document.querySelectorAll(selector)]
        .filter((e) => !(e as unknown as { drawnFirst?: boolean }).drawnFirst)
        .map((e) => e.textContent?.trim() || e.getAttribute('aria-label')),
    pressable,
  );
  // Only what the app adds (the session's controls) is new; what was drawn first is kept.
  expect(replaced.filter((name) => before.includes(name))).toEqual([]);
  const kept = await page.evaluate(
    (selector) =>
      [...document.querySelectorAll(selector)].filter((e) => (e as unknown as { drawnFirst?: boolean }).drawnFirst)
        .length,
    pressable,
  );
  expect(kept).toBe(before.length);
});

test('a press on the cookie banner that starts before the app starts and ends after it counts', async ({ page }) => {
  const release = await holdTheApp(page);
  await page.goto('/');
  const reject = page.getByRole('button', { name: 'Rechazar Todas' });
  await expect(reject).toBeVisible();
  const box = (await reject.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  release();
  await appStarted(page);
  await page.mouse.up();
  await expect(page.getByRole('region', { name: 'Tu privacidad importa' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Configuración de cookies' })).toBeVisible();
  const record = await page.evaluate(() => JSON.parse(localStorage.getItem('cookie-consent') ?? 'null'));
  expect(record?.preferences).toEqual({ essential: true, analytics: false, marketing: false, personalization: false });
});
