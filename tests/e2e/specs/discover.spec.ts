import { createServer, type Server } from 'node:http';
import { E2E_EMBED_PORT } from '../support/constants';
import { admin, api, expect, login, test, withCookieChoice } from '../support/fixtures';

// The players' hosts stand in on loopback (the server's EMBED_TEST_ORIGIN): it records what it is
// asked, so the test knows nothing reached a player before the click.
const embedOrigin = `http://127.0.0.1:${E2E_EMBED_PORT}`;
const embedRequests: string[] = [];
let embedHost: Server;
test.beforeAll(async () => {
  embedHost = createServer((req, res) => {
    embedRequests.push(req.url ?? '');
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.end(`<!doctype html><title>Reproductor</title><p>Reproductor de prueba ${req.url?.split('?')[0]}</p>`);
  });
  await new Promise<void>((resolve) => embedHost.listen(E2E_EMBED_PORT, '127.0.0.1', resolve));
});
test.afterAll(() => new Promise<void>((resolve) => embedHost.close(() => resolve())));

test.beforeEach(async ({ page }) => {
  await withCookieChoice(page);
});

const festivalNamed = async (page: import('@playwright/test').Page, name: string) => {
  const res = await page.request.get(`/api/festivals?search=${encodeURIComponent(name)}`);
  const list = (await res.json()) as { id: number; name: string }[];
  const found = list.find((f) => f.name === name);
  expect(found, name).toBeTruthy();
  return found!;
};

test("a visitor who favourites two festivals sees 'Para ti' with its reasons and can say 'No me interesa'", async ({
  page,
}) => {
  await page.goto('/');
  // Nothing to go on yet: no row at all.
  await expect(page.getByRole('heading', { name: 'Encuentra tu próximo festival' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Para ti' })).toHaveCount(0);

  await page.getByRole('searchbox', { name: 'Buscar' }).fill('Sónar');
  // In the results (once 'Para ti' shows, a festival may be in both).
  const results = page.locator('.results');
  await results.getByRole('button', { name: 'Añadir Sónar a favoritos' }).click();
  await page.getByRole('searchbox', { name: 'Buscar' }).fill('Awakenings');
  await results.getByRole('button', { name: 'Añadir Awakenings Summer Festival a favoritos' }).click();

  const row = page.getByRole('list', { name: 'Festivales para ti' });
  await expect(page.getByRole('heading', { name: 'Para ti' })).toBeVisible();
  await expect(row.locator(':scope > li').first()).toBeVisible();
  const reasons = await row.locator('.discover-reason').allTextContents();
  expect(reasons.length).toBeGreaterThan(1);
  for (const reason of reasons)
    expect(reason).toMatch(
      /^(Porque te gusta (Sónar|Awakenings Summer Festival)|Mismo estilo que .+: .+|Cerca de .+|Porque sigues a .+)$/,
    );
  // The favourites themselves are never picks.
  await expect(row.getByRole('link', { name: 'Sónar', exact: true })).toHaveCount(0);

  const first = row.locator(':scope > li').first();
  const name = (await first.getByRole('heading').textContent())!.trim();
  await first.getByRole('button', { name: `No me interesa ${name}` }).click();
  await expect(row.getByRole('link', { name, exact: true })).toHaveCount(0);
  // Kept on the device: still gone after a reload.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Para ti' })).toBeVisible();
  await expect(row.getByRole('link', { name, exact: true })).toHaveCount(0);
});

test("the festival page shows 'Festivales parecidos' with what they share, and opens one", async ({ page }) => {
  const sonar = await festivalNamed(page, 'Sónar');
  await page.goto(`/festival/${sonar.id}`);
  const section = page.getByRole('region', { name: 'Festivales parecidos' });
  await section.scrollIntoViewIfNeeded();
  const items = section.getByRole('list', { name: 'Festivales parecidos' }).locator(':scope > li');
  await expect(items.first()).toBeVisible();
  expect(await items.count()).toBeLessThanOrEqual(8);
  await expect(section.locator('.discover-reason').first()).toHaveText(
    /^(Comparten \d+ artistas?: .+|Mismo estilo: .+)$/,
  );
  const target = (await items.first().getByRole('heading').textContent())!.trim();
  await items.first().getByRole('link', { name: target, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: target })).toBeVisible();
});

test("'Escuchar' loads an artist's player only after the click, on the artist page and from the lineup", async ({
  page,
}) => {
  const tag = Date.now().toString(36);
  const { token } = await login(page, admin);
  const artistName = `Escuchable ${tag}`;
  const second = `Sin reproductor ${tag}`;
  const artist = await api(page, token, 'POST', '/api/admin/artists', {
    name: artistName,
    soundcloud: `https://soundcloud.com/escuchable-${tag}`,
    spotify: 'https://open.spotify.com/artist/5Ho1vKl1Uz8bJlk4vbmvmf',
  });
  const festival = await api(page, token, 'POST', '/api/admin/festivals', {
    name: `Festival Escuchar ${tag}`,
    description: 'Un cartel para escuchar.',
    location: 'Bilbao, España',
    start_date: '2031-07-11',
    genres: ['Techno'],
    status: 'approved',
  });
  const [edition] = await api(page, token, 'GET', `/api/festivals/${festival.id}/editions`);
  await api(page, token, 'PUT', `/api/admin/editions/${edition.id}/lineup`, {
    lineup: [
      { artist_name: artistName, billing: 'headliner' },
      { artist_name: second, stage: 'Carpa' },
    ],
  });
  const seen: string[] = [];
  page.on('request', (request) => {
    if (
      request.url().startsWith(embedOrigin) ||
      /soundcloud|spotify|youtube|bandcamp/.test(new URL(request.url()).host)
    )
      seen.push(request.url());
  });
  embedRequests.length = 0;

  await page.goto(`/artista/${artist.id}`);
  const listen = page.getByRole('region', { name: 'Escuchar' });
  await expect(listen).toContainText('Al pulsar «Escuchar» se cargará aquí el reproductor de SoundCloud o Spotify');
  await expect(listen.locator('iframe')).toHaveCount(0);
  expect(seen).toEqual([]);
  expect(embedRequests).toEqual([]);

  await listen.getByRole('button', { name: 'Escuchar en SoundCloud' }).click();
  const player = page.frameLocator(`iframe[title="Reproductor de SoundCloud: ${artistName}"]`);
  await expect(player.getByText('Reproductor de prueba /player/')).toBeVisible();
  expect(embedRequests[0]).toContain(encodeURIComponent(`https://soundcloud.com/escuchable-${tag}`));
  // The other player is one click away.
  await listen.getByRole('button', { name: 'Escuchar en Spotify' }).click();
  await expect(
    page.frameLocator('iframe[title^="Reproductor de Spotify"]').getByText('Reproductor de prueba /embed/artist/'),
  ).toBeVisible();

  // From the festival's lineup: nothing loads before 'Escuchar', then 'Siguiente' goes down the lineup.
  seen.length = 0;
  await page.goto(`/festival/${festival.id}`);
  await expect(
    page.getByText("'Escuchar' carga el reproductor de SoundCloud, Bandcamp, YouTube o Spotify del artista"),
  ).toBeVisible();
  expect(seen).toEqual([]);
  await page.getByRole('button', { name: `Escuchar a ${artistName}` }).click();
  const lineupPlayer = page.getByRole('region', { name: 'Reproductor del cartel' });
  await expect(lineupPlayer).toContainText(`Escuchando: ${artistName} (1 de 2)`);
  await expect(
    page.frameLocator(`iframe[title="Reproductor de SoundCloud: ${artistName}"]`).getByText('Reproductor de prueba'),
  ).toBeVisible();
  await lineupPlayer.getByRole('button', { name: 'Siguiente' }).click();
  await expect(lineupPlayer).toContainText(`Escuchando: ${second} (2 de 2)`);
  await expect(lineupPlayer).toContainText(`${second} no tiene enlaces de SoundCloud, Bandcamp, YouTube ni Spotify`);
  await lineupPlayer.getByRole('button', { name: 'Anterior' }).click();
  await expect(lineupPlayer).toContainText(`Escuchando: ${artistName} (1 de 2)`);

  // The queue survives moving around the site: its player stays while the home is shown.
  await page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Inicio' }).click();
  await expect(page.getByRole('heading', { name: 'Encuentra tu próximo festival' })).toBeVisible();
  await expect(lineupPlayer).toContainText(`Cartel de Festival Escuchar ${tag}. Escuchando: ${artistName} (1 de 2)`);
  await page.goBack();

  // 'Escuchar el cartel' by stage: the queue holds that stage's artists only.
  await page.getByLabel('Qué escuchar').selectOption({ label: 'Carpa (1)' });
  await page.getByRole('button', { name: 'Escuchar el cartel' }).click();
  await expect(lineupPlayer).toContainText(`Festival Escuchar ${tag} · Carpa. Escuchando: ${second} (1 de 1)`);
  await lineupPlayer.getByRole('button', { name: 'Cerrar' }).click();
  await expect(lineupPlayer).toHaveCount(0);
});
