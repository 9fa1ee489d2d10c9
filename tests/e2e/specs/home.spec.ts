import { defaultFilters, filterFestivals, type FestivalFilters } from '#core/festival-filters';
import { artistNameKey } from '#core/artist-key';
import { festivalPageUrl } from '#core/festival-page-url';
import { slugify } from '#core/slug';
import { catalogue, expect, test, withCookieChoice } from '../support/fixtures';
import type { Festival } from '#core/response-schemas';

const withoutAccents = (text: string) => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '');

const countText = (n: number, filtered: boolean) =>
  `${n} ${n === 1 ? 'festival encontrado' : 'festivales encontrados'}${filtered ? ' con los filtros aplicados' : ''}`;

test.beforeEach(async ({ page }) => {
  await withCookieChoice(page);
});

test(
  'the home lists upcoming festivals as cards with the exact count text',
  { tag: '@catalogue' },
  async ({ page }) => {
    const all = (await catalogue(page)) as unknown as Festival[];
    const upcoming = filterFestivals(all, { ...defaultFilters });
    await page.goto('/');
    await expect(page.getByRole('status').filter({ hasText: 'encontrado' })).toHaveText(
      countText(upcoming.length, false),
    );
    await expect(page.getByRole('checkbox', { name: 'Solo próximos festivales' })).toBeChecked();
    const first = upcoming[0];
    const card = page.getByRole('article').filter({ has: page.getByRole('link', { name: first.name, exact: true }) });
    await expect(card).toBeVisible();
    // Three genres, then '+N'.
    if (first.genres.length > 3) await expect(card.getByText(`+${first.genres.length - 3}`)).toBeVisible();
    await expect(card.getByRole('listitem')).toHaveCount(Math.min(first.genres.length, 4));
    await card.getByRole('link', { name: first.name, exact: true }).click();
    await expect(page).toHaveURL(`/festival/${first.id}/${slugify(first.name)}`);
    await expect(page.getByRole('heading', { level: 1, name: first.name })).toBeVisible();
  },
);

test('filters give the same results as core, with the plural and singular texts', async ({ page }) => {
  // The server's search also matches the artists of every edition's lineup: core does too when
  // each festival carries its artists' name keys, read here from the editions.
  const all = await Promise.all(
    ((await catalogue(page)) as unknown as Festival[]).map(async (f) => {
      const editions: { lineup: { artist: { name: string } }[] }[] = await (
        await page.request.get(`/api/festivals/${f.id}/editions`)
      ).json();
      return { ...f, artistKeys: editions.flatMap((e) => e.lineup.map((entry) => artistNameKey(entry.artist.name))) };
    }),
  );
  await page.goto('/');
  const status = page.getByRole('status').filter({ hasText: 'encontrado' });
  await expect(status).toContainText('festivales encontrados');

  const search = page.getByRole('searchbox', { name: 'Buscar' });
  // Accent-insensitive: 'sonar' finds 'Sónar' (one result: the singular text).
  await search.fill('sonar');
  const sonar = filterFestivals(all, { ...defaultFilters, search: 'sonar' });
  expect(sonar.length).toBe(1);
  await expect(status).toHaveText(countText(1, true));
  await expect(page.getByRole('link', { name: 'Sónar', exact: true })).toBeVisible();

  await search.fill('');
  const genre = 'Techno';
  await page.getByLabel('Género', { exact: true }).selectOption(genre);
  await page.getByLabel('Valoración mínima').selectOption('0');
  let filters: FestivalFilters = { ...defaultFilters, genre };
  await expect(status).toHaveText(countText(filterFestivals(all, filters).length, true));

  // Turning upcoming-only off shows past editions too.
  await page.getByRole('checkbox', { name: 'Solo próximos festivales' }).uncheck();
  filters = { ...filters, upcoming: false };
  await expect(status).toHaveText(countText(filterFestivals(all, filters).length, true));

  // Alphabetical order: the first card is the first name in Spanish order.
  await page.getByLabel('Ordenar por').selectOption('name');
  const byName = filterFestivals(all, { ...filters, sort: 'name' });
  await expect(page.getByRole('article').first().getByRole('heading')).toHaveText(byName[0].name);
});

test('dates and upcoming-only exclude each other', { tag: '@catalogue' }, async ({ page }) => {
  await page.goto('/');
  const upcoming = page.getByRole('checkbox', { name: 'Solo próximos festivales' });
  const from = page.getByLabel('Fecha de inicio');
  const to = page.getByLabel('Fecha de fin');
  await from.fill('2027-06-01');
  await expect(upcoming).not.toBeChecked();
  await expect(to).toHaveAttribute('min', '2027-06-01');
  await to.fill('2027-06-30');
  await expect(page.getByRole('status').filter({ hasText: 'encontrado' })).toContainText('con los filtros aplicados');
  await upcoming.check();
  await expect(from).toHaveValue('');
  await expect(to).toHaveValue('');
});

test('an empty result offers Limpiar filtros, which resets everything', { tag: '@catalogue' }, async ({ page }) => {
  await page.goto('/');
  const status = page.getByRole('status').filter({ hasText: 'encontrado' });
  const initial = await status.textContent();
  await page.getByRole('searchbox', { name: 'Buscar' }).fill('zzzz-no-existe');
  await expect(page.getByText('No se encontraron festivales que coincidan con los filtros aplicados.')).toBeVisible();
  await expect(status).toHaveText(countText(0, true));
  await page.getByRole('main').getByRole('button', { name: 'Limpiar filtros' }).last().click();
  await expect(page.getByRole('searchbox', { name: 'Buscar' })).toHaveValue('');
  await expect(page.getByRole('checkbox', { name: 'Solo próximos festivales' })).toBeChecked();
  await expect(status).toHaveText(initial!);
});

test(
  'typing: while the answer for what is typed is held back, the earlier cards stay on show as busy ' +
    'and the box keeps every letter; the answer then replaces them',
  { tag: '@catalogue' },
  async ({ page }) => {
    const upcoming = filterFestivals((await catalogue(page)) as unknown as Festival[], defaultFilters);
    // A festival of the list, typed in lower case without its accents: Sónar in the seed.
    const target =
      upcoming.find((f) => f.name === 'Sónar') ??
      upcoming.find((f) => withoutAccents(f.name) !== f.name) ??
      upcoming[0];
    const query = withoutAccents(target.name).toLowerCase();
    // What the server answers for it: its count and first card.
    const answer: { total: number; items: { name: string }[] } = await (
      await page.request.get(festivalPageUrl({ ...defaultFilters, search: query }))
    ).json();
    expect(answer.items.map((f) => f.name)).toContain(target.name);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/festivals/page?*', async (route) => {
      if (new URL(route.request().url()).searchParams.get('search') === query) await held;
      await route.continue();
    });
    await page.goto('/');
    const status = page.getByRole('status').filter({ hasText: 'encontrado' });
    await expect(status).toHaveText(countText(upcoming.length, false));
    const search = page.getByRole('searchbox', { name: 'Buscar' });
    await search.pressSequentially(query, { delay: 40 });

    // The pause applies the search (it is in the address) while its cards are still on their way.
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe(query);
    const results = page.locator('.results');
    await expect(results).toHaveAttribute('aria-busy', 'true');
    await expect(search).toHaveValue(query);
    await expect(page.getByRole('article').first()).toBeVisible();

    release();
    await expect(status).toHaveText(countText(answer.total, true));
    await expect(results).toHaveAttribute('aria-busy', 'false');
    await expect(page.getByRole('link', { name: answer.items[0].name, exact: true })).toBeVisible();
    await expect(search).toHaveValue(query);
  },
);

test('with no festivals at all the list says so, without the clear button', async ({ page }) => {
  await page.route('**/api/festivals/page?*', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: '{"total":0,"offset":0,"limit":24,"items":[],"genres":[]}',
    }),
  );
  await page.goto('/');
  await expect(page.getByText('No se encontraron festivales.', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Limpiar filtros' })).toHaveCount(0);
});

test('an unexpected catalogue answer empties the list with the error toast', async ({ page }) => {
  await page.route('**/api/festivals/page?*', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: '{"oops":true}' }),
  );
  await page.goto('/');
  await expect(page.getByText('Error al cargar festivales: Respuesta inesperada del servidor.')).toBeVisible();
  await expect(page.getByText('No se pudieron cargar los festivales')).toBeVisible();
});

test('grid and list views, and the map button', { tag: '@catalogue' }, async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Vista en lista' }).click();
  await expect(page.getByRole('button', { name: 'Vista en lista' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('.festival-grid')).toHaveClass(/is-list/);
  await page.getByRole('button', { name: 'Vista en cuadrícula' }).click();
  await expect(page.locator('.festival-grid')).not.toHaveClass(/is-list/);
  await page.getByRole('link', { name: 'Ver mapa' }).click();
  await expect(page).toHaveURL('/map');
});

test('skeleton: 12 placeholder cards on desktop, 6 on a phone', async ({ page }) => {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/festivals/page?*', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/');
  const visibleCards = page.locator('.skeleton-grid > .skeleton-card:visible');
  await expect(visibleCards).toHaveCount(12);
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(visibleCards).toHaveCount(6);
  release();
  await expect(page.getByRole('status').filter({ hasText: 'encontrado' })).toBeVisible();
});

for (const screen of ['/', '/favorites']) {
  test(`${screen}: a first page that arrives before the code is drawn by the first render, first card first, asked for once`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    if (screen === '/favorites') {
      const ids = (await catalogue(page)).slice(0, 5).map((f) => String(f.id));
      await page.addInitScript((stored) => localStorage.setItem('favoriteFestivals', stored), JSON.stringify(ids));
    }
    const firstPages: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/festivals/page?') && !r.url().includes('offset=')) firstPages.push(r.url());
    });
    // The code arrives well after the first page, as on a phone (a hundred kilobytes against a few).
    await page.route(/\/assets\/(shell|index)-[^/]*\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 700));
      await route.continue();
    });
    // Every state the list goes through: placeholder cards / festival cards.
    await page.addInitScript(() => {
      const seen: string[] = [];
      Object.assign(window, { listStates: seen });
      new MutationObserver(() => {
        const state = `${document.querySelectorAll('.skeleton-card').length}/${document.querySelectorAll('.festival-card').length}`;
        if (seen.at(-1) !== state) seen.push(state);
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(screen);
    await expect(page.locator('.festival-card')).toHaveCount(screen === '/' ? 24 : 5);
    const states = await page.evaluate(() => (window as unknown as { listStates: string[] }).listStates);
    // No placeholders: the first render has the cards; on a phone the first one alone, then the rest.
    expect(states.filter((s) => !s.startsWith('0/'))).toEqual([]);
    expect(states.filter((s) => s !== '0/0').slice(0, 2)).toEqual(['0/1', screen === '/' ? '0/24' : '0/5']);
    expect(firstPages).toHaveLength(1);
  });
}

test(
  'the filters live in the address: a search can be shared and survives a reload',
  { tag: '@catalogue' },
  async ({ page }) => {
    const all = (await catalogue(page)) as unknown as Festival[];
    await page.goto('/');
    await page.getByRole('searchbox', { name: 'Buscar' }).fill('sonar');
    await page.getByLabel('Ordenar por').selectOption('name');
    await expect(page).toHaveURL(/[?&]q=sonar/);
    await expect(page).toHaveURL(/[?&]orden=name/);
    await page.reload();
    await expect(page.getByRole('searchbox', { name: 'Buscar' })).toHaveValue('sonar');
    await expect(page.getByLabel('Ordenar por')).toHaveValue('name');
    const expected = filterFestivals(all, { ...defaultFilters, search: 'sonar', sort: 'name' });
    await expect(page.getByRole('status').filter({ hasText: 'encontrado' })).toHaveText(
      countText(expected.length, true),
    );
    // Back to the unfiltered list.
    await page.getByRole('main').getByRole('button', { name: 'Limpiar filtros' }).first().click();
    await expect(page).toHaveURL('/');
  },
);

test(
  'the list comes from the server a page at a time, and Mostrar más adds the next page',
  { tag: '@catalogue' },
  async ({ page }) => {
    const all = (await catalogue(page)) as unknown as Festival[];
    const past = filterFestivals(all, { ...defaultFilters, upcoming: false });
    test.skip(past.length <= 24, 'needs more than one page of festivals');
    const asked: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/festivals')) asked.push(new URL(r.url()).pathname + new URL(r.url()).search);
    });
    await page.goto('/?proximos=no');
    await expect(page.getByRole('article')).toHaveCount(24);
    await expect(page.getByRole('status').filter({ hasText: 'encontrado' })).toHaveText(countText(past.length, false));
    // The whole catalogue is never downloaded by the list.
    expect(asked.some((u) => u === '/api/festivals' || u.startsWith('/api/festivals?'))).toBe(false);
    await page.getByRole('button', { name: `Mostrar más festivales (${past.length - 24} restantes)` }).click();
    await expect(page.getByRole('article')).toHaveCount(Math.min(48, past.length));
    await expect(page.getByRole('article').nth(24).getByRole('heading')).toHaveText(past[24].name);
  },
);
