import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { admin, api, catalogue, expect, login, test, withCookieChoice } from '../support/fixtures';

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

test("axe: 'Para ti' on the home, 'Festivales parecidos' and the lineup's player on a festival page, 'Escuchar' on an artist page", async ({
  page,
}) => {
  await withCookieChoice(page);
  const festivals = await catalogue(page);
  await page.addInitScript(
    (ids) => window.localStorage.setItem('favoriteFestivals', JSON.stringify(ids)),
    festivals.slice(0, 2).map((f) => String(f.id)),
  );
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Para ti' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  const { token } = await login(page, admin);
  const tag = Date.now().toString(36);
  const artist = await api(page, token, 'POST', '/api/admin/artists', {
    name: `Axe Escuchar ${tag}`,
    spotify: 'https://open.spotify.com/artist/5Ho1vKl1Uz8bJlk4vbmvmf',
  });
  const festival = festivals[0];
  const [edition] = await api(page, token, 'GET', `/api/festivals/${festival.id}/editions`);
  await page.goto(`/festival/${festival.id}`);
  await page.locator('#parecidos').scrollIntoViewIfNeeded();
  await expect(page.locator('#parecidos .discover-row')).toBeVisible();
  if (edition?.lineup?.length) {
    await page
      .getByRole('button', { name: /^Escuchar a / })
      .first()
      .click();
    await expect(page.getByRole('region', { name: 'Reproductor del cartel' })).toBeVisible();
  }
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto(`/artista/${artist.id}`);
  await expect(page.getByRole('button', { name: 'Escuchar en Spotify' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test("axe: a festival page's trip facts (price tiers with their history, 'Antes de ir', accessibility)", async ({
  page,
}) => {
  await withCookieChoice(page);
  const { token } = await login(page, admin);
  const festival = await api(page, token, 'POST', '/api/admin/festivals', {
    name: `Festival Axe Tramos ${Date.now().toString(36)}`,
    description: 'Tramos, condiciones y accesibilidad.',
    location: 'Valencia, España',
    start_date: '2031-07-11',
    genres: ['Techno'],
    status: 'approved',
  });
  const [edition] = await api(page, token, 'GET', `/api/festivals/${festival.id}/editions`);
  await api(page, token, 'PUT', `/api/admin/editions/${edition.id}/tiers`, {
    tiers: [
      { kind: 'abono', name: 'Abono – 1.er tramo', price: 40, fees: 3, ends_at: '2031-01-31', sold_out: true },
      { kind: 'abono', name: 'Abono – 2.º tramo', price: 55, fees_included: true },
      { kind: 'camping', name: 'Camping', price: 25 },
    ],
    source_url: 'https://festival.example/entradas',
    verified_at: '2026-11-01',
  });
  await api(page, token, 'PUT', `/api/admin/editions/${edition.id}/conditions`, {
    food: 'not_allowed',
    cashless: true,
    age_policy: 'minors_with_guardian',
    minimum_age: 16,
    guardian_form_url: 'https://festival.example/autorizacion.pdf',
    notes: 'Crema solar de hasta 100 ml.',
    source_url: 'https://festival.example/faq',
    verified_at: '2026-11-01',
  });
  await api(page, token, 'PUT', `/api/admin/editions/${edition.id}/accessibility`, {
    step_free: true,
    companion_ticket: 'free',
    contact: '+34 600 000 000',
  });
  await page.goto(`/festival/${festival.id}#cartel`);
  await expect(page.getByRole('region', { name: /Condiciones de acceso/ })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Evolución de los precios por tramo' })).toBeVisible();
  await page.getByText('Ver el historial como tabla').click();
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

test("axe: a plan with friends ('Plan con amigos') and its invitation page", async ({ page }) => {
  await withCookieChoice(page);
  const { token } = await login(page, { email: `axe.plan.${Date.now()}@festivales.e2e`, name: 'Ana Axe' });
  const festival = (await catalogue(page))[0];
  const plan = await api(page, token, 'POST', '/api/plans', { festival_id: festival.id });
  await api(page, token, 'POST', `/api/plans/${plan.id}/meeting-points`, { note: 'Entrada principal' });
  await page.goto(`/planes/${plan.id}`);
  await expect(page.getByRole('heading', { name: 'Dónde estaremos' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto(new URL(plan.invite_url).pathname);
  await expect(page.getByRole('button', { name: 'Unirme al plan' })).toBeVisible();
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
