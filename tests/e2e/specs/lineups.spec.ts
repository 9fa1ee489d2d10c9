import { expectNoSeriousA11yViolations } from '../support/a11y';
import { admin, allowConsoleError, api, catalogue, expect, login, test, withCookieChoice } from '../support/fixtures';

test.beforeEach(async ({ page }) => {
  await withCookieChoice(page);
});

/** A seeded festival with past lineups and indicative prices (db/seed/lineup-data.ts). */
async function awakenings(page: Parameters<typeof catalogue>[0]) {
  const festival = (await catalogue(page)).find((f) => f.name === 'Awakenings Summer Festival');
  expect(festival, 'seeded Awakenings Summer Festival').toBeTruthy();
  return festival!;
}

test("the 'Cartel' shows the edition, its tickets and past years' lineups", async ({ page }) => {
  const festival = await awakenings(page);
  await page.goto(`/festival/${festival.id}`);
  await page.getByRole('navigation', { name: 'Secciones del festival' }).getByRole('link', { name: 'Cartel' }).click();
  const section = page.locator('#cartel');
  await expect(section.getByRole('heading', { level: 2, name: 'Cartel' })).toBeInViewport();

  // The upcoming edition: no lineup yet, indicative prices, a link to the official seller in a new tab.
  const currentYear = Number(festival.start_date!.slice(0, 4));
  await expect(section.getByRole('heading', { name: `Edición ${currentYear}` })).toBeVisible();
  await expect(section.getByText('Cartel por anunciar')).toBeVisible();
  await expect(section.getByText('Entradas de 99 € a 180 €')).toBeVisible();
  const buy = section.getByRole('link', { name: /Comprar entradas/ });
  await expect(buy).toHaveAttribute('target', '_blank');
  await expect(buy).toHaveAttribute('rel', 'noopener');
  await expect(buy).toHaveAttribute('href', /^https?:\/\//);

  // The share metadata names the offer.
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent())!);
  expect(jsonLd['@type']).toEqual(['MusicEvent', 'Festival']);
  expect(jsonLd.offers).toMatchObject({
    '@type': 'AggregateOffer',
    lowPrice: 99,
    highPrice: 180,
    priceCurrency: 'EUR',
  });

  // 'Ediciones: 2026 · 2023 · 2019': another year brings its lineup, headliners first.
  const years = section.getByRole('group', { name: 'Ediciones:' });
  await expect(years.getByRole('button', { name: String(currentYear) })).toHaveAttribute('aria-pressed', 'true');
  await years.getByRole('button', { name: '2023' }).click();
  await expect(years.getByRole('button', { name: '2023' })).toHaveAttribute('aria-pressed', 'true');
  await expect(section.getByRole('heading', { name: 'Edición 2023' })).toBeVisible();
  await expect(section.getByText(/de julio de 2023|de junio de 2023/)).toBeVisible();
  const headliners = section.locator('.lineup-headliner a');
  await expect(headliners).toHaveText(['Adam Beyer', 'Amelie Lens', 'Charlotte de Witte']);
  // The rest alphabetically.
  const rest = await section.locator('.lineup-artist a').allTextContents();
  expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b, 'es', { sensitivity: 'base' })));
  expect(rest).toContain('Ben Klock');
  await expectNoSeriousA11yViolations(page);

  await years.getByRole('button', { name: '2019' }).click();
  await expect(section.getByRole('link', { name: 'Nina Kraviz' })).toBeVisible();
  await expect(section.getByText('Cartel por anunciar')).toHaveCount(0);
});

test('an artist page: festivals, past editions, share, slug corrected', async ({ page }) => {
  const festival = await awakenings(page);
  await page.goto(`/festival/${festival.id}#cartel`);
  const section = page.locator('#cartel');
  await section.getByRole('group', { name: 'Ediciones:' }).getByRole('button', { name: '2023' }).click();
  await section.getByRole('link', { name: 'Amelie Lens' }).click();

  await expect(page).toHaveURL(/\/artista\/\d+\/amelie-lens$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Amelie Lens' })).toBeVisible();
  await expect(page).toHaveTitle('Amelie Lens - Festivales');
  const past = page.getByRole('region', { name: 'Ediciones pasadas' });
  await expect(past.getByRole('link', { name: 'Awakenings Summer Festival 2023' })).toBeVisible();
  await expect(past.getByRole('link', { name: 'Tomorrowland 2023' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Próximos festivales' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Without the Web Share API the link is copied.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.evaluate(() => Object.defineProperty(navigator, 'share', { value: undefined, configurable: true }));
  await page.getByRole('button', { name: 'Compartir' }).click();
  await expect(page.getByText('Enlace copiado al portapapeles')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());

  // A wrong slug is replaced; the server HTML already carries the artist's preview.
  const id = /\/artista\/(\d+)\//.exec(page.url())![1];
  const html = await (await page.request.get(`/artista/${id}/otro-nombre`)).text();
  expect(html).toContain('<title>Amelie Lens - Festivales</title>');
  expect(html).toContain('"@type":"MusicGroup"');
  await page.goto(`/artista/${id}/otro-nombre`);
  await expect(page).toHaveURL(`/artista/${id}/amelie-lens`);

  // Back on the festival, the past edition links to the festival page.
  await past.getByRole('link', { name: 'Awakenings Summer Festival 2023' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Awakenings Summer Festival' })).toBeVisible();
});

test('the artists list searches without minding accents', async ({ page }) => {
  await page.goto('/artistas');
  await expect(page.getByRole('heading', { level: 1, name: 'Artistas' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Buscar artista' }).fill('tiesto');
  await expect(page.getByRole('link', { name: 'Tiësto' })).toBeVisible();
  await expect(page).toHaveURL(/\/artistas\?q=tiesto$/);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('link', { name: 'Tiësto' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tiësto' })).toBeVisible();
});

test('an admin pastes a lineup, reorders it, sets the tickets and merges a duplicate artist', async ({ page }) => {
  const tag = Date.now().toString(36);
  const name = `Festival Cartel ${tag}`;
  const { token } = await login(page, admin);
  const festival = await api(page, token, 'POST', '/api/admin/festivals', {
    name,
    description: 'Un festival para probar el editor de carteles.',
    location: 'Valencia, España',
    start_date: '2031-07-11',
    end_date: '2031-07-13',
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
  await expect(dialog.getByRole('button', { name: '2031', exact: true })).toHaveAttribute('aria-pressed', 'true');

  // Pasted the way posters list it: a new name is marked before saving.
  await dialog
    .getByRole('textbox', { name: 'Pegar cartel' })
    .fill(`*Amelie Lens\nViernes\nMain Stage\nNueva Artista ${tag} · Ben Klock`);
  await dialog.getByRole('button', { name: 'Previsualizar y añadir' }).click();
  const rows = dialog.locator('.lineup-row');
  await expect(rows).toHaveCount(3);
  await expect(rows.filter({ hasText: `Nueva Artista ${tag}` }).getByText('Nuevo')).toBeVisible();
  await expect(rows.filter({ hasText: 'Amelie Lens' }).getByText('Nuevo')).toHaveCount(0);
  await expect(dialog.getByText('Se creará 1 artista nuevo al guardar.')).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: `Día de Ben Klock` })).toHaveValue('2031-07-11');
  await expect(dialog.getByRole('textbox', { name: `Escenario de Ben Klock` })).toHaveValue('Main Stage');

  // Another from the suggestions, then reorder and remove.
  const picker = dialog.getByRole('combobox', { name: 'Añadir artista' });
  await picker.fill('charlotte');
  await dialog.getByRole('option', { name: /Charlotte de Witte/ }).click();
  await dialog.getByRole('combobox', { name: 'Añadir artista' }).fill('Tiesto');
  await dialog.getByRole('option', { name: /Tiësto/ }).click();
  await expect(rows).toHaveCount(5);
  await dialog.getByRole('button', { name: 'Quitar a Tiësto' }).click();
  await dialog.getByRole('button', { name: 'Subir a Charlotte de Witte' }).click();
  await dialog.getByRole('button', { name: 'Subir a Charlotte de Witte' }).click();
  await expect(dialog.locator('.lineup-row-name')).toHaveText([
    'Amelie Lens',
    'Charlotte de Witte',
    `Nueva Artista ${tag}Nuevo`,
    'Ben Klock',
  ]);
  await dialog.getByLabel('Categoría de Charlotte de Witte').selectOption('headliner');
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Guardar cartel' }).click();
  await expect(dialog.getByText('Cartel 2031 guardado: 4 artistas (1 nuevos)')).toBeVisible();

  // A wrong price is refused with the server's Spanish message.
  allowConsoleError(page, /status of 400/);
  await dialog.getByRole('textbox', { name: 'Precio desde (€)' }).fill('45');
  await dialog.getByRole('textbox', { name: 'Precio hasta (€)' }).fill('20');
  await dialog.getByRole('button', { name: 'Guardar entradas' }).click();
  await expect(dialog.getByRole('alert')).toContainText('El precio hasta no puede ser menor que el precio desde.');
  await dialog.getByRole('textbox', { name: 'Precio hasta (€)' }).fill('');
  await dialog.getByRole('textbox', { name: 'Web oficial de venta' }).fill('https://entradas.example/cartel');
  await dialog.getByRole('button', { name: 'Guardar entradas' }).click();
  await expect(dialog.getByText('Entradas 2031 guardadas')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cerrar' }).last().click();

  // What the database holds is what the visitor sees.
  const saved = await (await page.request.get(`/api/festivals/${festival.id}`)).json();
  expect(saved.lineup.map((e: { artist: { name: string } }) => e.artist.name)).toEqual([
    'Amelie Lens',
    'Charlotte de Witte',
    `Nueva Artista ${tag}`,
    'Ben Klock',
  ]);
  expect(saved.tickets).toMatchObject({
    price_from: 45,
    price_to: null,
    ticket_url: 'https://entradas.example/cartel',
  });
  await page.goto(`/festival/${festival.id}#cartel`);
  const section = page.locator('#cartel');
  await expect(section.locator('.lineup-headliner a')).toHaveText(['Amelie Lens', 'Charlotte de Witte']);
  await expect(section.getByRole('heading', { name: 'Viernes 11 de julio · Main Stage' })).toBeVisible();
  await expect(section.getByText('Entradas desde 45 €')).toBeVisible();

  // A duplicate created by hand is merged into the artist of the lineup (the same name is refused: 409).
  allowConsoleError(page, /status of 409/);
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Artistas' }).click();
  await page.getByRole('button', { name: 'Nuevo artista' }).click();
  const form = page.getByRole('dialog', { name: 'Nuevo artista' });
  await form.getByRole('textbox', { name: 'Nombre' }).fill(`nueva artista ${tag}`);
  await form.getByRole('button', { name: 'Crear artista' }).click();
  await expect(form.getByRole('alert')).toContainText('Ya existe un artista con ese nombre.');
  await form.getByRole('textbox', { name: 'Nombre' }).fill(`N. Artista ${tag}`);
  await form.getByRole('textbox', { name: 'País' }).fill('España');
  await form.getByRole('button', { name: 'Crear artista' }).click();
  await expect(page.getByText(`Artista «N. Artista ${tag}» creado`)).toBeVisible();
  await page.getByRole('searchbox', { name: 'Buscar artista' }).fill(tag);
  await page.getByRole('button', { name: `Editar N. Artista ${tag}` }).click();
  const edit = page.getByRole('dialog', { name: `Editar artista: N. Artista ${tag}` });
  await edit.getByRole('combobox', { name: 'Fusionar en' }).fill(`Nueva Artista ${tag}`);
  await edit.getByRole('option', { name: `Nueva Artista ${tag}` }).click();
  page.once('dialog', (d) => void d.accept());
  await edit.getByRole('button', { name: `Fusionar en «Nueva Artista ${tag}»` }).click();
  await expect(page.getByText(`«N. Artista ${tag}» fusionado en «Nueva Artista ${tag}»`)).toBeVisible();
  await expect(page.getByRole('button', { name: `Editar N. Artista ${tag}` })).toHaveCount(0);
});

test("'Precio máximo' on the home keeps festivals whose tickets start at or below it", async ({ page }) => {
  await page.goto('/');
  const count = page.locator('.results-count');
  await expect(count).toContainText('festivales encontrados');
  const before = Number((await count.textContent())!.match(/\d+/)![0]);
  // On a wide screen every filter is in view ('Más filtros' folds them on a phone).
  await page.getByLabel('Precio máximo').selectOption('100');
  await expect(page).toHaveURL(/[?&]precio=100/);
  await expect(count).toContainText('con los filtros aplicados');
  const counted = async () => Number((await count.textContent())!.match(/\d+/)![0]);
  await expect.poll(counted).toBeLessThan(before);
  expect(await counted()).toBeGreaterThan(0);
  // Awakenings starts at 99 € and Tomorrowland at 129 € (seeded indicative prices).
  await expect(page.getByRole('heading', { name: 'Awakenings Summer Festival' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Tomorrowland', exact: true })).toHaveCount(0);
  await page.reload();
  await expect(page.getByLabel('Precio máximo')).toHaveValue('100');
});

test("a past edition picked in the 'Cartel' shows that year's comments, and a new comment is about it", async ({
  page,
}) => {
  const festival = await awakenings(page);
  const { token } = await login(page, admin);
  const content = `Cierre inolvidable ${Date.now()}`;
  const about2023 = await api(page, token, 'POST', '/api/comments', {
    festival_id: festival.id,
    content,
    rating: 5,
    edition_year: 2023,
  });
  await api(page, token, 'PUT', `/api/admin/comments/${about2023.id}/approve`);
  const created: number[] = [about2023.id];
  try {
    await page.goto(`/festival/${festival.id}#cartel`);
    const years = page.locator('#cartel').getByRole('group', { name: 'Ediciones:' });
    const comments = page.locator('#comentarios');
    // The current edition lists every comment.
    await expect(comments.getByRole('heading', { level: 2, name: /^Comentarios \(/ })).toBeVisible();
    await expect(comments.getByText(content)).toBeVisible();

    await years.getByRole('button', { name: '2023' }).click();
    await expect(comments.getByRole('heading', { level: 2, name: /^Comentarios de la edición 2023/ })).toBeVisible();
    await expect(comments.getByText(content)).toBeVisible();
    await comments.scrollIntoViewIfNeeded();
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await comments.screenshot({ path: test.info().outputPath(`comments-2023-${width}.png`) });
    }
    await expectNoSeriousA11yViolations(page);

    await years.getByRole('button', { name: '2019' }).click();
    await expect(comments.getByRole('heading', { level: 2, name: 'Comentarios de la edición 2019' })).toBeVisible();
    await expect(comments.getByText('Todavía no hay comentarios sobre la edición 2019.')).toBeVisible();
    await expect(comments.getByText(content)).toHaveCount(0);

    // Posting now is about 2019: pending for its author, listed under that year.
    await expect(
      comments.getByRole('heading', { level: 3, name: 'Deja tu opinión sobre la edición 2019' }),
    ).toBeVisible();
    await comments.getByLabel('Tu comentario').fill('Mi primera vez, en 2019');
    await comments.locator('label.star-input-option', { hasText: /^5 estrellas$/ }).click();
    await comments.getByRole('button', { name: 'Publicar comentario' }).click();
    await expect(comments.getByText('Mi primera vez, en 2019')).toBeVisible();
    const of2019 = await api(page, token, 'GET', `/api/comments/festival/${festival.id}?year=2019`);
    const mine = of2019.find((c: { content: string }) => c.content === 'Mi primera vez, en 2019');
    expect(mine).toMatchObject({ status: 'pending' });
    created.push(mine.id);
  } finally {
    for (const id of created) await api(page, token, 'DELETE', `/api/comments/${id}`);
  }
});
