import type { Locator, Page } from '@playwright/test';
import { admin, catalogue, expect, login, person, sessionFor, test, withCookieChoice } from '../support/fixtures';
import { samplePng } from '../support/png';

/** An admin approves the comment, as the Comentarios tab of the panel does (tested in admin.spec.ts). */
async function approveComment(page: Page, commentId: number) {
  const { token } = await sessionFor(page, admin);
  const res = await page.request.put(`/api/admin/comments/${commentId}/approve`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(200);
}

test.beforeEach(async ({ page }) => {
  await withCookieChoice(page);
});

/**
 * Taps the visible star, as a person does (the radio itself is visually hidden, and a forced click at
 * its one-pixel box lands elsewhere while the page above it is still growing), and checks it took.
 */
async function pickStars(section: Locator, n: number) {
  const radio = section.getByRole('radio', { name: `${n} estrellas` });
  await section.locator('label.star-input-option', { hasText: new RegExp(`^${n} estrellas$`) }).click();
  await expect(radio).toBeChecked();
}

test('anonymous visitors are asked to sign in to comment', async ({ page }) => {
  const festival = (await catalogue(page))[20];
  await page.goto(`/festival/${festival.id}`);
  await expect(
    page.locator('#comentarios').getByRole('heading', { name: 'Inicia sesión para comentar' }),
  ).toBeVisible();
  await expect(page.locator('#comentarios').getByRole('button', { name: 'Iniciar sesión' })).toBeVisible();
});

test('comment with a rating, see it pending, then counted once approved, then delete it', async ({ page }) => {
  const festival = (await catalogue(page))[21];
  const author = person('Comentarista');
  await login(page, author);
  await page.goto(`/festival/${festival.id}`);
  const section = page.locator('#comentarios');
  await section.getByRole('button', { name: 'Publicar comentario' }).click();
  await expect(section.getByText('El comentario no puede estar vacío.')).toBeVisible();
  await expect(section.getByText('Debes seleccionar una puntuación')).toBeVisible();

  const text = section.getByLabel('Tu comentario');
  await text.fill('Sonido impecable y un ambiente increíble.');
  await expect(section.getByText('41/300')).toBeVisible();
  await text.fill('x'.repeat(320));
  await expect(text).toHaveValue('x'.repeat(300));
  await expect(section.getByText('300/300')).toBeVisible();
  await text.fill('Sonido impecable y un ambiente increíble.');
  await pickStars(section, 4);
  const [posted] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/comments') && r.request().method() === 'POST'),
    section.getByRole('button', { name: 'Publicar comentario' }).click(),
  ]);
  const { id: commentId } = await posted.json();
  await expect(page.getByText('¡Comentario y puntuación publicados!')).toBeVisible();
  await expect(
    page.getByText('Tu comentario y tu puntuación serán visibles para todos cuando un administrador los apruebe.'),
  ).toBeVisible();
  const comment = section.getByRole('listitem').filter({ hasText: 'Sonido impecable y un ambiente increíble.' });
  await expect(comment).toContainText(author.name);
  await expect(comment.getByText('Pendiente de revisión')).toBeVisible();
  await expect(text).toHaveValue('');
  // Pending: the author still sees it after a reload, and it does not count yet.
  await page.reload();
  await expect(comment.getByText('Pendiente de revisión')).toBeVisible();
  await expect(page.locator('#informacion').getByText('Sin valoraciones aún')).toBeVisible();

  await approveComment(page, commentId);
  await page.reload();
  await expect(comment).toBeVisible();
  await expect(comment.getByText('Pendiente de revisión')).toHaveCount(0);
  await expect(page.locator('#informacion').getByText('(1 valoraciones)')).toBeVisible();
  await expect(page.locator('#informacion .rating-big')).toHaveText('4.0');

  await comment.getByRole('button', { name: 'Borrar' }).click();
  await page.getByRole('alertdialog', { name: '¿Borrar comentario?' }).getByRole('button', { name: 'Borrar' }).click();
  await expect(page.getByText('Comentario borrado')).toBeVisible();
  await expect(comment).toHaveCount(0);
  await expect(page.locator('#informacion').getByText('Sin valoraciones aún')).toBeVisible();
});

test("other people's comments cannot be deleted", async ({ page }) => {
  const festival = (await catalogue(page))[22];
  const first = person('Primera');
  await login(page, first);
  await page.goto(`/festival/${festival.id}`);
  const section = page.locator('#comentarios');
  await section.getByLabel('Tu comentario').fill('Volvería cada año.');
  await pickStars(section, 5);
  const [posted] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/comments') && r.request().method() === 'POST'),
    section.getByRole('button', { name: 'Publicar comentario' }).click(),
  ]);
  await expect(page.getByText('¡Comentario y puntuación publicados!')).toBeVisible();

  await page.context().clearCookies();
  const other = await page.context().newPage();
  await login(other, person('Segunda'));
  await other.goto(`/festival/${festival.id}`);
  const theirs = other.locator('#comentarios').getByRole('listitem').filter({ hasText: 'Volvería cada año.' });
  // Someone else's pending comment is not shown; once approved it is.
  await expect(
    other.locator('#comentarios').getByText('Todavía no hay comentarios. ¡Sé el primero en opinar!'),
  ).toBeVisible();
  await expect(theirs).toHaveCount(0);
  await approveComment(other, (await posted.json()).id);
  await other.reload();
  await expect(theirs).toBeVisible();
  await expect(theirs.getByRole('button', { name: 'Borrar' })).toHaveCount(0);
  await other.close();
});

test('a comment can carry photos, which wait for moderation', async ({ page }) => {
  const festival = (await catalogue(page))[23];
  await login(page, person('Con fotos'));
  await page.goto(`/festival/${festival.id}`);
  const section = page.locator('#comentarios');
  await section.getByLabel('Tu comentario').fill('Os dejo dos fotos del escenario.');
  await pickStars(section, 5);
  // A wrong type is refused in the browser with its Spanish message.
  await section
    .getByLabel('Fotos (opcional)')
    .setInputFiles({ name: 'notas.txt', mimeType: 'text/plain', buffer: Buffer.alloc(2048, 65) });
  await expect(section.getByText('Tipo de archivo no permitido. Usa: JPEG, JPG, PNG, GIF, WEBP')).toBeVisible();
  await section.getByLabel('Fotos (opcional)').setInputFiles([
    { name: 'uno.png', mimeType: 'image/png', buffer: samplePng(1) },
    { name: 'dos.png', mimeType: 'image/png', buffer: samplePng(2) },
  ]);
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/comments/with-media') && r.request().method() === 'POST'),
    section.getByRole('button', { name: 'Publicar comentario' }).click(),
  ]);
  expect(response.status()).toBe(201);
  expect((await response.json()).media).toHaveLength(2);
  await expect(page.getByText('¡Comentario y puntuación publicados!')).toBeVisible();
  await expect(
    page.getByText(
      'Tu comentario, tu puntuación y tus fotos serán visibles para todos cuando un administrador los apruebe.',
    ),
  ).toBeVisible();
  await expect(section.getByRole('listitem').filter({ hasText: 'Os dejo dos fotos del escenario.' })).toBeVisible();
});
