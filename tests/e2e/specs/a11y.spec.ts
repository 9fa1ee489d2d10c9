import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { admin, catalogue, expect, login, test, withCookieChoice } from '../support/fixtures';

async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} -> ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 4)
          .join(' | ')}`,
    );
}

test('axe: the home, with the cookie banner open', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('article').first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Tu privacidad importa' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('axe: a festival page with its map', async ({ page }) => {
  await withCookieChoice(page);
  const festival = (await catalogue(page)).find((f) => f.hasValidCoordinates)!;
  await page.goto(`/festival/${festival.id}`);
  // The map is loaded when its section nears the screen, as a reader scrolls to it.
  await page.locator('#ubicacion').scrollIntoViewIfNeeded();
  await expect(page.locator('.leaflet-container')).toBeVisible();
  await expect(page.getByText('Imagen oficial')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('axe: the favourites page, empty and with a festival', async ({ page }) => {
  await withCookieChoice(page);
  await page.goto('/favorites');
  await expect(page.getByText('Aún no tienes festivales favoritos.')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  const [festival] = await catalogue(page);
  await page.evaluate((id) => localStorage.setItem('favoriteFestivals', JSON.stringify([String(id)])), festival.id);
  await page.reload();
  await expect(page.getByRole('article')).toHaveCount(1);
  expect(await seriousViolations(page)).toEqual([]);
});

test("axe: the admin's import tab, with a bulk file's dry run", async ({ page }) => {
  await withCookieChoice(page);
  await login(page, admin);
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Importar' }).click();
  await expect(page.getByRole('heading', { name: 'Importar desde la web oficial' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  const csv = [
    'name,location,country,start_date,end_date,description',
    'Festival del Archivo,Bilbao,España,2033-09-01,2033-09-02,Probado por axe.',
    ',Bilbao,España,2033-09-01,2033-09-02,Sin nombre.',
  ].join('\n');
  await page
    .getByLabel('Archivo CSV o JSON')
    .setInputFiles({ name: 'festivales.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: 'Simular la importación' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Se crearían 1 festivales' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Filas con errores' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 760 } });
  test('axe: the home and the open mobile menu', async ({ page }) => {
    await withCookieChoice(page);
    await page.goto('/');
    await expect(page.getByRole('article').first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Abrir menú' }).click();
    await expect(page.getByRole('dialog', { name: 'Menú' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
