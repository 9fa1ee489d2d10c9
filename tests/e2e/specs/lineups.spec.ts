import { expectNoSeriousA11yViolations } from '../support/a11y';
import { catalogue, expect, test, withCookieChoice } from '../support/fixtures';

test.beforeEach(async ({ page }) => {
  await withCookieChoice(page);
});

/** A seeded festival with past lineups and indicative prices (db/seed/lineup-data.ts). */
async function awakenings(page: Parameters<typeof catalogue>[0]) {
  const festival = (await catalogue(page)).find((f) => f.name === 'Awakenings Summer Festival');
  expect(festival, 'seeded Awakenings Summer Festival').toBeTruthy();
  return festival!;
}

test("the 'Cartel' shows the edition, its tickets and past years' lineups", async ({ page }) => {
  const festival = await awakenings(page);
  await page.goto(`/festival/${festival.id}`);
  await page.getByRole('navigation', { name: 'Secciones del festival' }).getByRole('link', { name: 'Cartel' }).click();
  const section = page.locator('#cartel');
  await expect(section.getByRole('heading', { level: 2, name: 'Cartel' })).toBeInViewport();

  // The upcoming edition: no lineup yet, indicative prices, a link to the official seller in a new tab.
  const currentYear = Number(festival.start_date!.slice(0, 4));
  await expect(section.getByRole('heading', { name: `Edición ${currentYear}` })).toBeVisible();
  await expect(section.getByText('Cartel por anunciar')).toBeVisible();
  await expect(section.getByText('Entradas de 99 € a 180 €')).toBeVisible();
  const buy = section.getByRole('link', { name: /Comprar entradas/ });
  await expect(buy).toHaveAttribute('target', '_blank');
  await expect(buy).toHaveAttribute('rel', 'noopener');
  await expect(buy).toHaveAttribute('href', /^https?:\/\//);

  // The share metadata names the offer.
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent())!);
  expect(jsonLd['@type']).toEqual(['MusicEvent', 'Festival']);
  expect(jsonLd.offers).toMatchObject({ '@type': 'AggregateOffer', lowPrice: 99, highPrice: 180, priceCurrency: 'EUR' });

  // 'Ediciones: 2026 · 2023 · 2019': another year brings its lineup, headliners first.
  const years = section.getByRole('group', { name: 'Ediciones:' });
  await expect(years.getByRole('button', { name: String(currentYear) })).toHaveAttribute('aria-pressed', 'true');
  await years.getByRole('button', { name: '2023' }).click();
  await expect(years.getByRole('button', { name: '2023' })).toHaveAttribute('aria-pressed', 'true');
  await expect(section.getByRole('heading', { name: 'Edición 2023' })).toBeVisible();
  await expect(section.getByText(/de julio de 2023|de junio de 2023/)).toBeVisible();
  const headliners = section.locator('.lineup-headliner a');
  await expect(headliners).toHaveText(['Adam Beyer', 'Amelie Lens', 'Charlotte de Witte']);
  // The rest alphabetically.
  const rest = await section.locator('.lineup-artist a').allTextContents();
  expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b, 'es', { sensitivity: 'base' })));
  expect(rest).toContain('Ben Klock');
  await expectNoSeriousA11yViolations(page);

  await years.getByRole('button', { name: '2019' }).click();
  await expect(section.getByRole('link', { name: 'Nina Kraviz' })).toBeVisible();
  await expect(section.getByText('Cartel por anunciar')).toHaveCount(0);
});

test('an artist page: festivals, past editions, share, slug corrected', async ({ page }) => {
  const festival = await awakenings(page);
  await page.goto(`/festival/${festival.id}#cartel`);
  const section = page.locator('#cartel');
  await section.getByRole('group', { name: 'Ediciones:' }).getByRole('button', { name: '2023' }).click();
  await section.getByRole('link', { name: 'Amelie Lens' }).click();

  await expect(page).toHaveURL(/\/artista\/\d+\/amelie-lens$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Amelie Lens' })).toBeVisible();
  await expect(page).toHaveTitle('Amelie Lens - Festivales');
  const past = page.getByRole('region', { name: 'Ediciones pasadas' });
  await expect(past.getByRole('link', { name: 'Awakenings Summer Festival 2023' })).toBeVisible();
  await expect(past.getByRole('link', { name: 'Tomorrowland 2023' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Próximos festivales' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Without the Web Share API the link is copied.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.evaluate(() => Object.defineProperty(navigator, 'share', { value: undefined, configurable: true }));
  await page.getByRole('button', { name: 'Compartir' }).click();
  await expect(page.getByText('Enlace copiado al portapapeles')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());

  // A wrong slug is replaced; the server HTML already carries the artist's preview.
  const id = /\/artista\/(\d+)\//.exec(page.url())![1];
  const html = await (await page.request.get(`/artista/${id}/otro-nombre`)).text();
  expect(html).toContain('<title>Amelie Lens - Festivales</title>');
  expect(html).toContain('"@type":"MusicGroup"');
  await page.goto(`/artista/${id}/otro-nombre`);
  await expect(page).toHaveURL(`/artista/${id}/amelie-lens`);

  // Back on the festival, the past edition links to the festival page.
  await past.getByRole('link', { name: 'Awakenings Summer Festival 2023' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Awakenings Summer Festival' })).toBeVisible();
});

test('the artists list searches without minding accents', async ({ page }) => {
  await page.goto('/artistas');
  await expect(page.getByRole('heading', { level: 1, name: 'Artistas' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Buscar artista' }).fill('tiesto');
  await expect(page.getByRole('link', { name: 'Tiësto' })).toBeVisible();
  await expect(page).toHaveURL(/\/artistas\?q=tiesto$/);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('link', { name: 'Tiësto' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tiësto' })).toBeVisible();
});
