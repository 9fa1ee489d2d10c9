import AxeBuilder from '@axe-core/playwright';
import { allowConsoleError, expect, test, withCookieChoice } from '../support/fixtures';

const serious = async (page: import('@playwright/test').Page) =>
  (
    await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze()
  ).violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => v.id);

test('the confirmation link leads to a page whose button confirms, and says when the link is not valid', async ({
  page,
}) => {
  // The browser reports the 404 of the refused link in its console; the page shows the reason.
  allowConsoleError(page, /404/);
  await withCookieChoice(page);
  await page.goto('/api/newsletter/confirm?token=00000000-0000-4000-8000-000000000000');
  await expect(page).toHaveURL(/\/newsletter\/confirmar\?token=/);
  await expect(page.getByRole('heading', { name: 'Confirma tu suscripción' })).toBeVisible();
  expect(await serious(page)).toEqual([]);
  await page.getByRole('button', { name: 'Confirmar suscripción' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'El enlace no es válido, ya se usó o ha caducado (dura 7 días). Suscríbete de nuevo desde el pie de página.',
  );

  await page.goto('/newsletter/enlace-no-valido');
  await expect(page.getByRole('heading', { name: 'Enlace no válido' })).toBeVisible();
  expect(await serious(page)).toEqual([]);
});

test('the unsubscribe page asks for the click, and says when the link is not valid', async ({ page }) => {
  // The browser reports the 404 of the refused link in its console; the page shows the reason.
  allowConsoleError(page, /404/);
  await withCookieChoice(page);
  await page.goto('/api/newsletter/unsubscribe?token=00000000-0000-4000-8000-000000000000');
  await expect(page).toHaveURL(/\/newsletter\/baja\?token=/);
  await expect(page.getByRole('heading', { name: 'Darse de baja de la newsletter' })).toBeVisible();
  expect(await serious(page)).toEqual([]);
  await page.getByRole('button', { name: 'Darme de baja' }).click();
  await expect(page.getByRole('alert')).toHaveText('El enlace no es válido o ya se usó.');
});
