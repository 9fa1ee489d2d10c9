import { admin, allowConsoleError, api, expect, login, person, sessionFor, test } from '../support/fixtures';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { samplePng } from '../support/png';

const uniqueName = (prefix: string) => `${prefix} ${Date.now().toString(36)}`;

test.describe('propose a festival', () => {
  test('signed-out visitors are asked to sign in', async ({ page }) => {
    await page.goto('/proponer');
    await expect(page.getByRole('heading', { name: 'Inicia sesión para proponer un festival' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('button', { name: 'Iniciar sesión' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: /Nombre del festival/ })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
  });

  test('validates the form with its Spanish messages and limits images to 5 of 5 MB', async ({ page }) => {
    await login(page, person('Valida'));
    await page.goto('/proponer');
    await expect(page.getByRole('heading', { level: 1, name: /Proponer festival/ })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: 'Proponer festival' }).click();
    await expect(page.getByText('El nombre del festival es requerido')).toBeVisible();
    await expect(page.getByText('La ubicación del festival es requerida')).toBeVisible();
    await expect(page.getByText('La fecha de inicio es requerida')).toBeVisible();
    await expect(page.getByText('La descripción del festival es requerida')).toBeVisible();
    await expect(page.getByRole('textbox', { name: /Nombre del festival/ })).toBeFocused();
    await expect(page.getByRole('textbox', { name: /Nombre del festival/ })).toHaveAttribute('aria-invalid', 'true');

    // Dates are typed DD-MM-YYYY (or YYYY-MM-DD, DD/MM/YYYY) and read back in Spanish.
    await page.getByRole('textbox', { name: /Fecha de inicio/ }).fill('15/08/2031');
    await expect(page.getByText('Se guardará como 15 de agosto de 2031.')).toBeVisible();
    await page.getByRole('textbox', { name: /Fecha de fin/ }).fill('10-08-2031');
    await page.getByRole('textbox', { name: /Nombre del festival/ }).fill('Fechas Al Revés');
    await page.getByRole('textbox', { name: /Ubicación/ }).fill('Cádiz, España');
    await page.getByRole('textbox', { name: /Descripción/ }).fill('Un festival.');
    await page.getByRole('button', { name: 'Proponer festival' }).click();
    await expect(page.getByText('La fecha de fin debe ser posterior a la fecha de inicio')).toBeVisible();

    // Genres are comma separated.
    await page.getByRole('textbox', { name: 'Géneros' }).fill(' Techno , House,Trance ');
    await expect(page.getByRole('list', { name: 'Géneros que se guardarán' }).getByRole('listitem')).toHaveText([
      'Techno',
      'House',
      'Trance',
    ]);

    // Images: a file over 5 MB is refused; more than 5 too.
    const input = page.locator('input[type="file"]');
    await input.setInputFiles({
      name: 'enorme.png',
      mimeType: 'image/png',
      buffer: Buffer.alloc(5 * 1024 * 1024 + 10, 1),
    });
    await expect(
      page.getByText(/enorme\.png: El archivo es demasiado grande \(5\.00 MB\)\. Máximo permitido: 5MB/),
    ).toBeVisible();
    const six = Array.from({ length: 6 }, (_, i) => ({
      name: `foto-${i}.png`,
      mimeType: 'image/png',
      buffer: samplePng(i),
    }));
    await input.setInputFiles(six);
    await expect(page.getByText('Máximo 5 imágenes permitidas').first()).toBeVisible();
    await expect(page.locator('.propose-image')).toHaveCount(5);
    await page.getByRole('button', { name: 'Quitar foto-0.png' }).click();
    await expect(page.locator('.propose-image')).toHaveCount(4);
  });

  test('proposes a festival with an image: pending, with the image uploaded to storage and confirmed', async ({
    page,
  }) => {
    const user = await login(page, person('Proponente'));
    const name = uniqueName('Festival Propuesto');
    await page.goto('/proponer');
    await page.getByRole('textbox', { name: /Nombre del festival/ }).fill(name);
    await page.getByRole('textbox', { name: /Ubicación/ }).fill('Gijón, España');
    await page.getByRole('textbox', { name: /Fecha de inicio/ }).fill('20-07-2031');
    await page.getByRole('textbox', { name: /Fecha de fin/ }).fill('2031-07-22');
    await page.getByRole('textbox', { name: /Descripción/ }).fill('Tres días de electrónica junto al Cantábrico.');
    await page.getByRole('textbox', { name: 'Sitio web oficial' }).fill('https://example.com/festival');
    await page.getByRole('textbox', { name: 'Géneros' }).fill('Techno, House');
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'cartel.png', mimeType: 'image/png', buffer: samplePng(1) });
    await expect(page.locator('.propose-image')).toHaveCount(1);
    await page.getByRole('button', { name: 'Proponer festival' }).click();

    await expect(
      page.getByRole('heading', { level: 1, name: 'Festival propuesto... pendiente de revisión' }),
    ).toBeVisible();
    await expect(page.getByText('1 imagen subida con la propuesta.')).toBeVisible();

    const adminSession = await sessionFor(page, admin);
    const headers = { Authorization: `Bearer ${adminSession.token}` };
    const pending = await (await page.request.get('/api/admin/pending-festivals', { headers })).json();
    const created = pending.find((f: { name: string }) => f.name === name);
    expect(created).toMatchObject({
      status: 'pending',
      location: 'Gijón, España',
      start_date: '2031-07-20',
      end_date: '2031-07-22',
      genres: ['Techno', 'House'],
      proposed_by: user.user.id,
    });
    const media = await (await page.request.get('/api/admin/pending-media', { headers })).json();
    expect(media.filter((m: { festival_id: number }) => m.festival_id === created.id)).toHaveLength(1);

    // The same name and place again: the duplicate's 409 text.
    await page.getByRole('button', { name: 'Proponer otro festival' }).click();
    await page.getByRole('textbox', { name: /Nombre del festival/ }).fill(name);
    await page.getByRole('textbox', { name: /Ubicación/ }).fill('Gijón, España');
    await page.getByRole('textbox', { name: /Fecha de inicio/ }).fill('20-07-2031');
    await page.getByRole('textbox', { name: /Fecha de fin/ }).fill('22-07-2031');
    await page.getByRole('textbox', { name: /Descripción/ }).fill('Otra vez.');
    allowConsoleError(page, /status of 409/);
    await page.getByRole('button', { name: 'Proponer festival' }).click();
    await expect(
      page
        .getByRole('alert')
        .filter({ hasText: 'Ya existe un festival pendiente o aprobado con ese nombre y localización.' })
        .first(),
    ).toBeVisible();
  });

  test('proposes its lineup as the poster lists it and its tickets; the admin sees both in the pending queue', async ({
    page,
  }) => {
    await login(page, person('Cartelera'));
    const name = uniqueName('Festival Con Cartel');
    await page.goto('/proponer');
    await page.getByRole('textbox', { name: /Nombre del festival/ }).fill(name);
    await page.getByRole('textbox', { name: /Ubicación/ }).fill('Valencia, España');
    await page.getByRole('textbox', { name: /Fecha de inicio/ }).fill('10-07-2031');
    await page.getByRole('textbox', { name: /Fecha de fin/ }).fill('12-07-2031');
    await page.getByRole('textbox', { name: /Descripción/ }).fill('Electrónica junto a la Albufera.');
    // A day heading is not an artist; two names on one line are two.
    const lineupName = uniqueName('Artista Propuesta');
    await page
      .getByRole('textbox', { name: 'Cartel' })
      .fill(`Viernes\n${lineupName}\nAmelie Lens · Charlotte de Witte`);
    await expect(page.getByText('Se guardarán 3 artistas.')).toBeVisible();
    await page.getByRole('textbox', { name: 'Web de venta de entradas' }).fill('https://entradas.example.com/albufera');
    await page.getByRole('textbox', { name: /Precio desde/ }).fill('-5');
    await page.getByRole('button', { name: 'Proponer festival' }).click();
    await expect(page.getByText('El precio desde no puede ser negativo.')).toBeVisible();
    await expect(page.getByRole('textbox', { name: /Precio desde/ })).toBeFocused();
    await expect(page.getByRole('textbox', { name: /Precio desde/ })).toHaveAttribute('aria-invalid', 'true');
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('textbox', { name: /Precio desde/ }).fill('45,50');
    await page.getByRole('button', { name: 'Proponer festival' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Festival propuesto... pendiente de revisión' }),
    ).toBeVisible();

    await login(page, admin);
    await page.goto('/admin');
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
    await expect(
      card.getByText(`Cartel propuesto (3 artistas): ${lineupName} · Amelie Lens · Charlotte de Witte`),
    ).toBeVisible();
    await expect(card.getByText(/Entradas: desde 45,50\s€/)).toBeVisible();
    await expect(card.getByRole('link', { name: /Web de venta/ })).toHaveAttribute(
      'href',
      'https://entradas.example.com/albufera',
    );
  });

  test("past the per-user limit the form shows the server's reason", async ({ page }) => {
    const user = await login(page, person('Prolífica'));
    // The limit (5 an hour per user) spent through the API, as a script would.
    for (let i = 0; i < 5; i++) {
      await api(page, user.token, 'POST', '/api/festivals', {
        name: uniqueName(`Ráfaga ${i}`),
        location: 'Lugo, España',
        start_date: '2031-10-01',
        end_date: '2031-10-02',
        description: 'Una más.',
      });
    }
    await page.goto('/proponer');
    await page.getByRole('textbox', { name: /Nombre del festival/ }).fill(uniqueName('La Sexta'));
    await page.getByRole('textbox', { name: /Ubicación/ }).fill('Lugo, España');
    await page.getByRole('textbox', { name: /Fecha de inicio/ }).fill('01-10-2031');
    await page.getByRole('textbox', { name: /Fecha de fin/ }).fill('02-10-2031');
    await page.getByRole('textbox', { name: /Descripción/ }).fill('Demasiadas seguidas.');
    allowConsoleError(page, /status of 429/);
    await page.getByRole('button', { name: 'Proponer festival' }).click();
    await expect(
      page
        .getByRole('alert')
        .filter({ hasText: 'Has propuesto demasiados festivales en poco tiempo. Inténtalo de nuevo más tarde.' })
        .first(),
    ).toBeVisible();
  });

  test('shows the messages for a refused proposal, a network failure and failed image uploads', async ({ page }) => {
    await login(page, person('Errores'));
    await page.goto('/proponer');
    const fill = async (name: string) => {
      await page.getByRole('textbox', { name: /Nombre del festival/ }).fill(name);
      await page.getByRole('textbox', { name: /Ubicación/ }).fill('Murcia, España');
      await page.getByRole('textbox', { name: /Fecha de inicio/ }).fill('01-09-2031');
      await page.getByRole('textbox', { name: /Fecha de fin/ }).fill('02-09-2031');
      await page.getByRole('textbox', { name: /Descripción/ }).fill('Electrónica en la huerta.');
    };
    await fill('Rechazado');
    allowConsoleError(page, /status of 400|ERR_FAILED|ERR_INTERNET_DISCONNECTED/);
    await page.route('**/api/festivals', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 400, json: { error: 'Datos no válidos.', code: 'invalid_input' } })
        : route.continue(),
    );
    await page.getByRole('button', { name: 'Proponer festival' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Error al proponer festival. Revisa los datos.' }).first(),
    ).toBeVisible();

    await page.unroute('**/api/festivals');
    await page.route('**/api/festivals', (route) =>
      route.request().method() === 'POST' ? route.abort('internetdisconnected') : route.continue(),
    );
    await page.getByRole('button', { name: 'Proponer festival' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Error de red o servidor.' }).first()).toBeVisible();
    await page.unroute('**/api/festivals');

    // The festival is created but its image cannot reach storage.
    await page.route('**/api/media/uploads/**', (route) => route.abort('failed'));
    await fill(uniqueName('Sin Imágenes'));
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: samplePng(2) });
    await page.getByRole('button', { name: 'Proponer festival' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Festival propuesto... pendiente de revisión' }),
    ).toBeVisible();
    await expect(page.getByText('Las imágenes no se pudieron subir correctamente. (1 de 1)')).toBeVisible();
  });
});
