import { expectNoSeriousA11yViolations } from '../support/a11y';
import { admin, expect, login, person, sessionFor, test, withCookieChoice } from '../support/fixtures';

test("'/cuenta': preferences saved, followed artists, data download and account deletion", async ({
  page,
}, testInfo) => {
  await withCookieChoice(page);
  const staff = await sessionFor(page, admin);
  const artist = await page.request.post('/api/admin/artists', {
    headers: { Authorization: `Bearer ${staff.token}` },
    data: { name: `Cuenta E2E ${Date.now()}` },
  });
  expect(artist.status()).toBe(201);
  const { id: artistId, name: artistName } = await artist.json();
  const me = person('Lucía Cuenta');
  const session = await login(page, me);
  const auth = { Authorization: `Bearer ${session.token}` };
  expect((await page.request.post(`/api/follows/artists/${artistId}`, { headers: auth })).status()).toBe(201);

  await page.goto('/cuenta');
  await expect(page.getByRole('heading', { name: 'Mi cuenta', level: 1 })).toBeVisible();
  // The header's user menu (hidden until opened) names the email too, once its code has arrived.
  await expect(page.getByRole('region', { name: 'Perfil' }).getByText(me.email)).toBeVisible();
  await expect(page.getByRole('link', { name: artistName })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: testInfo.outputPath(`cuenta-${width}.png`), fullPage: true });
  }

  // Artists I follow: no email about them, and a daily digest; saved on the server.
  const artists = page.getByRole('group', { name: 'Artistas que sigo' });
  await artists.getByRole('checkbox', { name: 'Correo' }).uncheck();
  await page.getByRole('radio', { name: 'Diario' }).check();
  await page.getByRole('button', { name: 'Guardar preferencias' }).click();
  await expect(page.getByText('Preferencias guardadas')).toBeVisible();
  const prefs = await (await page.request.get('/api/users/preferences', { headers: auth })).json();
  expect(prefs.digest).toBe('daily');
  expect(prefs.channels.artists).toEqual({ inApp: true, email: false, push: true });
  await page.reload();
  await expect(
    page.getByRole('group', { name: 'Artistas que sigo' }).getByRole('checkbox', { name: 'Correo' }),
  ).not.toBeChecked();

  await page.getByRole('button', { name: `Dejar de seguir a ${artistName}` }).click();
  await expect(page.getByText('Aún no sigues a ningún artista.')).toBeVisible();

  await page.getByRole('button', { name: 'Obtener enlace del calendario' }).click();
  await expect(page.getByRole('link', { name: 'Añadir a mi calendario' })).toHaveAttribute(
    'href',
    /^webcal:\/\/.+\/api\/feeds\/favorites\/[0-9a-f-]+\.ics$/,
  );

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Descargar mis datos' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^festivales-mis-datos-\d{4}-\d{2}-\d{2}\.json$/);
  const exported = JSON.parse(await (await import('node:fs/promises')).readFile((await download.path())!, 'utf8'));
  expect(exported.profile.email).toBe(me.email);
  expect(exported.preferences.digest).toBe('daily');

  const remove = page.getByRole('button', { name: 'Eliminar mi cuenta' });
  await expect(remove).toBeDisabled();
  await page.getByLabel('Escribe ELIMINAR para confirmar').fill('ELIMINAR');
  await remove.click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Tu cuenta se ha eliminado.')).toBeVisible();
  expect((await page.request.get('/api/users/profile', { headers: auth })).status()).toBe(401);
});

test("'Crear alerta' on the home saves the filters; 'Seguir' on an artist's page follows; the bell tells of the booking and the matching festival", async ({
  page,
}, testInfo) => {
  await withCookieChoice(page);
  const staff = await sessionFor(page, admin);
  const created = await page.request.post('/api/admin/artists', {
    headers: { Authorization: `Bearer ${staff.token}` },
    data: { name: `Seguir E2E ${Date.now()}` },
  });
  const artist = await created.json();
  const session = await login(page, person('Pablo Alerta'));
  const auth = { Authorization: `Bearer ${session.token}` };

  await page.goto('/?genero=Techno');
  const button = page.getByRole('button', { name: 'Crear alerta' });
  await expect(button).toBeVisible();
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: testInfo.outputPath(`home-alerta-${width}.png`) });
  }
  await button.click();
  await expect(page.getByText('Alerta «Techno» creada')).toBeVisible();
  const alerts = await (await page.request.get('/api/alerts', { headers: auth })).json();
  expect(alerts.map((a: { name: string; filters: unknown }) => [a.name, a.filters])).toEqual([
    ['Techno', { genre: 'Techno' }],
  ]);

  await page.goto(`/artista/${artist.id}`);
  const follow = page.getByRole('button', { name: 'Seguir', exact: true });
  await follow.click();
  await expect(page.getByRole('button', { name: 'Siguiendo' })).toHaveAttribute('aria-pressed', 'true');
  await expectNoSeriousA11yViolations(page);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: testInfo.outputPath(`artista-${width}.png`) });
  }
  const follows = await (await page.request.get('/api/follows', { headers: auth })).json();
  expect(follows.artists.map((a: { id: number }) => a.id)).toEqual([artist.id]);

  // An admin books the artist at a festival: the bell says so, in Spanish, and leads to the festival.
  const staffAuth = { Authorization: `Bearer ${staff.token}` };
  const start = new Date(Date.now() + 45 * 86_400_000).toISOString().slice(0, 10);
  const festival = await (
    await page.request.post('/api/admin/festivals', {
      headers: staffAuth,
      data: {
        name: `Cartel E2E ${Date.now()}`,
        description: 'Festival de prueba.',
        location: 'Valencia, España',
        start_date: start,
        end_date: start,
        genres: ['Techno'],
      },
    })
  ).json();
  const { edition } = await (await page.request.get(`/api/festivals/${festival.id}`)).json();
  expect(
    (
      await page.request.put(`/api/admin/editions/${edition.id}/lineup`, {
        headers: staffAuth,
        data: { lineup: [{ artist_id: artist.id }] },
      })
    ).status(),
  ).toBe(200);
  await page.reload();
  // Two: the booking, and the festival itself matching the 'Techno' alert saved above.
  await page.getByRole('button', { name: 'Notificaciones (2 sin leer)' }).click();
  const panel = page.getByRole('region', { name: 'Notificaciones' });
  await expect(panel.getByText('Artista', { exact: true })).toBeVisible();
  await expect(panel.getByText('Alerta', { exact: true })).toBeVisible();
  await expect(
    panel.getByText(new RegExp(`^Nuevo festival para tu alerta «Techno»: ${festival.name} \\(`)),
  ).toBeVisible();
  const line = panel.getByRole('link', { name: new RegExp(`^${artist.name} tocará en ${festival.name} \\(`) });
  await expect(line).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('campana-1280.png') });
  await line.click();
  await expect(page).toHaveURL(new RegExp(`/festival/${festival.id}/`));
});
