import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { decodeJwt, SignJWT } from 'jose';
import { E2E_SESSION_SECRET } from '../support/constants';
import { expect, login, person, sessionFor, test, withCookieChoice } from '../support/fixtures';

test.beforeEach(async ({ page }) => {
  await withCookieChoice(page);
});

/** What the server says of a session token now: 200 while it works, 401 once it was ended. */
const profileStatus = async (page: Page, token: string) =>
  (await page.request.get('/api/users/profile', { headers: { Authorization: `Bearer ${token}` } })).status();

test("'Cerrar sesión' ends this device's session on the server, not only in the browser", async ({ page }) => {
  const someone = person('Una Salida');
  const here = await login(page, someone);
  const elsewhere = await sessionFor(page, someone);
  await page.goto('/');
  const header = page.getByRole('banner');
  await header.getByRole('button', { name: `Menú de ${someone.name}` }).click();
  await header.getByRole('button', { name: 'Cerrar sesión', exact: true }).click();
  await expect(page.getByText('Has cerrado sesión')).toBeVisible();
  await expect(header.getByRole('button', { name: 'Iniciar sesión' })).toBeVisible();
  await expect.poll(() => profileStatus(page, here.token)).toBe(401);
  // The person's other devices stay signed in.
  expect(await profileStatus(page, elsewhere.token)).toBe(200);
});

test('the user menu is wide enough for each item to stay on one line', async ({ page }) => {
  const someone = person('Menu Ancho');
  await login(page, someone);
  await page.goto('/');
  const header = page.getByRole('banner');
  await header.getByRole('button', { name: `Menú de ${someone.name}` }).click();
  const single = await header.getByRole('button', { name: 'Cerrar sesión', exact: true }).boundingBox();
  const everywhere = await header
    .getByRole('button', { name: 'Cerrar sesión en todos los dispositivos' })
    .boundingBox();
  expect(single && everywhere).toBeTruthy();
  // Same height as a one-line item: the long one does not wrap (it wrapped onto 3 lines at 1280 px).
  expect(everywhere!.height).toBeLessThanOrEqual(single!.height + 1);
  expect(everywhere!.x + everywhere!.width).toBeLessThanOrEqual(1280);
});

test("'Cerrar sesión en todos los dispositivos' in the user menu ends every session of the person", async ({
  page,
}) => {
  const someone = person('Todas Fuera');
  const here = await login(page, someone);
  const phone = await sessionFor(page, someone);
  const stranger = await sessionFor(page, person('Otra Persona'));
  await page.goto('/');
  const header = page.getByRole('banner');
  await header.getByRole('button', { name: `Menú de ${someone.name}` }).click();
  await header.getByRole('button', { name: 'Cerrar sesión en todos los dispositivos' }).click();
  await expect(page.getByText('Has cerrado sesión en todos los dispositivos')).toBeVisible();
  await expect(header.getByRole('button', { name: 'Iniciar sesión' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('google_token'))).toBeNull();
  expect(await profileStatus(page, here.token)).toBe(401);
  expect(await profileStatus(page, phone.token)).toBe(401);
  expect(await profileStatus(page, stranger.token)).toBe(200);
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 760 } });

  test('the mobile menu offers the same action, by keyboard too, and closes after it', async ({ page }) => {
    const someone = person('Movil Fuera');
    const here = await login(page, someone);
    const laptop = await sessionFor(page, someone);
    await page.goto('/');
    await page.getByRole('button', { name: 'Abrir menú' }).click();
    const menu = page.getByRole('dialog', { name: 'Menú' });
    await expect(menu.getByRole('button', { name: 'Cerrar sesión', exact: true })).toBeVisible();
    const everywhere = menu.getByRole('button', { name: 'Cerrar sesión en todos los dispositivos' });
    await everywhere.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Has cerrado sesión en todos los dispositivos')).toBeVisible();
    await expect(menu).toBeHidden();
    expect(await profileStatus(page, here.token)).toBe(401);
    expect(await profileStatus(page, laptop.token)).toBe(401);
  });

  test('the menu opened while the stored session is still being checked stays open when the check ends', async ({
    page,
  }) => {
    const someone = person('Menu Temprano');
    await login(page, someone);
    let answer!: () => void;
    const checked = new Promise<void>((resolve) => (answer = resolve));
    await page.route('**/api/users/profile', async (route) => {
      await checked;
      await route.continue();
    });
    await page.goto('/');
    await page.getByRole('button', { name: 'Abrir menú' }).click();
    const menu = page.getByRole('dialog', { name: 'Menú' });
    await expect(menu).toBeVisible();
    answer();
    await expect(menu.getByRole('button', { name: 'Cerrar sesión', exact: true })).toBeVisible();
    await expect(menu).toBeVisible();
  });
});

test('an active visitor keeps a renewed token from the profile check', async ({ page }) => {
  const someone = person('Renovada');
  const { user } = await sessionFor(page, someone);
  // A token of this person's session issued 13 hours ago: past half its one-day life.
  const issuedAt = Math.floor(Date.now() / 1000) - 13 * 3600;
  const old = await new SignJWT({ sid: randomUUID(), sv: 0, auth_time: issuedAt })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(user.id))
    .setIssuer('festivales')
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + 24 * 3600)
    .sign(new TextEncoder().encode(E2E_SESSION_SECRET));
  await page.addInitScript((token) => {
    if (!sessionStorage.getItem('seeded')) {
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem('google_token', token);
    }
  }, old);
  await page.goto('/');
  await expect(page.getByRole('banner').getByRole('button', { name: `Menú de ${someone.name}` })).toBeVisible();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('google_token'))).not.toBe(old);
  const renewed = (await page.evaluate(() => localStorage.getItem('google_token')))!;
  expect(decodeJwt(renewed).iat).toBeGreaterThan(issuedAt + 12 * 3600);
  expect(decodeJwt(renewed).sid).toBe(decodeJwt(old).sid);
  // The page keeps working with it after a reload.
  await page.reload();
  await expect(page.getByRole('banner').getByRole('button', { name: `Menú de ${someone.name}` })).toBeVisible();
  expect(await profileStatus(page, renewed)).toBe(200);
});
