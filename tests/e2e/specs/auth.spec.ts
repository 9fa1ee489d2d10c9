import {
  admin,
  allowConsoleError,
  api,
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

test('sign-in through the fallback, then sign-out', async ({ page }) => {
  await page.goto('/');
  const header = page.getByRole('banner');
  await expect(header.getByText('Modo alternativo para navegación privada')).toBeVisible();
  await header.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page.getByText('¡Bienvenido/a Usuario Demo!')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('google_token'))).toBeTruthy();
  const userMenu = header.getByRole('button', { name: 'Menú de Usuario Demo' });
  await userMenu.click();
  for (const name of ['Mis favoritos', 'Proponer festival'])
    await expect(header.getByRole('link', { name })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Panel Admin' })).toHaveCount(0);
  // The session survives a reload (profile check at load).
  await page.reload();
  await header.getByRole('button', { name: 'Menú de Usuario Demo' }).click();
  await header.getByRole('button', { name: 'Cerrar sesión', exact: true }).click();
  await expect(page.getByText('Has cerrado sesión')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('google_token'))).toBeNull();
  await expect(header.getByRole('button', { name: 'Iniciar sesión' })).toBeVisible();
});

test('a stored token the server refuses signs the visitor out', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('google_token', 'not-a-valid-session'));
  allowConsoleError(page, /status of 401/);
  await page.goto('/');
  await expect(page.getByRole('banner').getByRole('button', { name: 'Iniciar sesión' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('google_token'))).toBeNull();
});

test('admins get Panel Admin, which toggles to Volver on the admin screen', async ({ page }) => {
  await login(page, admin);
  await page.goto('/');
  const header = page.getByRole('banner');
  await header.getByRole('button', { name: `Menú de ${admin.name}` }).click();
  await header.getByRole('link', { name: 'Panel Admin' }).click();
  await expect(page).toHaveURL('/admin');
  // The address changes before the panel's code arrives; when the panel is drawn, focus moves to it
  // (as on every new screen) and an open menu closes. Open it on the drawn panel.
  await expect(page.getByRole('heading', { name: 'Panel de Administración' })).toBeVisible();
  await header.getByRole('button', { name: `Menú de ${admin.name}` }).click();
  await header.getByRole('link', { name: 'Volver' }).click();
  await expect(page).toHaveURL('/');
});

test('notifications: the bell counts unread ones and Leída marks one read', async ({ page }) => {
  const proposer = person('Notificada');
  const { token } = await login(page, proposer);
  const adminSession = await sessionFor(page, admin);
  const name = `Festival notificado ${Date.now()}`;
  const proposal = await api(page, token, 'POST', '/api/festivals', {
    name,
    location: 'Valencia, España',
    start_date: '2031-05-01',
    end_date: '2031-05-02',
    description: 'Una propuesta de prueba.',
  });
  await api(page, adminSession.token, 'PATCH', `/api/admin/festivals/${proposal.id}/approve`, { status: 'approved' });

  await page.goto('/');
  const bell = page.getByRole('button', { name: 'Notificaciones (1 sin leer)' });
  await bell.click();
  const panel = page.getByRole('region', { name: 'Notificaciones' });
  await expect(panel).toBeVisible();
  expect(await panel.evaluate((el) => el.getBoundingClientRect().width)).toBe(280);
  await expect(panel.getByText('Festival', { exact: true })).toBeVisible();
  await expect(panel.getByText(name)).toBeVisible();
  await panel.getByRole('button', { name: 'Leída' }).click();
  await expect(page.getByRole('button', { name: 'Notificaciones', exact: true })).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Leída' })).toHaveCount(0);
});

test('notifications: an empty panel says so', async ({ page }) => {
  await login(page, person('Sin avisos'));
  await page.goto('/');
  await page.getByRole('button', { name: 'Notificaciones', exact: true }).click();
  await expect(page.getByText('No tienes notificaciones.')).toBeVisible();
});

test('a refused sign-in shows its toast', async ({ page }) => {
  allowConsoleError(page, /status of 401/);
  await page.route('**/api/users/auth/google', (route) =>
    route.fulfill({
      status: 401,
      contentType: 'application/json',
      body: '{"error":"Credencial no válida.","code":"invalid_credential"}',
    }),
  );
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page.getByText('Error al iniciar sesión: Error de autenticación: 401')).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Iniciar sesión' })).toBeEnabled();
});
