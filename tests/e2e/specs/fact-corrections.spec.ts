import { expectNoSeriousA11yViolations } from '../support/a11y';
import { admin, api, expect, login, person, test, withCookieChoice } from '../support/fixtures';

test.beforeEach(async ({ page }) => {
  await withCookieChoice(page);
});

test("a signed-in visitor proposes a correction with its source, an admin approves it, and 'Antes de ir' shows it as the community's", async ({
  page,
  browser,
}) => {
  const name = `Festival Correcciones ${Date.now().toString(36)}`;
  const { token } = await login(page, admin);
  const festival = await api(page, token, 'POST', '/api/admin/festivals', {
    name,
    description: 'Un festival para probar las correcciones de datos.',
    location: 'Valencia, España',
    start_date: '2031-06-20',
    genres: ['Techno'],
    status: 'approved',
  });

  const context = await browser.newContext({ locale: 'es-ES', timezoneId: 'Europe/Madrid', serviceWorkers: 'block' });
  const visitor = await context.newPage();
  await withCookieChoice(visitor);
  const lucia = await login(visitor, person('Lucía Correctora'));
  await visitor.goto(`/festival/${festival.id}`);
  const section = visitor.locator('#antes-de-ir');
  const foodFact = section.locator('.trip-fact:has(> dt:text-is("Comida")) > dd');
  await expect(foodFact).toHaveText('Sin confirmar');
  await section.getByRole('button', { name: 'Propón una corrección' }).click();
  const dialog = visitor.getByRole('dialog', { name: 'Proponer una corrección' });
  await dialog.getByLabel('Sobre').selectOption({ label: 'Antes de ir' });
  await dialog.getByLabel('Dato', { exact: true }).selectOption({ label: 'Comida' });
  await dialog.getByLabel('Dato correcto').selectOption({ label: 'Se puede entrar con comida' });
  await dialog.getByLabel('Página oficial que lo dice (URL)').fill('https://festival.example/faq');
  await dialog.getByLabel('Nota (opcional)').fill('La FAQ dice que se puede entrar con bocadillos.');
  await expectNoSeriousA11yViolations(visitor);
  await dialog.getByRole('button', { name: 'Enviar corrección' }).click();
  await expect(visitor.getByText('Gracias: revisaremos tu corrección y te avisaremos del resultado.')).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Correcciones' }).click();
  const entry = page.getByRole('listitem').filter({ hasText: name });
  await expect(entry).toContainText('Antes de ir · Comida: Se puede entrar con comida');
  await expect(entry.getByRole('link', { name: 'https://festival.example/faq' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await entry.getByRole('button', { name: `Aprobar la corrección de Comida en ${name}` }).click();
  await expect(page.getByText('Corrección aprobada')).toBeVisible();
  await expect(entry).toContainText('Aprobada');

  await visitor.reload();
  await expect(foodFact).toHaveText('Se puede entrar con comida');
  await expect(
    section.getByRole('region', { name: /Condiciones de acceso/ }).getByRole('link', { name: /Fuente/ }),
  ).toHaveAttribute('href', 'https://festival.example/faq');
  await expect(section.getByRole('region', { name: /Condiciones de acceso/ })).toContainText(
    'por una corrección de la comunidad',
  );
  const notifications = await api(visitor, lucia.token, 'GET', '/api/notifications');
  expect(JSON.stringify(notifications)).toContain('Hemos aprobado tu corrección de «Comida»');
  await context.close();
});
