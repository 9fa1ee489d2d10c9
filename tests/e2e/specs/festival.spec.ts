import { slugify } from '#core/slug';
import {
  admin,
  allowConsoleError,
  api,
  catalogue,
  expect,
  login,
  person,
  sessionFor,
  test,
  withCookieChoice,
} from '../support/fixtures';

test.beforeEach(async ({ page }) => {
  await withCookieChoice(page);
});

test('a wrong or missing slug is corrected in place (history replace)', async ({ page }) => {
  const festival = (await catalogue(page)).find((f) => /[^a-z0-9 ]/i.test(f.name)) ?? (await catalogue(page))[0];
  const slug = slugify(festival.name);
  await page.goto('/');
  await page.goto(`/festival/${festival.id}/nombre-equivocado`);
  await expect(page).toHaveURL(`/festival/${festival.id}/${slug}`);
  await page.goBack();
  await expect(page).toHaveURL('/');
  await page.goto(`/festival/${festival.id}`);
  await expect(page).toHaveURL(`/festival/${festival.id}/${slug}`);
  await expect(page).toHaveTitle(`${festival.name} - Festivales`);
});

test('the page shows the hero, the info section and the location with its map', async ({ page }) => {
  const festival = (await catalogue(page)).find(
    (f) =>
      f.hasValidCoordinates &&
      f.transportation &&
      /\]\(https?:/.test((f as { description?: string }).description ?? ''),
  )!;
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  await page.goto(`/festival/${festival.id}`);
  await expect(page.getByRole('heading', { level: 1, name: festival.name })).toBeVisible();
  await page.waitForLoadState('networkidle');
  // Leaflet is not part of the page's load: it is fetched when the location section nears the screen.
  expect(scripts.filter((url) => /\/assets\/(leaflet|location-map)-/.test(url))).toEqual([]);
  await expect(page.getByRole('link', { name: 'Volver' })).toHaveAttribute('href', '/');
  const info = page.locator('#informacion');
  await expect(info.getByRole('heading', { name: 'Datos generales' })).toBeVisible();
  await expect(info.getByText('Nombre', { exact: true })).toBeVisible();
  // Earlier tests may have rated this festival on the shared server: the summary shows what it holds.
  const { ratingsCount } = (await (await page.request.get(`/api/festivals/${festival.id}`)).json()) as {
    ratingsCount: number;
  };
  await expect(info.getByText(ratingsCount ? `(${ratingsCount} valoraciones)` : 'Sin valoraciones aún')).toBeVisible();
  // Markdown links open in a new tab.
  const link = info.locator('.markdown a').first();
  await expect(link).toHaveAttribute('target', '_blank');

  const location = page.locator('#ubicacion');
  await expect(location.getByRole('heading', { name: 'Ubicación del Festival' })).toBeVisible();
  await location.scrollIntoViewIfNeeded();
  const map = location.locator('.leaflet-container');
  await expect(map).toBeVisible();
  expect(scripts.filter((url) => /\/assets\/leaflet-/.test(url))).toHaveLength(1);
  expect(Math.round((await map.boundingBox())!.height)).toBe(400);
  const marker = location.getByRole('button', { name: `Ubicación de ${festival.name}` });
  await marker.click();
  await expect(location.locator('.leaflet-popup')).toContainText(festival.name);
  // The marker image is bundled, not fetched from a CDN.
  expect(await location.locator('img.leaflet-marker-icon').getAttribute('src')).toMatch(/^(\/assets\/|data:image)/);
  await expect(location.getByRole('link', { name: /^Cómo llegar/ })).toHaveAttribute(
    'href',
    `https://www.google.com/maps/dir/?api=1&destination=${festival.latitude},${festival.longitude}`,
  );
  await expect(location.getByRole('link', { name: /^Ver en Google Maps/ })).toHaveAttribute(
    'href',
    /google\.com\/maps\/search/,
  );
  await expect(location.getByRole('heading', { name: 'Cómo llegar' })).toBeVisible();
  await expect(location.getByText(festival.transportation!)).toBeVisible();
});

test('the tabs scroll to their sections', async ({ page }) => {
  const festival = (await catalogue(page))[5];
  await page.goto(`/festival/${festival.id}`);
  await expect(page.getByText('Imagen oficial')).toBeVisible();
  await expect(
    page
      .locator('#comentarios')
      .getByText(/Todavía no hay comentarios|Borrar|Inicia sesión/)
      .first(),
  ).toBeVisible();
  const tabs = page.getByRole('navigation', { name: 'Secciones del festival' });
  await tabs.getByRole('link', { name: 'Comentarios' }).click();
  await expect(page.getByRole('heading', { name: /^Comentarios/ })).toBeInViewport();
  await expect(tabs.getByRole('link', { name: 'Comentarios' })).toHaveAttribute('aria-current', 'true');
  await tabs.getByRole('link', { name: 'Ubicación' }).click();
  await expect(page.getByRole('heading', { name: 'Ubicación del Festival' })).toBeInViewport();
});

test('a pending proposal: badge, markdown without raw HTML, fallbacks and pending location', async ({ page }) => {
  const proposer = person('Proponente');
  const { token } = await login(page, proposer);
  // The server's share preview answers a pending proposal's URL with 404 (not public); the SPA still shows it to its proposer.
  allowConsoleError(page, /status of 404/);
  const proposal = await api(page, token, 'POST', '/api/festivals', {
    name: `Prueba Markdown ${Date.now()}`,
    location: 'Pueblo Inventado, España',
    start_date: '2031-08-01',
    end_date: '2031-08-03',
    description:
      'Texto con **negrita**, un [enlace](https://example.com) y <b>html crudo</b><script>window.__xss = 1</script>.',
  });
  await page.goto(`/festival/${proposal.id}`);
  await expect(page.getByText('Pendiente de aprobación')).toBeVisible();
  const description = page.locator('.markdown');
  await expect(description.locator('strong')).toHaveText('negrita');
  await expect(description.getByRole('link', { name: 'enlace' })).toHaveAttribute('target', '_blank');
  await expect(description.locator('b, script')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  await expect(page.locator('#informacion').getByText('No especificados')).toBeVisible();
  await expect(page.getByText('Ubicación pendiente de geocodificación')).toBeVisible();
  await expect(page.locator('#ubicacion').getByRole('link', { name: /^Ver en Google Maps/ })).toBeVisible();
});

test('an unknown festival says Festival no encontrado with a way back', async ({ page }) => {
  allowConsoleError(page, /status of 404/);
  await page.goto('/festival/987654/nada');
  await expect(page.getByRole('heading', { name: 'Festival no encontrado' })).toBeVisible();
  await page.getByRole('link', { name: 'Volver' }).click();
  await expect(page).toHaveURL('/');
});

test('sharing without a native share sheet copies the link', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const festival = (await catalogue(page))[6];
  await page.goto(`/festival/${festival.id}`);
  await page.getByRole('region', { name: festival.name }).getByRole('button', { name: 'Compartir' }).click();
  await expect(page.getByText('Enlace copiado al portapapeles')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());
});

test('only admins see Eliminar festival, which asks first and then deletes', async ({ page }) => {
  const adminSession = await sessionFor(page, admin);
  const proposer = await sessionFor(page, person('Para borrar'));
  const created = await api(page, proposer.token, 'POST', '/api/festivals', {
    name: `Festival para borrar ${Date.now()}`,
    location: 'Bilbao, España',
    start_date: '2031-09-01',
    end_date: '2031-09-02',
    description: 'Se borrará en la prueba.',
  });
  await api(page, adminSession.token, 'PATCH', `/api/admin/festivals/${created.id}/approve`, { status: 'approved' });

  await page.goto(`/festival/${created.id}`);
  await expect(page.getByRole('heading', { level: 1, name: created.name })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Eliminar festival' })).toHaveCount(0);

  await page.addInitScript((t) => localStorage.setItem('google_token', t), adminSession.token);
  await page.reload();
  await page.getByRole('button', { name: 'Eliminar festival' }).click();
  const dialog = page.getByRole('alertdialog', { name: '¿Eliminar festival?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Eliminar festival' }).click();
  await dialog.getByRole('button', { name: 'Eliminar festival' }).click();
  await expect(page.getByText('Festival eliminado correctamente')).toBeVisible();
  await expect(page).toHaveURL('/');
  expect((await page.request.get(`/api/festivals/${created.id}`)).status()).toBe(404);
});
