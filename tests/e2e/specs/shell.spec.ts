import { expect, test, withCookieChoice } from '../support/fixtures';

test('fixed 60 px header with the logo, tagline and navigation; unknown paths go home', async ({ page }) => {
  await withCookieChoice(page);
  await page.goto('/no-existe/para-nada');
  await expect(page).toHaveURL('/');
  const header = page.getByRole('banner');
  await expect(header.getByText('DESCUBRE TU PRÓXIMO FESTIVAL')).toBeVisible();
  expect(await header.evaluate((el) => [getComputedStyle(el).position, el.getBoundingClientRect().height])).toEqual([
    'fixed',
    60,
  ]);
  const nav = page.getByRole('navigation', { name: 'Principal' });
  for (const name of ['Inicio', 'Mapa', 'Favoritos', 'Calendario'])
    await expect(nav.getByRole('link', { name })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Inicio' })).toHaveAttribute('aria-current', 'page');
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: 'Aviso legal' })).toBeVisible();
  await expect(footer.getByRole('link', { name: 'Instagram' })).toHaveAttribute('target', '_blank');
  await expect(footer.getByText(/© \d{4} Festivales/)).toBeVisible();
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 760 } });

  test('the hamburger opens a slide-in menu that locks scrolling and closes with Escape', async ({ page }) => {
    await withCookieChoice(page);
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Principal' })).toBeHidden();
    const hamburger = page.getByRole('button', { name: 'Abrir menú' });
    await hamburger.click();
    const menu = page.getByRole('dialog', { name: 'Menú' });
    await expect(menu).toBeVisible();
    for (const name of ['Inicio', 'Mapa', 'Favoritos', 'Calendario', 'Proponer Festival'])
      await expect(menu.getByRole('link', { name })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Panel Admin' })).toHaveCount(0);
    await expect(menu.getByRole('button', { name: 'Iniciar sesión' })).toBeVisible();
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
    // Focus stays in the menu and Escape gives it back to the hamburger.
    await expect(menu.getByRole('button', { name: 'Cerrar menú' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(hamburger).toBeFocused();
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');
    // A link navigates and closes the menu.
    await hamburger.click();
    await page.getByRole('dialog', { name: 'Menú' }).getByRole('link', { name: 'Favoritos' }).click();
    await expect(page).toHaveURL('/favorites');
    await expect(page.getByRole('dialog', { name: 'Menú' })).toBeHidden();
  });
});

test('cookie banner: accept all stores the record, fires the event and leaves the settings button', async ({
  page,
}) => {
  await page.goto('/');
  await page.evaluate(() => {
    (window as unknown as { consentEvents: unknown[] }).consentEvents = [];
    window.addEventListener('cookiePreferencesUpdated', (e) =>
      (window as unknown as { consentEvents: unknown[] }).consentEvents.push((e as CustomEvent).detail),
    );
  });
  const banner = page.getByRole('region', { name: 'Tu privacidad importa' });
  await expect(banner).toBeVisible();
  await banner.getByRole('button', { name: 'Aceptar Todas' }).click();
  await expect(banner).toBeHidden();
  const record = await page.evaluate(() => JSON.parse(localStorage.getItem('cookie-consent')!));
  expect(record.preferences).toEqual({ essential: true, analytics: true, marketing: true, personalization: true });
  expect(record.version).toBe('1.0');
  expect(new Date(record.timestamp).toISOString()).toBe(record.timestamp);
  expect(await page.evaluate(() => (window as unknown as { consentEvents: unknown[] }).consentEvents)).toHaveLength(1);

  // Stored: no banner on the next visit, only the floating button, which reopens it.
  await page.reload();
  await expect(banner).toBeHidden();
  await page.getByRole('button', { name: 'Configuración de cookies' }).click();
  await expect(banner).toBeVisible();
  await expect(banner.getByRole('checkbox', { name: /Analíticas/ })).toBeChecked();
});

test('cookie banner: reject all keeps only the essential ones', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Rechazar Todas' }).click();
  const record = await page.evaluate(() => JSON.parse(localStorage.getItem('cookie-consent')!));
  expect(record.preferences).toEqual({ essential: true, analytics: false, marketing: false, personalization: false });
});

test('cookie banner: Configurar toggles optional categories and Guardar Preferencias saves them', async ({ page }) => {
  await page.goto('/');
  const banner = page.getByRole('region', { name: 'Tu privacidad importa' });
  await banner.getByRole('button', { name: 'Configurar' }).click();
  await expect(banner.getByRole('checkbox', { name: /Esenciales/ })).toBeDisabled();
  await expect(banner.getByRole('checkbox', { name: /Esenciales/ })).toBeChecked();
  await banner.getByRole('checkbox', { name: /Personalización/ }).check();
  await banner.getByRole('button', { name: 'Guardar Preferencias' }).click();
  await expect(banner).toBeHidden();
  const record = await page.evaluate(() => JSON.parse(localStorage.getItem('cookie-consent')!));
  expect(record.preferences).toEqual({ essential: true, analytics: false, marketing: false, personalization: true });
});

test('newsletter: an empty address is refused, a valid one subscribes', async ({ page }) => {
  await withCookieChoice(page);
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  await footer.getByRole('button', { name: 'Suscribirme' }).click();
  await expect(page.getByText('Por favor, introduce un correo electrónico válido.')).toBeVisible();
  await footer.getByRole('textbox', { name: 'Correo electrónico' }).fill(`fan.${Date.now()}@festivales.example`);
  await footer.getByRole('button', { name: 'Suscribirme' }).click();
  await expect(page.getByText('¡Te has suscrito correctamente a nuestra newsletter!')).toBeVisible();
  await expect(footer.getByRole('textbox', { name: 'Correo electrónico' })).toHaveValue('');
});

test('screens scroll to the top on entry', async ({ page }) => {
  await withCookieChoice(page);
  await page.goto('/');
  await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Favoritos' }).click();
  await expect(page.getByRole('heading', { name: 'Mis favoritos' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test('the first paint waits for one stylesheet, which styles the toasts too', async ({ page }) => {
  const html = await (await page.request.get('/')).text();
  expect(html.match(/<link rel="stylesheet"[^>]*>/g)).toHaveLength(1);
  await withCookieChoice(page);
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  await footer.getByRole('button', { name: 'Suscribirme' }).click();
  const toast = page.locator('.toast').filter({ hasText: 'Por favor, introduce un correo electrónico válido.' });
  await expect(toast).toBeVisible();
  // Pinned under the header at the right, not in the page's flow after the footer.
  await expect(page.locator('.toast-region')).toHaveCSS('position', 'fixed');
  const box = (await toast.boundingBox())!;
  expect(box.y).toBeLessThan(200);
});
