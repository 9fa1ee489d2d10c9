import { allowConsoleError, api, catalogue, expect, login, person, test, withCookieChoice } from '../support/fixtures';

test.beforeEach(async ({ page }) => {
  await withCookieChoice(page);
});

test('anonymous favourites live in local storage and fill the favourites page', async ({ page }) => {
  await page.goto('/favorites');
  await expect(page.getByText('Aún no tienes festivales favoritos.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Explorar festivales' })).toHaveAttribute('href', '/festivals');

  await page.goto('/');
  const name = (await page.getByRole('article').first().getByRole('heading').textContent())!;
  const festival = (await catalogue(page)).find((f) => f.name === name)!;
  await page.getByRole('button', { name: `Añadir ${festival.name} a favoritos` }).click();
  await expect(page.getByText('Festival añadido a favoritos')).toBeVisible();
  await expect(page.getByRole('button', { name: `Quitar ${festival.name} de favoritos` })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('favoriteFestivals')!))).toEqual([
    String(festival.id),
  ]);

  await page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Favoritos' }).click();
  await expect(page.getByText('1 festival guardado')).toBeVisible();
  await expect(page.getByRole('link', { name: festival.name, exact: true })).toBeVisible();
  await page.getByRole('button', { name: `Quitar ${festival.name} de favoritos` }).click();
  await expect(page.getByText('Festival eliminado de favoritos')).toBeVisible();
  await expect(page.getByText('Aún no tienes festivales favoritos.')).toBeVisible();
  // The empty state's link leads to the list (unknown /festivals redirects home).
  await page.getByRole('link', { name: 'Explorar festivales' }).click();
  await expect(page).toHaveURL('/');
});

test('signed in, a toggle is saved locally and on the server', async ({ page }) => {
  const festivals = await catalogue(page);
  const festival = festivals[1];
  const { token } = await login(page, person('Favorita'));
  await page.goto(`/festival/${festival.id}`);
  await page.getByRole('button', { name: `Añadir ${festival.name} a favoritos` }).click();
  await expect(page.getByText('Festival añadido a favoritos')).toBeVisible();
  await expect.poll(async () => api(page, token, 'GET', '/api/favorites')).toEqual([festival.id]);
  await page.getByRole('button', { name: `Quitar ${festival.name} de favoritos` }).click();
  await expect.poll(async () => api(page, token, 'GET', '/api/favorites')).toEqual([]);
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('favoriteFestivals')!))).toEqual([]);
});

test('a server failure keeps the local change', async ({ page }) => {
  const festival = (await catalogue(page))[2];
  await login(page, person('Sin servidor'));
  allowConsoleError(page, /status of 503/);
  await page.route('**/api/favorites/*', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: '{"error":"Base de datos no disponible","code":"db_down"}',
        })
      : route.continue(),
  );
  await page.goto(`/festival/${festival.id}`);
  await page.getByRole('button', { name: `Añadir ${festival.name} a favoritos` }).click();
  await expect(page.getByText('Festival añadido a favoritos')).toBeVisible();
  await expect(page.getByRole('button', { name: `Quitar ${festival.name} de favoritos` })).toBeVisible();
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('favoriteFestivals')!))).toEqual([
    String(festival.id),
  ]);
});

test('local favourites are merged with the server ones at sign-in, once the person agrees', async ({ page }) => {
  const festivals = await catalogue(page);
  const local = festivals[3];
  await page.addInitScript((id) => {
    if (!sessionStorage.getItem('seeded')) {
      localStorage.setItem('favoriteFestivals', JSON.stringify([String(id)]));
      sessionStorage.setItem('seeded', '1');
    }
  }, local.id);
  // The device's favourites may be someone else's: they join the account only if the person says so.
  const questions: string[] = [];
  page.on('dialog', (dialog) => {
    questions.push(dialog.message());
    void dialog.accept();
  });
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page.getByText('¡Bienvenido/a Usuario Demo!')).toBeVisible();
  const token = await page.evaluate(() => localStorage.getItem('google_token'));
  await expect.poll(async () => (await api(page, token!, 'GET', '/api/favorites')) as number[]).toContain(local.id);
  // (No question when the shared demo account had it already from an earlier test.)
  for (const question of questions)
    expect(question).toMatch(
      /^¿Añadir (el favorito guardado|los \d+ favoritos guardados) en este dispositivo a tu cuenta\?$/,
    );
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('favoriteFestivals')!) as string[]);
  expect(stored).toContain(String(local.id));
});
