import { expectNoSeriousA11yViolations } from '../support/a11y';
import { admin, allowConsoleError, api, expect, login, test, withCookieChoice } from '../support/fixtures';

test.beforeEach(async ({ page }) => {
  await withCookieChoice(page);
});

const months = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
];
const isoDay = (date: Date) => date.toISOString().slice(0, 10);
/** '1 de febrero', with the year when it is not this one. */
const spoken = (iso: string) => {
  const [y, m, d] = iso.split('-').map(Number);
  return `${d} de ${months[m - 1]}${y === new Date().getFullYear() ? '' : ` de ${y}`}`;
};

test('an admin enters price tiers with their source, and a visitor reads the current and next tier and the price history', async ({
  page,
  browser,
}) => {
  const tag = Date.now().toString(36);
  const name = `Festival Tramos ${tag}`;
  const { token } = await login(page, admin);
  const festival = await api(page, token, 'POST', '/api/admin/festivals', {
    name,
    description: 'Un festival para probar los tramos de precio.',
    location: 'Benicàssim, España',
    start_date: '2031-07-17',
    end_date: '2031-07-20',
    genres: ['Techno'],
    status: 'approved',
  });
  const lastDay = isoDay(new Date(Date.now() + 40 * 86_400_000));
  const nextDay = isoDay(new Date(Date.parse(`${lastDay}T12:00:00Z`) + 86_400_000));

  await page.goto('/admin');
  await page.getByRole('tab', { name: /^Todos/ }).click();
  await page.getByRole('searchbox', { name: 'Buscar festivales' }).fill(name);
  await page
    .getByRole('row')
    .filter({ hasText: name })
    .getByRole('button', { name: `Ediciones y cartel de ${name}` })
    .click();
  const dialog = page.getByRole('dialog', { name: `Ediciones y cartel: ${name}` });
  const tiers = dialog.getByRole('form', { name: 'Tramos de precio' });
  await expect(tiers.getByText('Sin tramos: las entradas se indican a mano más abajo.')).toBeVisible();

  // Two abono tiers: the first until a day, the second after it with the fees included.
  await tiers.getByRole('button', { name: '+ Añadir tramo' }).click();
  await tiers.getByRole('button', { name: '+ Añadir tramo' }).click();
  const first = tiers.getByRole('listitem', { name: /^Tramo 1/ });
  await first.getByRole('textbox', { name: 'Nombre del tramo' }).fill('Abono general – 1.er tramo');
  await first.getByRole('textbox', { name: 'Precio (€)' }).fill('45');
  await first.getByRole('textbox', { name: 'Gastos (€)' }).fill('4,50');
  await first.getByLabel('Hasta (vacío: hasta agotar)').fill(lastDay);
  await first.getByRole('textbox', { name: 'Dónde comprarlo' }).fill('https://entradas.example/tramo-1');
  const second = tiers.getByRole('listitem', { name: /^Tramo 2/ });
  await second.getByRole('textbox', { name: 'Nombre del tramo' }).fill('Abono general – 2.º tramo');
  await second.getByRole('textbox', { name: 'Precio (€)' }).fill('65');
  await second.getByRole('checkbox', { name: 'Gastos incluidos' }).check();
  await tiers.getByRole('textbox', { name: 'Fuente (web oficial)' }).fill('https://festival.example/entradas');
  await tiers.getByLabel('Verificado el').fill('2026-11-20');

  // A wrong price is refused with the server's Spanish message, and nothing is kept.
  allowConsoleError(page, /status of 400/);
  await second.getByRole('textbox', { name: 'Precio (€)' }).fill('-3');
  await tiers.getByRole('button', { name: 'Guardar tramos' }).click();
  await expect(tiers.getByRole('alert')).toContainText('El precio no puede ser negativo.');
  await second.getByRole('textbox', { name: 'Precio (€)' }).fill('65');
  await expectNoSeriousA11yViolations(page);
  await tiers.getByRole('button', { name: 'Guardar tramos' }).click();
  await expect(dialog.getByText(/Tramos de precio \d+ guardados/)).toBeVisible();
  // The tickets now follow the tiers: the hand form gives way to what they add up to.
  await expect(dialog.getByText(/se calculan a partir de los tramos: desde 45 €/)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Guardar entradas' })).toHaveCount(0);

  // The first tier goes up: the database keeps the old price in the history.
  await first.getByRole('textbox', { name: 'Precio (€)' }).fill('50');
  await tiers.getByRole('button', { name: 'Guardar tramos' }).click();
  await expect(dialog.getByText(/se calculan a partir de los tramos: desde 50 €/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Cerrar' }).last().click();

  // A visitor without a session reads the festival page.
  const visitorContext = await browser.newContext({ locale: 'es-ES', timezoneId: 'Europe/Madrid' });
  const visitor = await visitorContext.newPage();
  await withCookieChoice(visitor);
  await visitor.goto(`/festival/${festival.id}#cartel`);
  const section = visitor.locator('#cartel');
  await expect(section.getByText('Entradas de 50 € a 65 €')).toBeVisible();
  await expect(section.getByText('Tramo actual:')).toBeVisible();
  await expect(section.locator('.current-tier')).toContainText(
    'Abono general – 1.er tramo · 50 € (+ 4,50 € de gastos)',
  );
  await expect(section.locator('.current-tier')).toContainText(`Hasta el ${spoken(lastDay)}`);
  await expect(section.getByText(`Próximo tramo: 65 € desde el ${spoken(nextDay)}`)).toBeVisible();
  const buy = section.getByRole('link', { name: /Comprar entradas/ });
  await expect(buy).toHaveAttribute('href', 'https://entradas.example/tramo-1');

  const card = section.locator('.price-tiers');
  await expect(card.getByRole('heading', { name: 'Tramos de precio' })).toBeVisible();
  await expect(card.getByText('gastos incluidos')).toBeVisible();
  await expect(card.getByText('Verificado el 20 de noviembre de 2026')).toBeVisible();
  await expect(card.getByRole('link', { name: /Fuente/ })).toHaveAttribute('href', 'https://festival.example/entradas');
  const chart = card.getByRole('img', { name: 'Evolución de los precios por tramo' });
  await expect(chart).toBeVisible();
  await expect(chart).toHaveAccessibleDescription(/Abono general – 1.er tramo: 45 € → 50 €/);
  await card.getByText('Ver el historial como tabla').click();
  const table = card.getByRole('table', { name: 'Historial de precios por tramo' });
  await expect(table.getByRole('row')).toHaveCount(4);
  await expect(table.getByRole('row').nth(3)).toContainText('50 €');
  await expectNoSeriousA11yViolations(visitor);
  await visitorContext.close();
});

test("an admin enters 'Antes de ir' and accessibility; a visitor reads them with their source, the rest 'Sin confirmar', and filters by them", async ({
  page,
}) => {
  const name = `Festival Antes de ir ${Date.now().toString(36)}`;
  const { token } = await login(page, admin);
  const festival = await api(page, token, 'POST', '/api/admin/festivals', {
    name,
    description: 'Un festival para probar las condiciones de acceso.',
    location: 'Bilbao, España',
    start_date: '2031-07-10',
    genres: ['Techno'],
    status: 'approved',
  });
  await page.goto('/admin');
  await page.getByRole('tab', { name: /^Todos/ }).click();
  await page.getByRole('searchbox', { name: 'Buscar festivales' }).fill(name);
  await page
    .getByRole('row')
    .filter({ hasText: name })
    .getByRole('button', { name: `Ediciones y cartel de ${name}` })
    .click();
  const dialog = page.getByRole('dialog', { name: `Ediciones y cartel: ${name}` });

  const gate = dialog.getByRole('form', { name: 'Antes de ir' });
  await gate.getByLabel('Comida').selectOption({ label: 'Solo comida precintada' });
  await gate.getByLabel('Agua').selectOption({ label: 'Fuentes de agua gratis' });
  await gate.getByLabel('Cashless obligatorio').selectOption({ label: 'Sí' });
  await gate.getByLabel('Comisión por devolver el saldo (€)').fill('0');
  await gate.getByLabel('Edad', { exact: true }).selectOption({ label: 'Menores acompañados' });
  allowConsoleError(page, /status of 400/);
  await gate.getByRole('button', { name: 'Guardar antes de ir' }).click();
  await expect(gate.getByRole('alert')).toContainText('Indica la edad');
  await gate.getByLabel('Edad mínima o desde la que van acompañados').fill('16');
  await gate.getByLabel('Fuente (web oficial)').fill('https://festival.example/faq');
  await gate.getByLabel('Verificado el').fill('2026-11-12');
  await gate.getByRole('button', { name: 'Guardar antes de ir' }).click();
  await expect(dialog.getByText(/Antes de ir \d+ guardado/)).toBeVisible();

  const access = dialog.getByRole('form', { name: 'Accesibilidad' });
  await access.getByLabel('Acceso sin escalones').selectOption({ label: 'Sí' });
  await access.getByLabel('Baños adaptados').selectOption({ label: 'Sí' });
  await access.getByLabel('Entrada de acompañante').selectOption({ label: 'Acompañante gratis' });
  await access.getByLabel('Intérprete de LSE').selectOption({ label: 'No' });
  await access.getByLabel('Contacto de accesibilidad (email o teléfono)').fill('accesible@festival.example');
  await access.getByLabel('Fuente (web oficial)').fill('https://festival.example/accesibilidad');
  await expectNoSeriousA11yViolations(page);
  await access.getByRole('button', { name: 'Guardar accesibilidad' }).click();
  await expect(dialog.getByText(/Accesibilidad \d+ guardada/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Cerrar' }).last().click();

  await page.goto(`/festival/${festival.id}`);
  await page
    .getByRole('navigation', { name: 'Secciones del festival' })
    .getByRole('link', { name: 'Antes de ir' })
    .click();
  const section = page.locator('#antes-de-ir');
  await expect(section.getByRole('heading', { level: 2, name: 'Antes de ir' })).toBeInViewport();
  const gateCard = section.getByRole('region', { name: /Condiciones de acceso/ });
  // The value of one fact: the <dd> beside its <dt>.
  const fact = (card: typeof gateCard, label: string) => card.locator(`.trip-fact:has(> dt:text-is("${label}")) > dd`);
  await expect(fact(gateCard, 'Comida')).toHaveText('Solo comida precintada');
  await expect(fact(gateCard, 'Agua')).toHaveText('Fuentes de agua gratis');
  await expect(fact(gateCard, 'Devolución del saldo cashless')).toHaveText('sin comisión');
  await expect(fact(gateCard, 'Edad')).toHaveText('Menores desde 16 años, acompañados de su madre, padre o tutor');
  await expect(fact(gateCard, 'Taquillas')).toHaveText('Sin confirmar');
  await expect(gateCard.getByText('Verificado el 12 de noviembre de 2026')).toBeVisible();
  await expect(gateCard.getByRole('link', { name: /Fuente/ })).toHaveAttribute('href', 'https://festival.example/faq');

  const accessCard = section.getByRole('region', { name: /Accesibilidad/ });
  await expect(fact(accessCard, 'Acceso sin escalones')).toHaveText('Sí');
  await expect(fact(accessCard, 'Entrada de acompañante')).toHaveText('Acompañante gratis');
  await expect(fact(accessCard, 'Intérprete de lengua de signos (LSE)')).toHaveText('No');
  await expect(fact(accessCard, 'Bucle magnético')).toHaveText('Sin confirmar');
  await expect(accessCard.getByRole('link', { name: 'accesible@festival.example' })).toHaveAttribute(
    'href',
    'mailto:accesible@festival.example',
  );
  // Entered without a date: said so, with its source.
  await expect(accessCard.getByText(/Sin fecha de verificación · Fuente/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // On the home, the filters find it by what it says, and the address keeps them.
  await page.goto(`/?q=${encodeURIComponent(name)}`);
  const card = page.getByRole('article').filter({ hasText: name });
  await expect(card).toBeVisible();
  const filters = page.getByRole('search', { name: 'Filtrar festivales' });
  await filters.getByRole('checkbox', { name: 'Accesible en silla de ruedas' }).check();
  await expect(page).toHaveURL(/facilidades=silla-de-ruedas/);
  await expect(card).toBeVisible();
  await filters.getByRole('checkbox', { name: 'Se puede entrar con comida' }).check();
  await expect(page).toHaveURL(/facilidades=comida%2Csilla-de-ruedas|facilidades=comida,silla-de-ruedas/);
  await expect(card).toHaveCount(0);
  await filters.getByRole('checkbox', { name: 'Se puede entrar con comida' }).uncheck();
  await filters.getByRole('checkbox', { name: 'Comida precintada o libre' }).check();
  await expect(card).toBeVisible();
  // A shared link opens with the same filters.
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Comida precintada o libre' })).toBeChecked();
  await expect(card).toBeVisible();
});
