import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { festivalsTable, recommendationDismissalsTable } from '#db/schema';
import { api, db, signIn, signInAdmin, type SignedIn } from '../support/api';
import { createFestival } from '../support/fixtures';

// 'Para ti' reads the visitor's favourites, follows and dismissals, and the neighbours the database
// keeps (festival_similar). Each test's festivals have a genre and artists of their own, so the
// seeded catalogue never enters the picks compared.

const year = new Date().getUTCFullYear() + 1;
let admin: SignedIn;
let tag = 0;
const unique = () => `${++tag}-${Date.now()}`;

beforeAll(async () => {
  admin = await signInAdmin();
});

interface Pick {
  festival: { id: number; name: string; distanceKm?: number };
  reason: { kind: string; text: string };
}

async function festival(genre: string, options: { past?: boolean; lat?: number; lon?: number } = {}) {
  const when = options.past ? '2019' : String(year);
  const name = `Para ti ${unique()}`;
  const id = await createFestival(
    {
      name,
      startDate: `${when}-08-01`,
      endDate: `${when}-08-03`,
      latitude: options.lat ?? 48.1,
      longitude: options.lon ?? 11.6,
    },
    [genre],
  );
  return { id, name };
}

async function setLineup(festivalId: number, names: string[], headliners: string[] = []) {
  const [{ editionId }] = await db()
    .select({ editionId: festivalsTable.currentEditionId })
    .from(festivalsTable)
    .where(eq(festivalsTable.id, festivalId));
  const lineup = names.map((artist_name) => ({
    artist_name,
    billing: headliners.includes(artist_name) ? 'headliner' : 'regular',
  }));
  const res = await api('PUT', `/api/admin/editions/${editionId}/lineup`, { token: admin.token, body: { lineup } });
  expect(res.status).toBe(200);
  return res.json.lineup as { artist: { id: number; name: string } }[];
}

const picks = async (query: string, token?: string) => {
  const res = await api('GET', `/api/recommendations${query}`, { token });
  expect(res.status).toBe(200);
  return res.json as Pick[];
};

describe('GET /api/recommendations', () => {
  it("ranks a favourite's neighbours with the reason, leaves out favourites and past festivals", async () => {
    const genre = `Estilo ${unique()}`;
    const liked = await festival(genre);
    const sharing = await festival(`Otro ${unique()}`);
    const sameStyle = await festival(genre);
    const past = await festival(genre, { past: true });
    const [a, b] = [`Artista A ${unique()}`, `Artista B ${unique()}`];
    await setLineup(liked.id, [a, b]);
    await setLineup(sharing.id, [a, b]);
    await setLineup(past.id, [a, b]);
    await db()
      .update(festivalsTable)
      .set({ startDate: '2019-08-01', endDate: '2019-08-03' })
      .where(eq(festivalsTable.id, past.id));

    const res = await api('GET', `/api/recommendations?favorites=${liked.id}&limit=12`);
    expect(res.status).toBe(200);
    expect(res.json).toEqual([
      {
        festival: expect.objectContaining({ id: sharing.id }),
        reason: { kind: 'festival', text: `Porque te gusta ${liked.name}` },
      },
      {
        festival: expect.objectContaining({ id: sameStyle.id }),
        reason: { kind: 'genre', text: `Mismo estilo que ${liked.name}: ${genre.toLowerCase()}` },
      },
    ]);
    // Nothing to go on: nothing at all, not a generic filler.
    expect(await picks('')).toEqual([]);
    expect(await picks('?limit=1&favorites=' + liked.id)).toHaveLength(1);
  });

  it("reads a signed-in visitor's favourites and follows; 'No me interesa' hides the festival and lowers festivals like it", async () => {
    const fan = await signIn();
    expect(await picks('', fan.token)).toEqual([]);
    const liked = await festival(`Estilo ${unique()}`);
    const booked = await festival(`Otro ${unique()}`);
    const close = await festival(`Otro ${unique()}`);
    const far = await festival(`Otro ${unique()}`);
    const disliked = await festival(`Otro ${unique()}`);
    const [x, y, z, w] = [`X ${unique()}`, `Y ${unique()}`, `Z ${unique()}`, `W ${unique()}`];
    const names = Array.from({ length: 4 }, () => `Compartido ${unique()}`);
    await setLineup(liked.id, [x, y, z]);
    // Before the dismissal: close (2 artists with the favourite) ranks above far (1).
    await setLineup(close.id, [x, y, ...names]);
    await setLineup(far.id, [z]);
    await setLineup(disliked.id, [...names, z]);
    const [{ artist }] = await setLineup(booked.id, [w], [w]);
    expect((await api('POST', `/api/follows/artists/${artist.id}`, { token: fan.token })).status).toBe(201);
    expect((await api('POST', `/api/favorites/${liked.id}`, { token: fan.token })).status).toBe(201);

    const before = await picks('', fan.token);
    expect(before[0]).toEqual({
      festival: expect.objectContaining({ id: booked.id }),
      reason: { kind: 'artist', text: `Porque sigues a ${w}` },
    });
    const order = (list: Pick[]) =>
      list.map((p) => p.festival.id).filter((id) => [close.id, far.id, disliked.id].includes(id));
    expect(order(before)).toEqual([close.id, far.id, disliked.id]);

    const dismissed = await api('POST', '/api/recommendations/dismiss', {
      token: fan.token,
      body: { festival_id: disliked.id },
    });
    expect(dismissed.status).toBe(200);
    const rows = await db()
      .select()
      .from(recommendationDismissalsTable)
      .where(eq(recommendationDismissalsTable.userId, fan.user.id));
    expect(rows.map((r) => r.festivalId)).toEqual([disliked.id]);
    // Gone, and close (like the dismissed one) now below far.
    expect(order(await picks('', fan.token))).toEqual([far.id, close.id]);
    // Dismissing twice is the same.
    const again = await api('POST', '/api/recommendations/dismiss', {
      token: fan.token,
      body: { festival_id: disliked.id },
    });
    expect(again.status).toBe(200);
    // The account's export carries it.
    const exported = await api('GET', '/api/users/me/export', { token: fan.token });
    expect(exported.json.dismissed_recommendations).toEqual([expect.objectContaining({ festival_id: disliked.id })]);
  });

  it("gives 'Cerca de' as the reason when being close counts most, and the distance on the card", async () => {
    const genre = `Estilo ${unique()}`;
    const liked = await festival(genre);
    const near = await festival(genre, { lat: 39.5, lon: -0.4 });
    const res = await picks(`?favorites=${liked.id}&lat=39.47&lon=-0.38&cerca=Valencia`);
    expect(res).toEqual([
      { festival: expect.objectContaining({ id: near.id }), reason: { kind: 'near', text: 'Cerca de Valencia' } },
    ]);
    expect(res[0].festival.distanceKm).toBeCloseTo(3.9, 0);
  });

  it('answers 400 with a Spanish message for bad input, 401 without a session and 404 for an unknown festival', async () => {
    for (const [query, message] of [
      ['?favorites=abc', 'favorites debe ser una lista de hasta 200 identificadores separados por comas.'],
      [
        '?favorites=' + Array.from({ length: 201 }, (_, i) => i + 1).join(','),
        'favorites debe ser una lista de hasta 200 identificadores separados por comas.',
      ],
      ['?limit=0', 'limit debe ser un número entre 1 y 24.'],
      ['?limit=25', 'limit debe ser un número entre 1 y 24.'],
      ['?lat=40', 'Indica la latitud y la longitud del lugar.'],
    ]) {
      const res = await api('GET', `/api/recommendations${query}`);
      expect(res.status, query).toBe(400);
      expect(JSON.stringify(res.json), query).toContain(message);
    }
    expect((await api('POST', '/api/recommendations/dismiss', { body: { festival_id: 1 } })).status).toBe(401);
    const fan = await signIn();
    const bad = await api('POST', '/api/recommendations/dismiss', { token: fan.token, body: { festival_id: 'x' } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.json)).toContain('festival_id debe ser el identificador de un festival.');
    const missing = await api('POST', '/api/recommendations/dismiss', {
      token: fan.token,
      body: { festival_id: 99999999 },
    });
    expect(missing.status).toBe(404);
  });
});
