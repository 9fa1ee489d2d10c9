import { expect, test, withCookieChoice } from '../support/fixtures';
import { expectNoSeriousA11yViolations } from '../support/a11y';

test.beforeEach(async ({ page }) => {
  await withCookieChoice(page);
});

const countText = (n: number) =>
  `${n} ${n === 1 ? 'festival encontrado' : 'festivales encontrados'} con los filtros aplicados`;

test("'Cerca de' a typed place: nearest first with their distance, a radius, kept in the address, drawn on the map", async ({
  page,
}) => {
  await page.goto('/');
  const place = page.getByLabel('Cerca de');
  await place.fill('malag');
  await page
    .getByRole('list', { name: 'Lugares encontrados' })
    .getByRole('button', { name: /^Málaga/ })
    .click();
  await expect(page.getByText('Málaga', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/cerca=M%C3%A1laga&lat=36\.7213&lon=-4\.4214/);
  // Choosing a place orders by distance.
  await expect(page.getByLabel('Ordenar por')).toHaveValue('distance');

  // The cards are those the server answers for that place, nearest first, each with 'a N km'.
  const answer = await (
    await page.request.get('/api/festivals/page?upcoming=true&sort=distance&lat=36.7213&lon=-4.4214&limit=24')
  ).json();
  await expect(page.getByRole('status').filter({ hasText: 'encontrado' })).toHaveText(countText(answer.total));
  const first = answer.items[0];
  const firstCard = page.getByRole('article').first();
  await expect(firstCard.getByRole('link', { name: first.name, exact: true })).toBeVisible();
  await expect(firstCard.getByText(/^a (menos de 1|[\d.]+) km$/)).toBeVisible();
  const distances = await page.locator('.festival-card-distance').allTextContents();
  const km = distances.map((d) => Number(d.replace(/[^\d]/g, '')));
  expect(km).toEqual([...km].sort((a, b) => a - b));
  await expectNoSeriousA11yViolations(page);

  // A radius narrows the list to the festivals within it.
  await page.getByLabel('Radio').selectOption('100');
  await expect(page).toHaveURL(/radio=100/);
  const within = await (
    await page.request.get(
      '/api/festivals/page?upcoming=true&sort=distance&lat=36.7213&lon=-4.4214&radius=100&limit=24',
    )
  ).json();
  await expect(page.getByRole('status').filter({ hasText: 'encontrado' })).toHaveText(countText(within.total));
  for (const d of await page.locator('.festival-card-distance').allTextContents())
    expect(Number(d.replace(/[^\d]/g, ''))).toBeLessThanOrEqual(100);

  // Kept on reload, and the map draws the circle around the place.
  await page.reload();
  await expect(page.getByLabel('Radio')).toHaveValue('100');
  await page.getByRole('link', { name: 'Ver mapa' }).click();
  await expect(page).toHaveURL(/\/map\?cerca=/);
  await expect(page.locator('[data-map-ready="true"]')).toBeVisible();
  await expect(page.locator('.leaflet-overlay-pane path')).toHaveCount(2);
  await page.goBack();

  // Removing the place goes back to the date order.
  await page.getByRole('button', { name: 'Quitar el lugar Málaga' }).click();
  await expect(page.getByLabel('Ordenar por')).toHaveValue('date');
  await expect(page).not.toHaveURL(/cerca=/);
  await expect(page.locator('.festival-card-distance')).toHaveCount(0);
});

test.describe('with the browser position allowed', () => {
  test.use({ geolocation: { latitude: 41.3874, longitude: 2.1686 }, permissions: ['geolocation'] });

  test("'Usar mi ubicación' measures from where the person is", async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Usar mi ubicación' }).click();
    await expect(page.getByText('Mi ubicación', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/lat=41\.3874&lon=2\.1686/);
    const answer = await (
      await page.request.get('/api/festivals/page?upcoming=true&sort=distance&lat=41.3874&lon=2.1686&limit=24')
    ).json();
    await expect(
      page.getByRole('article').first().getByRole('link', { name: answer.items[0].name, exact: true }),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('a place nobody knows says so', async ({ page }) => {
    await page.goto('/');
    await page.getByLabel('Cerca de').fill('Villanueva del Nada');
    await expect(page.getByText('No conocemos ese lugar. Prueba con una ciudad cercana.')).toBeVisible();
  });
});
