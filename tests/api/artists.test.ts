import { eq, sql } from 'drizzle-orm';
import { artistNameKey } from '#core/artist-key';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  artistsTable,
  editionTicketsTable,
  festivalEditionsTable,
  festivalsTable,
  lineupEntriesTable,
} from '#db/schema';
import { sqlRows } from '../../functions/lib/domain/sql-rows';
import { rateLimits } from '../../functions/lib/rate-limit';
import { api, db, signIn, signInAdmin, type SignedIn } from '../support/api';
import { createFestival } from '../support/fixtures';
import { FRESH_MS } from '../../functions/lib/cache/kept';

let user: SignedIn;
let admin: SignedIn;
let tag: string;

beforeAll(async () => {
  user = await signIn();
  admin = await signInAdmin();
  tag = `${Date.now()}`.slice(-7);
  rateLimits.propose.limit = 1000;
});

const currentEdition = async (festivalId: number) =>
  (await db().select().from(festivalEditionsTable).where(eq(festivalEditionsTable.festivalId, festivalId)))[0];

async function lineup(festivalId: number, entries: Record<string, unknown>[]) {
  const edition = await currentEdition(festivalId);
  const res = await api('PUT', `/api/admin/editions/${edition.id}/lineup`, {
    token: admin.token,
    body: { lineup: entries },
  });
  expect(res.status).toBe(200);
  return res.json.lineup as { artist: { id: number; name: string; slug: string } }[];
}

async function createArtist(body: Record<string, unknown>) {
  const res = await api('POST', '/api/admin/artists', { token: admin.token, body });
  expect(res.status).toBe(201);
  return res.json as { id: number; slug: string };
}

describe('the artist key', () => {
  it('is the same in the database and in core/artist-key.ts', async () => {
    const names = [
      'DJ Koze',
      'Âme',
      'D.J. Rush',
      'Djrum',
      'Øya Ñúñez',
      'Æther ßound',
      'Жуки',
      'Ryoji Ikeda 池田',
      'A$AP “Rocky”',
      'KAS:ST',
      'Camo & Krooked',
    ];
    const rows = await sqlRows<{ key: string }>(
      db(),
      sql`select artist_name_key(n) as key from unnest(${sql.param(names)}::text[]) with ordinality as x(n, i) order by i`,
    );
    expect(rows.map((r) => r.key)).toEqual(names.map(artistNameKey));
    expect(names.map(artistNameKey).slice(0, 5)).toEqual(['koze', 'ame', 'rush', 'djrum', 'oyanunez']);
  });
});

describe('admin artists', () => {
  it('creates, edits and deletes an artist; the key refuses the same name typed differently (409)', async () => {
    const created = await createArtist({
      name: `Ñaco Ríos ${tag}`,
      country: 'España',
      genres: ['Techno'],
      instagram: 'https://instagram.com/naco',
    });
    expect(created.slug).toBe(`naco-rios-${tag}`);
    const dup = await api('POST', '/api/admin/artists', { token: admin.token, body: { name: `DJ naco-rios ${tag}` } });
    expect(dup.status).toBe(409);
    expect(dup.json.error).toBe('Ya existe un artista con ese nombre.');
    const edited = await api('PUT', `/api/admin/artists/${created.id}`, {
      token: admin.token,
      body: { name: `Ñaco Ríos ${tag}`, website: 'https://naco.example.com' },
    });
    expect(edited.status).toBe(200);
    expect(edited.json).toMatchObject({ website: 'https://naco.example.com/', instagram: null });
    expect((await api('DELETE', `/api/admin/artists/${created.id}`, { token: admin.token })).status).toBe(200);
    expect(await db().select().from(artistsTable).where(eq(artistsTable.id, created.id))).toHaveLength(0);
  });

  it('an artist created or deleted here is found, or no longer found, by the very next search', async () => {
    const search = async () =>
      (await api('GET', `/api/artists?search=${encodeURIComponent(`Recién Llegada ${tag}`)}`)).json as { id: number }[];
    // A search just before keeps the index checked: the write alone has to show.
    expect(await search()).toEqual([]);
    const created = await createArtist({ name: `Recién Llegada ${tag}` });
    expect((await search()).map((a) => a.id)).toEqual([created.id]);
    expect((await api('DELETE', `/api/admin/artists/${created.id}`, { token: admin.token })).status).toBe(200);
    expect(await search()).toEqual([]);
  });

  it('needs an admin and answers 404 and Spanish 400s', async () => {
    expect((await api('POST', '/api/admin/artists', { body: { name: 'X' } })).status).toBe(401);
    expect((await api('POST', '/api/admin/artists', { token: user.token, body: { name: 'X' } })).status).toBe(403);
    expect((await api('POST', '/api/admin/artists/1/merge', { token: user.token, body: { into: 2 } })).status).toBe(
      403,
    );
    expect(
      (await api('PUT', '/api/admin/artists/99999999', { token: admin.token, body: { name: 'Nadie' } })).status,
    ).toBe(404);
    expect((await api('DELETE', '/api/admin/artists/99999999', { token: admin.token })).status).toBe(404);
    const bad = await api('POST', '/api/admin/artists', {
      token: admin.token,
      body: { name: 'Y', spotify: 'ftp://x' },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toBe('La URL de Spotify no es válida: usa una dirección http(s).');
    expect((await api('POST', '/api/admin/artists', { token: admin.token, body: { name: '' } })).json.error).toBe(
      'El nombre del artista es obligatorio.',
    );
  });

  it('refuses to delete an artist on a lineup (409) and merges duplicates: entries and links move, the duplicate goes', async () => {
    const festival = await createFestival();
    const keep = await createArtist({ name: `Keeper ${tag}`, website: 'https://keeper.example.com' });
    const dup = await createArtist({
      name: `Keeper Twin ${tag}`,
      soundcloud: 'https://soundcloud.com/keeper',
      genres: ['House'],
    });
    await lineup(festival, [{ artist_id: dup.id, billing: 'headliner' }]);
    const refused = await api('DELETE', `/api/admin/artists/${dup.id}`, { token: admin.token });
    expect(refused.status).toBe(409);
    expect(refused.json.error).toBe(
      'El artista aparece en carteles: fusiónalo con otro o quítalo de los carteles antes de eliminarlo.',
    );

    expect(
      (await api('POST', `/api/admin/artists/${dup.id}/merge`, { token: admin.token, body: { into: dup.id } })).status,
    ).toBe(400);
    expect(
      (await api('POST', `/api/admin/artists/${dup.id}/merge`, { token: admin.token, body: { into: 99999999 } }))
        .status,
    ).toBe(404);
    const merged = await api('POST', `/api/admin/artists/${dup.id}/merge`, {
      token: admin.token,
      body: { into: keep.id },
    });
    expect(merged.status).toBe(200);
    expect(merged.json).toMatchObject({
      id: keep.id,
      website: 'https://keeper.example.com/',
      soundcloud: 'https://soundcloud.com/keeper',
      genres: ['House'],
    });
    expect(merged.json.upcoming.map((a: { festival: { id: number } }) => a.festival.id)).toEqual([festival]);
    expect(await db().select().from(artistsTable).where(eq(artistsTable.id, dup.id))).toHaveLength(0);
    const entries = await db().select().from(lineupEntriesTable).where(eq(lineupEntriesTable.artistId, keep.id));
    expect(entries).toHaveLength(1);
  });
});

describe('POST /api/admin/artists/lookup', () => {
  it("answers each pasted name, in order, with the artist it already is by name key (pending proposals' too) or null", async () => {
    const known = await createArtist({ name: `Búsqueda Lote ${tag}` });
    const proposal = await api('POST', '/api/festivals', {
      token: user.token,
      body: {
        name: `Lote Pendiente ${tag}`,
        location: 'Soria, España',
        start_date: '2040-09-01',
        end_date: '2040-09-02',
        description: 'D',
        lineup: [`Solo Pendiente ${tag}`],
      },
    });
    expect(proposal.status).toBe(201);
    const pendingArtist = proposal.json.lineup[0].artist;
    const names = [`Nadie Todavía ${tag}`, `DJ busqueda-lote ${tag}`, `SOLO PENDIENTE ${tag}`, 'D.J.'];
    const res = await api('POST', '/api/admin/artists/lookup', { token: admin.token, body: { names } });
    expect(res.status).toBe(200);
    expect(res.json).toEqual([
      { name: names[0], artist: null },
      { name: names[1], artist: { id: known.id, name: `Búsqueda Lote ${tag}`, slug: known.slug } },
      { name: names[2], artist: expect.objectContaining({ id: pendingArtist.id }) },
      { name: 'D.J.', artist: null },
    ]);
    // What saving resolves to: the same artists, none created twice.
    const festival = await createFestival();
    const saved = await lineup(
      festival,
      names.slice(0, 3).map((artist_name) => ({ artist_name })),
    );
    expect(saved.map((e) => e.artist.id).slice(1)).toEqual([known.id, pendingArtist.id]);
    expect((await api('POST', '/api/admin/artists/lookup', { token: admin.token, body: { names: [] } })).json).toEqual(
      [],
    );
  });

  it('is for admins only and refuses what is not a list of names, in Spanish', async () => {
    expect((await api('POST', '/api/admin/artists/lookup', { body: { names: ['A'] } })).status).toBe(401);
    expect((await api('POST', '/api/admin/artists/lookup', { token: user.token, body: { names: ['A'] } })).status).toBe(
      403,
    );
    const notList = await api('POST', '/api/admin/artists/lookup', { token: admin.token, body: { names: 'A, B' } });
    expect(notList.status).toBe(400);
    expect(notList.json.error).toBe('names debe ser una lista de nombres.');
    const tooMany = await api('POST', '/api/admin/artists/lookup', {
      token: admin.token,
      body: { names: Array.from({ length: 501 }, (_, i) => `N${i}`) },
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.json.error).toBe('Como mucho 500 nombres a la vez.');
    expect(
      (await api('POST', '/api/admin/artists/lookup', { token: admin.token, body: { names: ['  '] } })).json.error,
    ).toBe('Hay un nombre vacío.');
  });
});

describe('public artists', () => {
  it('searches ignoring accents, case and "DJ", with the count of upcoming festivals', async () => {
    const festival = await createFestival({ startDate: '2038-07-01', endDate: '2038-07-02' });
    const [entry] = await lineup(festival, [{ artist_name: `Amélie Lënz ${tag}`, billing: 'headliner' }]);
    const res = await api('GET', `/api/artists?search=${encodeURIComponent(`dj AMELIE lenz ${tag}`)}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('X-Total-Count')).toBe('1');
    expect(res.json).toEqual([
      expect.objectContaining({ id: entry.artist.id, name: `Amélie Lënz ${tag}`, upcomingFestivals: 1 }),
    ]);
    expect((await api('GET', '/api/artists?limit=0')).status).toBe(400);
    expect((await api('GET', '/api/artists?limit=2')).json.length).toBeLessThanOrEqual(2);
  });

  it('shows an artist with upcoming festivals first, then past editions, approved festivals only; 404 otherwise', async () => {
    const festival = await createFestival({ startDate: '2039-06-01', endDate: '2039-06-03' });
    const hidden = await createFestival({ status: 'pending', startDate: '2039-05-01', endDate: '2039-05-02' });
    const [entry] = await lineup(festival, [{ artist_name: `Viajera ${tag}` }]);
    const past = await api('POST', `/api/admin/festivals/${festival}/editions`, {
      token: admin.token,
      body: { year: 2015, start_date: '2015-06-01' },
    });
    await api('PUT', `/api/admin/editions/${past.json.id}/lineup`, {
      token: admin.token,
      body: { lineup: [{ artist_id: entry.artist.id, billing: 'headliner' }] },
    });
    await lineup(hidden, [{ artist_id: entry.artist.id }]);
    const res = await api('GET', `/api/artists/${entry.artist.id}`);
    expect(res.status).toBe(200);
    expect(res.json.upcoming).toEqual([
      expect.objectContaining({ year: 2039, festival: expect.objectContaining({ id: festival }) }),
    ]);
    expect(res.json.past).toEqual([expect.objectContaining({ year: 2015, billing: 'headliner' })]);
    expect((await api('GET', '/api/artists/99999999')).status).toBe(404);
    expect((await api('GET', '/api/artists/abc')).status).toBe(400);
  });

  it('keeps names from a pending proposal out of sight', async () => {
    const res = await api('POST', '/api/festivals', {
      token: user.token,
      body: {
        name: `Propuesta ${tag}`,
        location: 'Vigo, España',
        start_date: '2040-08-01',
        end_date: '2040-08-02',
        description: 'Con cartel',
        lineup: [`Oculta ${tag}`, `Oculta ${tag} Dos`],
        ticket_url: 'https://entradas.example.com',
        price_from: 45,
      },
    });
    expect(res.status).toBe(201);
    const edition = await currentEdition(res.json.id);
    expect(
      await db().select().from(lineupEntriesTable).where(eq(lineupEntriesTable.editionId, edition.id)),
    ).toHaveLength(2);
    const [tickets] = await db()
      .select()
      .from(editionTicketsTable)
      .where(eq(editionTicketsTable.editionId, edition.id));
    expect(tickets).toMatchObject({ priceFrom: 45, ticketUrl: 'https://entradas.example.com/' });
    expect((await api('GET', `/api/artists?search=Oculta ${tag}`)).json).toEqual([]);
    const bad = await api('POST', '/api/festivals', {
      token: user.token,
      body: {
        name: 'P',
        location: 'L',
        start_date: '2040-08-01',
        end_date: '2040-08-02',
        description: 'D',
        price_from: -1,
      },
    });
    expect(bad.status).toBe(400);
    // Approved straight in the database, as another instance would: the search's index shows it within its second (decision 074).
    await db().update(festivalsTable).set({ status: 'approved' }).where(eq(festivalsTable.id, res.json.id));
    const started = Date.now();
    while ((await api('GET', `/api/artists?search=Oculta ${tag}`)).json.length !== 2) {
      expect(Date.now() - started).toBeLessThan(FRESH_MS + 1000);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
});

describe('the catalogue by artist and price', () => {
  it('filters by artist id, finds festivals by an artist name in the search, by maximum price; the list carries no lineup', async () => {
    const withArtist = await createFestival({
      name: `Con Artista ${tag}`,
      startDate: '2041-07-01',
      endDate: '2041-07-02',
    });
    const other = await createFestival({ name: `Sin Artista ${tag}`, startDate: '2041-07-03', endDate: '2041-07-04' });
    const [entry] = await lineup(withArtist, [{ artist_name: `Zyxwërt ${tag}` }]);
    const byId = await api('GET', `/api/festivals?artist=${entry.artist.id}`);
    expect(byId.json.map((f: { id: number }) => f.id)).toEqual([withArtist]);
    const bySearch = await api('GET', `/api/festivals?search=${encodeURIComponent(`zyxwert ${tag}`)}`);
    expect(bySearch.json.map((f: { id: number }) => f.id)).toEqual([withArtist]);
    expect(Object.keys(bySearch.json[0])).not.toContain('lineup');
    // The home's pages: the same search by artist name, cards only.
    const page = await api('GET', `/api/festivals/page?upcoming=false&search=${encodeURIComponent(`zyxwert ${tag}`)}`);
    expect(page.json.items.map((f: { id: number }) => f.id)).toEqual([withArtist]);
    expect((await api('GET', `/api/festivals/page?upcoming=false&artist=${entry.artist.id}`)).json.total).toBe(1);
    expect(
      (await api('GET', `/api/festivals?search=${encodeURIComponent(`Sin Artista ${tag}`)}`)).json.map(
        (f: { id: number }) => f.id,
      ),
    ).toEqual([other]);

    const edition = await currentEdition(other);
    await api('PUT', `/api/admin/editions/${edition.id}/tickets`, { token: admin.token, body: { price_from: 30 } });
    const cheap = await api('GET', `/api/festivals?maxPrice=35&search=${encodeURIComponent(tag)}`);
    expect(cheap.json.map((f: { id: number }) => f.id)).toEqual([other]);
    expect((await api('GET', '/api/festivals?maxPrice=-1')).status).toBe(400);
    expect((await api('GET', '/api/festivals?artist=abc')).status).toBe(400);
  });
});
