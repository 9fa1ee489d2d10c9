import type { Page } from '@playwright/test';
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

/** Two approved photos by a community member on the festival at `index` of the catalogue. */
async function festivalWithPhotos(page: Page, index: number) {
  const festival = (await catalogue(page))[index];
  const adminSession = await sessionFor(page, admin);
  const uploader = await sessionFor(page, person('Fotógrafa'));
  const base = new URL(page.url() === 'about:blank' ? 'http://127.0.0.1' : page.url()).origin;
  const origin = base.startsWith('http://127.0.0.1') ? base : 'http://127.0.0.1';
  const media = [];
  for (const [n, caption] of [
    [2, 'Escenario principal'],
    [3, 'Amanecer en la pista'],
  ] as const) {
    media.push(
      await api(page, adminSession.token, 'POST', '/api/admin/media', {
        festival_id: festival.id,
        user_id: uploader.user.id,
        url: `${origin}/images/stock/festival-${n}-md.jpg`,
        type: 'image',
        status: 'approved',
        caption,
        comment: `Comentario de ${caption}`,
      }),
    );
  }
  return { festival, media, uploader };
}

test.beforeEach(async ({ page }) => {
  await withCookieChoice(page);
});

test('the festival image comes first; the lightbox works with the keyboard', async ({ page }) => {
  await page.goto('/');
  const { festival } = await festivalWithPhotos(page, 10);
  await page.goto(`/festival/${festival.id}`);
  const gallery = page.locator('#galeria');
  const thumbs = gallery.getByRole('button', { name: /^Abrir / });
  await expect(thumbs).toHaveCount(3);
  await expect(gallery.getByRole('listitem').first()).toContainText('Imagen oficial');
  await expect(gallery.getByRole('listitem').first()).toContainText('5.0/5');

  await thumbs.first().click();
  const lightbox = page.getByRole('dialog', { name: `Galería de ${festival.name}` });
  await expect(lightbox).toBeVisible();
  await expect(lightbox.getByText('1 / 3')).toBeVisible();
  await expect(lightbox.getByRole('button', { name: 'Anterior' })).toBeDisabled();
  expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');

  await page.keyboard.press('ArrowRight');
  await expect(lightbox.getByText('2 / 3')).toBeVisible();
  await expect(lightbox.getByRole('heading', { name: 'Amanecer en la pista' })).toBeVisible();
  await expect(lightbox.getByText('Comentario de Amanecer en la pista')).toBeVisible();
  await expect(lightbox.getByText(/^Subido por Fotógrafa/)).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(lightbox.getByText('3 / 3')).toBeVisible();
  await expect(lightbox.getByRole('button', { name: 'Siguiente' })).toBeDisabled();
  await page.keyboard.press('ArrowLeft');
  await expect(lightbox.getByText('2 / 3')).toBeVisible();

  await page.keyboard.press('f');
  await expect.poll(() => page.evaluate(() => document.fullscreenElement?.getAttribute('role'))).toBe('dialog');
  await expect(lightbox.getByRole('button', { name: 'Salir de pantalla completa' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.keyboard.press('f');
  await expect.poll(() => page.evaluate(() => document.fullscreenElement)).toBeNull();

  await page.keyboard.press('Escape');
  await expect(lightbox).toBeHidden();
  await expect(thumbs.first()).toBeFocused();
  expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');
});

test('download names the file festival-photo-{id}.jpg', async ({ page }) => {
  await page.goto('/');
  const { festival, media } = await festivalWithPhotos(page, 11);
  await page.goto(`/festival/${festival.id}`);
  await page
    .locator('#galeria')
    .getByRole('button', { name: /^Abrir / })
    .nth(1)
    .click();
  const lightbox = page.getByRole('dialog', { name: `Galería de ${festival.name}` });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    lightbox.getByRole('button', { name: 'Descargar' }).click(),
  ]);
  const ids = media.map((m: { id: number }) => `festival-photo-${m.id}.jpg`);
  expect(ids).toContain(download.suggestedFilename());
});

test('voting needs a session; a vote shows Tu voto and the new average', async ({ page }) => {
  await page.goto('/');
  const { festival } = await festivalWithPhotos(page, 12);
  await page.goto(`/festival/${festival.id}`);
  await page
    .locator('#galeria')
    .getByRole('button', { name: /^Abrir / })
    .nth(1)
    .click();
  let lightbox = page.getByRole('dialog', { name: `Galería de ${festival.name}` });
  await expect(lightbox.getByText('Inicia sesión para votar')).toBeVisible();
  await page.keyboard.press('Escape');

  await login(page, person('Votante'));
  await page.reload();
  await page
    .locator('#galeria')
    .getByRole('button', { name: /^Abrir / })
    .nth(1)
    .click();
  lightbox = page.getByRole('dialog', { name: `Galería de ${festival.name}` });
  await lightbox.getByRole('button', { name: '4 estrellas' }).click();
  await expect(page.getByText('Voto: 4/5 estrellas')).toBeVisible();
  await expect(lightbox.getByText('Tu voto: 4/5')).toBeVisible();
  await expect(lightbox.getByText('4.0/5')).toBeVisible();
  // The vote is remembered by the server.
  await page.keyboard.press('Escape');
  await page.reload();
  await page
    .locator('#galeria')
    .getByRole('button', { name: /^Abrir / })
    .nth(1)
    .click();
  await expect(page.getByRole('dialog').getByText('Tu voto: 4/5')).toBeVisible();
});

test('Denunciar opens the report modal; sending shows ¡Reportado!', async ({ page }) => {
  await page.goto('/');
  const { festival } = await festivalWithPhotos(page, 13);
  await page.goto(`/festival/${festival.id}`);
  const gallery = page.locator('#galeria');
  await gallery.getByRole('button', { name: 'Denunciar' }).first().click();
  const modal = page.getByRole('dialog', { name: 'Denunciar contenido' });
  await expect(modal.getByLabel('Motivo')).toHaveValue('Violencia');
  await modal.getByLabel('Motivo').selectOption('Spam/publicidad');
  await modal.getByLabel('Detalles (opcional)').fill('Publicidad de otra web');
  await modal.getByRole('button', { name: 'Enviar reporte' }).click();
  await expect(modal).toBeHidden();
  await expect(gallery.getByRole('button', { name: '¡Reportado!' })).toBeDisabled();
});

test('a failed report returns to the modal with Error al reportar', async ({ page }) => {
  await page.goto('/');
  const { festival } = await festivalWithPhotos(page, 14);
  allowConsoleError(page, /status of 500/);
  await page.route('**/api/media/*/report', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: '{"error":"Error interno","code":"internal"}',
    }),
  );
  await page.goto(`/festival/${festival.id}`);
  await page.locator('#galeria').getByRole('button', { name: 'Denunciar' }).first().click();
  const modal = page.getByRole('dialog', { name: 'Denunciar contenido' });
  await modal.getByRole('button', { name: 'Enviar reporte' }).click();
  await expect(modal.getByRole('alert')).toHaveText('Error al reportar');
  await expect(modal.getByRole('button', { name: 'Enviar reporte' })).toBeEnabled();
});

test('filter and sort the gallery', async ({ page }) => {
  await page.goto('/');
  const { festival } = await festivalWithPhotos(page, 15);
  await page.goto(`/festival/${festival.id}`);
  const gallery = page.locator('#galeria');
  await gallery.getByRole('button', { name: 'Vídeos' }).click();
  await expect(gallery.getByRole('button', { name: /^Abrir / })).toHaveCount(0);
  await gallery.getByRole('button', { name: 'Imágenes' }).click();
  await expect(gallery.getByRole('button', { name: /^Abrir / })).toHaveCount(3);
  await gallery.getByLabel('Ordenar galería').selectOption('lowest');
  await expect(gallery.getByRole('listitem').first()).toContainText('Imagen oficial');
});
