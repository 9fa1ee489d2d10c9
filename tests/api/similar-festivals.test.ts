import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { festivalsTable } from '#db/schema';
import { FRESH_MS } from '../../functions/lib/cache/kept';
import { api, db, signInAdmin, type SignedIn } from '../support/api';
import { createFestival } from '../support/fixtures';

// 'Festivales parecidos' is kept by the database (festival_similar): these tests write lineups,
// genres and approvals through the API or straight into the database and read what the festival
// page would show. Each festival gets a genre and artists of its own, so the seeded catalogue
// never enters the neighbours compared.

const year = new Date().getUTCFullYear() + 1;
let admin: SignedIn;
let tag = 0;
const unique = () => `${++tag}-${Date.now()}`;

beforeAll(async () => {
  admin = await signInAdmin();
});

interface Similar {
  festival: { id: number; name: string };
  score: number;
  reasons: { shared_artists: { id: number; name: string }[]; genres: string[]; distance_km: number | null };
}

async function festival(genre: string, options: { past?: boolean; lat?: number; lon?: number } = {}) {
  const when = options.past ? '2019' : String(year);
  return createFestival(
    {
      name: `Parecido ${unique()}`,
      startDate: `${when}-07-10`,
      endDate: `${when}-07-12`,
      latitude: options.lat ?? 41.4,
      longitude: options.lon ?? 2.2,
    },
    [genre],
  );
}

async function setLineup(festivalId: number, lineup: { artist_name: string; billing?: 'headliner' | 'regular' }[]) {
  const [{ editionId }] = await db()
    .select({ editionId: festivalsTable.currentEditionId })
    .from(festivalsTable)
    .where(eq(festivalsTable.id, festivalId));
  const res = await api('PUT', `/api/admin/editions/${editionId}/lineup`, { token: admin.token, body: { lineup } });
  expect(res.status).toBe(200);
}

const similar = async (id: number) => {
  const res = await api('GET', `/api/festivals/${id}/similar`);
  expect(res.status).toBe(200);
  return res.json as Similar[];
};

describe('GET /api/festivals/{id}/similar', () => {
  it('names the shared artists, strongest first, the shared genres and the distance; upcoming festivals first', async () => {
    const genre = `Estilo ${unique()}`;
    const a = await festival(genre);
    const b = await festival(genre, { lat: 41.5, lon: 2.2 });
    const past = await festival(genre);
    const other = await festival(`Otro ${unique()}`);
    const [x, y, z] = [`Artista X ${unique()}`, `Artista Y ${unique()}`, `Artista Z ${unique()}`];
    await setLineup(a, [{ artist_name: x, billing: 'headliner' }, { artist_name: y }, { artist_name: z }]);
    await setLineup(b, [{ artist_name: y }, { artist_name: x, billing: 'headliner' }]);
    await setLineup(past, [{ artist_name: x, billing: 'headliner' }, { artist_name: y }, { artist_name: z }]);
    await db()
      .update(festivalsTable)
      .set({ startDate: '2019-07-10', endDate: '2019-07-12' })
      .where(eq(festivalsTable.id, past));
    await setLineup(other, [{ artist_name: z }]);

    const res = await api('GET', `/api/festivals/${a}/similar`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('s-maxage');
    const items = res.json as Similar[];
    // The past festival shares more, yet comes after the upcoming ones.
    expect(items.map((i) => i.festival.id)).toEqual([b, other, past]);
    expect(items[0].reasons.shared_artists.map((s) => s.name)).toEqual([x, y]);
    expect(items[0].reasons.genres).toEqual([genre]);
    expect(items[0].reasons.distance_km).toBeCloseTo(11.1, 0);
    expect(items[1].reasons).toMatchObject({ shared_artists: [{ name: z }], genres: [] });
    expect(items[2].score).toBeGreaterThan(items[0].score);
    // The pair reads the same from the other side.
    const fromB = await similar(b);
    expect(fromB.find((i) => i.festival.id === a)).toMatchObject({ score: items[0].score });
  });

  it('shows a lineup change at once, through the API and for the festivals it now shares artists with', async () => {
    const d = await festival(`Solo ${unique()}`);
    const e = await festival(`Solo ${unique()}`);
    const name = `Compartida ${unique()}`;
    await setLineup(d, [{ artist_name: name }]);
    const first = await api('GET', `/api/festivals/${d}/similar`);
    expect(first.json).toEqual([]);
    const etag = first.headers.get('etag')!;
    expect((await api('GET', `/api/festivals/${d}/similar`, { headers: { 'If-None-Match': etag } })).status).toBe(304);

    await setLineup(e, [{ artist_name: `Otra ${unique()}` }, { artist_name: name }]);
    const after = await api('GET', `/api/festivals/${d}/similar`, { headers: { 'If-None-Match': etag } });
    expect(after.status).toBe(200);
    expect((after.json as Similar[]).map((i) => [i.festival.id, i.reasons.shared_artists.map((s) => s.name)])).toEqual([
      [e, [name]],
    ]);

    // Taken off the lineup: gone from both sides.
    await setLineup(e, [{ artist_name: `Otra más ${unique()}` }]);
    expect(await similar(d)).toEqual([]);
    expect(await similar(e)).toEqual([]);
  });

  it('follows writes made behind the API within the freshness bound: a shared genre, a rejection', async () => {
    const f = await festival(`Suelto ${unique()}`);
    const g = await festival(`Suelto ${unique()}`);
    expect(await similar(f)).toEqual([]);
    // Another process gives g the genre of f.
    await db().execute(sql`insert into festival_genres (festival_id, genre_id)
      select ${g}, genre_id from festival_genres where festival_id = ${f}`);
    await new Promise((resolve) => setTimeout(resolve, FRESH_MS + 50));
    await similar(f); // served as kept while the check runs
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await similar(f)).map((i) => i.festival.id)).toEqual([g]);

    // A festival that is no longer approved leaves its neighbours' lists.
    await db().update(festivalsTable).set({ status: 'rejected' }).where(eq(festivalsTable.id, g));
    await new Promise((resolve) => setTimeout(resolve, FRESH_MS + 50));
    await similar(f);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await similar(f)).toEqual([]);
    const rows = await db().execute(
      sql`select count(*)::int as n from festival_similar where similar_id = ${g} or festival_id = ${g}`,
    );
    expect((rows as unknown as { rows: { n: number }[] }).rows[0].n).toBe(0);
  });

  it('answers 400 for an id that is not a number and 404 for a festival that does not exist', async () => {
    const bad = await api('GET', '/api/festivals/abc/similar');
    expect(bad.status).toBe(400);
    expect(bad.json.error).toBe('Identificador no válido.');
    const missing = await api('GET', '/api/festivals/99999999/similar');
    expect(missing.status).toBe(404);
    expect(missing.json.code).toBe('festival_not_found');
  });
});
