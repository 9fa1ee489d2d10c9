import type { APIRequestContext, Page } from '@playwright/test';
import { admin, allowConsoleError, expect, login, person, sessionFor, test } from '../support/fixtures';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { samplePng } from '../support/png';

const uniqueName = (prefix: string) => `${prefix} ${Date.now().toString(36)}`;

/** Switches the browser's stored session (google_token) and reloads the screen. */
async function useToken(page: Page, token: string | null, path: string) {
  await page.evaluate(
    (t) => (t ? localStorage.setItem('google_token', t) : localStorage.removeItem('google_token')),
    token,
  );
  await page.goto(path);
}

/** A gallery image uploaded by `token`'s user to an approved festival, approved by the admin. */
async function approvedGalleryImage(
  request: APIRequestContext,
  userToken: string,
  adminToken: string,
  festivalId: number,
) {
  const png = samplePng(7);
  const auth = (t: string) => ({ Authorization: `Bearer ${t}` });
  const presigned = await (
    await request.post('/api/media/upload-url', {
      headers: auth(userToken),
      data: { festival_id: festivalId, fileName: 'pista.png', contentType: 'image/png', fileSize: png.length },
    })
  ).json();
  expect((await request.put(presigned.uploadUrl, { headers: presigned.headers, data: png })).ok()).toBeTruthy();
  const media = await (
    await request.post('/api/media/confirm', {
      headers: auth(userToken),
      data: { key: presigned.key, caption: 'Pista central' },
    })
  ).json();
  const approved = await request.patch(`/api/admin/media/${media.id}/approve`, {
    headers: auth(adminToken),
    data: { status: 'approved' },
  });
  expect(approved.ok()).toBeTruthy();
  return media.id as number;
}

test.describe('admin panel', () => {
  test('non-admins see Acceso Restringido; forcing the panel shows the server refusals', async ({ page }) => {
    await login(page, person('Curiosa'));
    allowConsoleError(page, /status of 403/);
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Acceso Restringido' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Forzar acceso como administrador' }).click();
    await expect(page.getByText('Acceso forzado: tu cuenta no es de administrador')).toBeVisible();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Solo los administradores pueden realizar esta acción.' }).first(),
    ).toBeVisible();
    await expect(page.getByRole('tab', { name: /Festivales/ })).toHaveAttribute('aria-selected', 'true');
  });

  test('shows the permission check while the profile loads', async ({ page }) => {
    await login(page, admin);
    // The profile is held until the check has been seen: a fixed delay raced the admin chunk's download.
    let answerProfile = () => {};
    const checkSeen = new Promise<void>((resolve) => (answerProfile = resolve));
    await page.route('**/api/users/profile', async (route) => {
      await checkSeen;
      await route.continue();
    });
    await page.goto('/admin');
    await expect(page.getByText('Verificando permisos de administrador...')).toBeVisible();
    answerProfile();
    await expect(page.getByRole('heading', { name: /Panel de Administración/ })).toBeVisible();
  });

  test('journey: a user proposes with an image, the admin approves and places it, it appears on the list, map and calendar, and the user is notified', async ({
    page,
  }) => {
    const proposer = await sessionFor(page, person('Propone'));
    const boss = await sessionFor(page, admin);
    const name = uniqueName('Festival del Viaje');

    // 1. The user proposes it with an image.
    await page.goto('/');
    await useToken(page, proposer.token, '/proponer');
    await page.getByRole('textbox', { name: /Nombre del festival/ }).fill(name);
    await page.getByRole('textbox', { name: /Ubicación/ }).fill('Santander, España');
    await page.getByRole('textbox', { name: /Fecha de inicio/ }).fill('12-06-2031');
    await page.getByRole('textbox', { name: /Fecha de fin/ }).fill('14-06-2031');
    await page.getByRole('textbox', { name: /Descripción/ }).fill('Electrónica frente a la bahía de Santander.');
    await page.getByRole('textbox', { name: 'Géneros' }).fill('Techno');
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'bahia.png', mimeType: 'image/png', buffer: samplePng(4) });
    await page.getByRole('button', { name: 'Proponer festival' }).click();
    await expect(page.getByRole('heading', { name: 'Festival propuesto... pendiente de revisión' })).toBeVisible();

    // 2. The admin approves the festival and its image in the panel.
    await useToken(page, boss.token, '/admin');
    await expect(page.getByText('Cargando datos...')).toBeHidden();
    const festivalsTab = page.getByRole('tab', { name: /^Festivales/ });
    await expect(festivalsTab).toContainText(/\d+/);
    const card = page.locator('.admin-card').filter({ hasText: name });
    await expect(card).toBeVisible();
    await expect(card).toContainText('Propuesto por Propone');
    await expect(card.getByRole('img', { name: /Imagen propuesta/ })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await card.getByRole('button', { name: `Aprobar ${name}` }).click();
    const banner = page.getByRole('status').filter({ hasText: 'Acción completada con éxito' });
    await expect(banner).toBeVisible();
    await expect(card).toBeHidden();
    await banner.getByRole('button', { name: 'Cerrar aviso' }).click();
    await expect(banner).toBeHidden();

    await page.getByRole('tab', { name: /Fotos\/Vídeos/ }).click();
    const photo = page.locator('.admin-media-card').filter({ hasText: name });
    await expect(photo).toBeVisible();
    await photo.getByRole('button', { name: /^Aprobar/ }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Acción completada con éxito' })).toBeVisible();
    await expect(page.locator('.admin-media-card').filter({ hasText: name })).toBeHidden();

    // It has no coordinates yet: the admin places it from the panel (the festival form).
    await page.getByRole('tab', { name: /^Festivales/ }).click();
    await page.getByRole('tab', { name: /^Todos/ }).click();
    await page.getByRole('searchbox', { name: 'Buscar festivales' }).fill(name);
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row.getByText('Aprobado')).toBeVisible();
    // The geocoder is out of reach in tests (closed network): the admin is told, not left guessing.
    allowConsoleError(page, /status of 502/);
    await row.getByRole('button', { name: `Geocodificar ${name}` }).click();
    await expect(
      page
        .getByRole('alert')
        .filter({ hasText: 'No se pudo completar la acción: El servicio de geocodificación no responde' }),
    ).toBeVisible();
    await row.getByRole('button', { name: `Editar ${name}` }).click();
    const form = page.getByRole('dialog', { name: `Editar festival: ${name}` });
    await form.getByRole('textbox', { name: 'Latitud' }).fill('43.4623');
    await form.getByRole('textbox', { name: 'Longitud' }).fill('-3.80998');
    await form.getByRole('button', { name: 'Guardar cambios' }).click();
    await expect(form.getByText('Festival guardado correctamente')).toBeVisible();
    await expect(form).toBeHidden();
    await expect(row).toContainText('43.462, -3.810');

    // 3. The festival is public: list, map and calendar.
    await page.goto('/');
    await page.getByRole('search', { name: 'Filtrar festivales' }).getByLabel('Buscar').fill(name);
    await expect(page.getByRole('link', { name: new RegExp(name) }).first()).toBeVisible();
    await page.goto('/map');
    await page.getByRole('searchbox', { name: 'Buscar en el mapa' }).fill(name);
    await expect(
      page.getByRole('list', { name: 'Resultados de la búsqueda' }).getByRole('button', { name: new RegExp(name) }),
    ).toBeVisible();
    await page.goto('/calendar?fecha=2031-06-12');
    await expect(page.getByRole('link', { name: new RegExp(name) }).first()).toBeVisible();

    // 4. The user sees the notification under the bell.
    await useToken(page, proposer.token, '/');
    const bell = page.getByRole('button', { name: /Notificaciones \(\d+ sin leer\)/ });
    await bell.click();
    const panel = page.getByRole('region', { name: 'Notificaciones' });
    await expect(panel.getByText(`Tu festival "${name}" ha sido aprobado.`)).toBeVisible();
    await expect(panel.getByText(/Tu foto del festival ".*" ha sido aprobada\./)).toBeVisible();
  });

  test('journey: a visitor reports a gallery item, the admin hides it and it is gone', async ({ page }) => {
    const uploader = await sessionFor(page, person('Sube Fotos'));
    const boss = await sessionFor(page, admin);
    const festivals = await (await page.request.get('/api/festivals')).json();
    const festival = festivals[3];
    const mediaId = await approvedGalleryImage(page.request, uploader.token, boss.token, festival.id);

    // An anonymous visitor reports it from the gallery.
    await page.goto(`/festival/${festival.id}`);
    const item = page.locator('.gallery-item').filter({ hasText: 'Subido por Sube Fotos' });
    await expect(item).toBeVisible();
    await item.getByRole('button', { name: 'Denunciar' }).click();
    const modal = page.getByRole('dialog', { name: 'Denunciar contenido' });
    await modal.getByLabel('Motivo').selectOption('Copyright');
    await modal.getByLabel('Detalles (opcional)').fill('La foto es mía.');
    await modal.getByRole('button', { name: 'Enviar reporte' }).click();
    await expect(item.getByRole('button', { name: '¡Reportado!' })).toBeVisible();

    // The admin hides it from the reports table.
    await useToken(page, boss.token, '/admin');
    await page.getByRole('tab', { name: /Reportes/ }).click();
    const report = page.getByRole('row').filter({ hasText: 'La foto es mía.' });
    await expect(report).toContainText('Copyright');
    await expect(report).toContainText('Anónimo');
    await expect(report.getByRole('img', { name: `Contenido reportado ${mediaId}` })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await report.getByRole('button', { name: /^Ocultar/ }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Ocultar contenido' });
    await expect(confirm).toContainText('¿Seguro que quieres ocultar/bloquear este contenido?');
    await confirm.getByRole('button', { name: 'Ocultar' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Acción completada con éxito' })).toBeVisible();
    await expect(report.getByText('Oculto')).toBeVisible();

    // Gone from the public gallery.
    await useToken(page, null, `/festival/${festival.id}`);
    await expect(page.getByRole('heading', { level: 1, name: festival.name })).toBeVisible();
    await expect(page.locator('.gallery-item').filter({ hasText: 'Subido por Sube Fotos' })).toHaveCount(0);
    const publicMedia = await (await page.request.get(`/api/media/festival/${festival.id}`)).json();
    expect(publicMedia.map((m: { id: number }) => m.id)).not.toContain(mediaId);

    // Dismissing the report removes only the report.
    await useToken(page, boss.token, '/admin');
    await page.getByRole('tab', { name: /Reportes/ }).click();
    await page
      .getByRole('row')
      .filter({ hasText: 'La foto es mía.' })
      .getByRole('button', { name: /^Descartar reporte/ })
      .click();
    const dismiss = page.getByRole('alertdialog', { name: 'Descartar reporte' });
    await expect(dismiss).toContainText('¿Eliminar solo el reporte?');
    await dismiss.getByRole('button', { name: 'Descartar reporte' }).click();
    await expect(page.getByText('No hay reportes de contenido para moderar.')).toBeVisible();
  });

  test('festival and media forms: validation, create, edit and delete', async ({ page }) => {
    await login(page, admin);
    await page.goto('/admin');
    await expect(page.getByText('Cargando datos...')).toBeHidden();

    // Festival form.
    await page.getByRole('button', { name: 'Nuevo festival' }).click();
    const form = page.getByRole('dialog', { name: 'Nuevo festival' });
    await form.getByRole('button', { name: 'Crear festival' }).click();
    for (const message of [
      'El nombre del festival es requerido',
      'La fecha de inicio es requerida',
      'La descripción del festival es requerida',
      'La ubicación del festival es requerida',
    ]) {
      await expect(form.getByText(message)).toBeVisible();
    }
    const name = uniqueName('Festival Admin');
    await form.getByRole('textbox', { name: /^Nombre/ }).fill(name);
    await form.getByRole('textbox', { name: /^Ubicación/ }).fill('Bilbao, España');
    await form.getByRole('textbox', { name: /^Fecha de inicio/ }).fill('10-10-2031');
    await form.getByRole('textbox', { name: /^Fecha de fin/ }).fill('09-10-2031');
    await form.getByRole('textbox', { name: /^Descripción/ }).fill('Un festival creado desde el panel.');
    await form.getByRole('button', { name: 'Crear festival' }).click();
    await expect(form.getByText('La fecha de fin debe ser posterior a la fecha de inicio')).toBeVisible();
    await form.getByRole('textbox', { name: /^Fecha de fin/ }).fill('11-10-2031');
    await form
      .getByLabel('Subir imagen')
      .setInputFiles({ name: 'portada.png', mimeType: 'image/png', buffer: samplePng(5) });
    await expect(form.getByRole('textbox', { name: 'Imagen (URL)' })).toHaveValue(
      /^\/uploads\/users\/\d+\/admin\/.+\.png$/,
    );
    await expectNoSeriousA11yViolations(page);
    await form.getByRole('button', { name: 'Crear festival' }).click();
    await expect(form.getByText('Festival guardado correctamente')).toBeVisible();
    await expect(form).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: 'Acción completada con éxito' })).toBeVisible();
    const created = (await (await page.request.get('/api/festivals')).json()).find(
      (f: { name: string }) => f.name === name,
    );
    expect(created).toMatchObject({ status: 'approved', start_date: '2031-10-10', end_date: '2031-10-11' });
    expect(created.image_url).toMatch(/^\/uploads\//);

    // Media form: required festival, user and image or URL.
    await page.getByRole('tab', { name: /Fotos\/Vídeos/ }).click();
    await page.getByRole('button', { name: 'Nueva foto o vídeo' }).click();
    const mediaForm = page.getByRole('dialog', { name: 'Nueva foto o vídeo' });
    await expect(mediaForm.getByLabel('Tipo')).toHaveValue('image');
    await expect(mediaForm.getByLabel('Estado')).toHaveValue('pending');
    await mediaForm.getByRole('button', { name: 'Crear' }).click();
    await expect(mediaForm.getByText('Debe seleccionar un festival')).toBeVisible();
    await expect(mediaForm.getByText('Debe seleccionar un usuario')).toBeVisible();
    await expect(mediaForm.getByText('Debe subir una imagen o proporcionar una URL')).toBeVisible();
    await mediaForm
      .getByLabel('Archivo de imagen')
      .setInputFiles({ name: 'nota.txt', mimeType: 'text/plain', buffer: Buffer.from('hola') });
    await expect(mediaForm.getByText('Solo se permiten archivos de imagen')).toBeVisible();
    await mediaForm.getByLabel(/^Festival/).selectOption({ label: name });
    await mediaForm.getByLabel(/^Usuario/).selectOption({ index: 1 });
    await mediaForm
      .getByLabel('Archivo de imagen')
      .setInputFiles({ name: 'escenario.png', mimeType: 'image/png', buffer: samplePng(6) });
    await mediaForm.getByLabel('Estado').selectOption('approved');
    await mediaForm.getByRole('button', { name: 'Crear' }).click();
    await expect(mediaForm.getByText('Guardado correctamente')).toBeVisible();
    await expect(mediaForm).toBeHidden();
    await page.getByRole('tab', { name: /^Todos/ }).click();
    const card = page.locator('.admin-media-card').filter({ hasText: name });
    await expect(card).toContainText('Aprobado');

    // Delete the item, then the festival, each after a confirmation.
    await card.getByRole('button', { name: /^Eliminar/ }).click();
    await page
      .getByRole('alertdialog', { name: 'Eliminar contenido' })
      .getByRole('button', { name: 'Eliminar' })
      .click();
    await expect(page.locator('.admin-media-card').filter({ hasText: name })).toHaveCount(0);
    await page.getByRole('tab', { name: /^Festivales/ }).click();
    await page.getByRole('tab', { name: /^Todos/ }).click();
    await page.getByRole('searchbox', { name: 'Buscar festivales' }).fill(name);
    await page
      .getByRole('row')
      .filter({ hasText: name })
      .getByRole('button', { name: `Eliminar ${name}` })
      .click();
    const confirm = page.getByRole('alertdialog', { name: 'Eliminar festival' });
    await expect(confirm).toContainText(`¿Seguro que quieres eliminar el festival «${name}»?`);
    await confirm.getByRole('button', { name: 'Eliminar' }).click();
    await expect(page.getByText('No se encontraron festivales.')).toBeVisible();
  });

  test('comments and contact messages', async ({ page }) => {
    const writer = await sessionFor(page, person('Comenta'));
    const festivals = await (await page.request.get('/api/festivals')).json();
    const comment = await page.request.post('/api/comments', {
      headers: { Authorization: `Bearer ${writer.token}` },
      data: { festival_id: festivals[5].id, content: 'Comentario para moderar', rating: 4 },
    });
    expect(comment.ok()).toBeTruthy();
    const second = await page.request.post('/api/comments', {
      headers: { Authorization: `Bearer ${writer.token}` },
      data: { festival_id: festivals[6].id, content: 'Comentario que sobra', rating: 1 },
    });
    expect(second.ok()).toBeTruthy();
    await page.request.post('/api/contact', {
      data: {
        name: 'Ana Contacto',
        email: 'ana@example.com',
        subject: 'Asunto de prueba',
        category: 'press',
        message: 'Mensaje de prueba',
      },
    });

    await login(page, admin);
    await page.goto('/admin');
    await page.getByRole('tab', { name: /Comentarios/ }).click();
    // New comments wait for moderation (status pending): approve one, reject the other after a confirmation.
    const pendingComment = page.locator('.admin-card').filter({ hasText: 'Comentario para moderar' });
    await expect(pendingComment).toContainText('Comenta');
    await expect(pendingComment.getByRole('img', { name: '4 de 5 estrellas' })).toBeVisible();
    await pendingComment.getByRole('button', { name: /^Aprobar/ }).click();
    await expect(page.locator('.admin-card').filter({ hasText: 'Comentario para moderar' })).toHaveCount(0);
    await page
      .locator('.admin-card')
      .filter({ hasText: 'Comentario que sobra' })
      .getByRole('button', { name: /^Rechazar/ })
      .click();
    const reject = page.getByRole('alertdialog', { name: 'Rechazar comentario' });
    await expect(reject).toContainText('¿Seguro que quieres rechazar este comentario?');
    await reject.getByRole('button', { name: 'Rechazar' }).click();
    await expect(page.locator('.admin-card').filter({ hasText: 'Comentario que sobra' })).toHaveCount(0);

    await page.getByRole('tab', { name: /Mensajes/ }).click();
    const message = page.locator('.admin-card').filter({ hasText: 'Asunto de prueba' });
    await expect(message).toContainText('Prensa y Medios');
    await expect(message.getByRole('link', { name: 'ana@example.com' })).toHaveAttribute(
      'href',
      /^mailto:ana@example\.com/,
    );
    await expectNoSeriousA11yViolations(page);
    await message.getByRole('button', { name: /^Marcar como leído/ }).click();
    await expect(message.getByText('Leído')).toBeVisible();
  });

  test('works on a phone', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await login(page, admin);
    await page.goto('/admin');
    await expect(page.getByRole('tab', { name: /Reportes/ })).toBeVisible();
    await page.getByRole('tab', { name: /Reportes/ }).click();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});
