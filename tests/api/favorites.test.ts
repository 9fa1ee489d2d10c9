import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { favoritesTable } from '#db/schema';
import { api, db, signIn, signInAdmin, type SignedIn } from '../support/api';
import { createFestival } from '../support/fixtures';

let ana: SignedIn;
let bruno: SignedIn;

const stored = async (userId: number) =>
  (await db().select({ id: favoritesTable.festivalId }).from(favoritesTable).where(eq(favoritesTable.userId, userId)))
    .map((r) => r.id)
    .sort((a, b) => a - b);

beforeAll(async () => {
  ana = await signIn();
  bruno = await signIn();
});

describe('favourites need a signed-in user', () => {
  it.each([
    ['GET', '/api/favorites'],
    ['POST', '/api/favorites/1'],
    ['DELETE', '/api/favorites/1'],
    ['POST', '/api/favorites/sync'],
  ])('%s %s answers 401 without a token and with a forged one', async (method, path) => {
    const anonymous = await api(method, path, {
      body: method === 'POST' && path.endsWith('sync') ? { favorites: [1] } : undefined,
    });
    expect(anonymous.status).toBe(401);
    expect(anonymous.json.error).toBe('Inicia sesión para continuar.');
    const forged = await api(method, path, { token: 'not-a-token' });
    expect(forged.status).toBe(401);
  });
});

describe('POST and DELETE /api/favorites/:id', () => {
  it('adds once, lists integers and removes', async () => {
    const a = await createFestival();
    const b = await createFestival();
    const first = await api('POST', `/api/favorites/${a}`, {
      token: ana.token,
      headers: { 'Content-Type': 'application/json' },
    });
    expect(first.status).toBe(201);
    expect(first.json).toEqual({ message: 'Festival añadido a favoritos', festival_id: a, favorite: true });
    const again = await api('POST', `/api/favorites/${a}`, { token: ana.token });
    expect(again.status).toBe(200);
    await api('POST', `/api/favorites/${b}`, { token: ana.token });

    const list = await api('GET', '/api/favorites', { token: ana.token });
    expect(list.status).toBe(200);
    expect(list.json).toEqual([a, b]);
    expect(await stored(ana.user.id)).toEqual([a, b]);

    const removed = await api('DELETE', `/api/favorites/${a}`, { token: ana.token });
    expect(removed.status).toBe(200);
    expect(removed.json.message).toBe('Festival eliminado de favoritos');
    expect(await stored(ana.user.id)).toEqual([b]);
  });

  it('treats removing a festival that is not a favourite as success', async () => {
    const id = await createFestival();
    const res = await api('DELETE', `/api/favorites/${id}`, { token: ana.token });
    expect(res.status).toBe(200);
    expect(res.json.favorite).toBe(false);
  });

  it('answers 404 for an unknown festival and 400 for a malformed id', async () => {
    const add = await api('POST', '/api/favorites/999999', { token: ana.token });
    expect(add.status).toBe(404);
    expect(add.json.error).toBe('Festival no encontrado');
    expect((await api('DELETE', '/api/favorites/999999', { token: ana.token })).status).toBe(404);
    const bad = await api('POST', '/api/favorites/abc', { token: ana.token });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toBe('Identificador no válido.');
  });

  it("cannot favourite someone else's pending proposal, but the proposer can", async () => {
    const pending = await createFestival({ status: 'pending', proposedBy: bruno.user.id });
    expect((await api('POST', `/api/favorites/${pending}`, { token: ana.token })).status).toBe(404);
    expect((await api('POST', `/api/favorites/${pending}`, { token: bruno.token })).status).toBe(201);
  });

  it("keeps each user's favourites apart: one user's calls never touch another's list", async () => {
    const id = await createFestival();
    await api('POST', `/api/favorites/${id}`, { token: bruno.token });
    await api('DELETE', `/api/favorites/${id}`, { token: ana.token });
    await api('POST', '/api/favorites/sync', { token: ana.token, body: { favorites: [], overwrite: true } });
    expect(await stored(bruno.user.id)).toContain(id);
    const brunos = await api('GET', '/api/favorites', { token: bruno.token });
    expect(brunos.json).toContain(id);
    const anas = await api('GET', '/api/favorites', { token: ana.token });
    expect(anas.json).toEqual([]);
  });
});

describe('POST /api/favorites/sync', () => {
  it('overwrites by default: the server keeps exactly the visible festivals sent, and says how many changed', async () => {
    const user = await signIn();
    const [a, b, c] = [await createFestival(), await createFestival(), await createFestival()];
    await api('POST', `/api/favorites/${a}`, { token: user.token });
    await api('POST', `/api/favorites/${b}`, { token: user.token });
    const res = await api('POST', '/api/favorites/sync', {
      token: user.token,
      body: { favorites: [String(b), c, c, 987654] },
    });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ added: 1, removed: 1, favorites: [b, c] });
    expect(await stored(user.user.id)).toEqual([b, c]);
  });

  it('merges when overwrite is false', async () => {
    const user = await signIn();
    const [a, b] = [await createFestival(), await createFestival()];
    await api('POST', `/api/favorites/${a}`, { token: user.token });
    const res = await api('POST', '/api/favorites/sync', {
      token: user.token,
      body: { favorites: [a, b], overwrite: false },
    });
    expect(res.json).toMatchObject({ added: 1, removed: 0 });
    expect(await stored(user.user.id)).toEqual([a, b].sort((x, y) => x - y));
  });

  it('empties the list with an empty overwrite', async () => {
    const user = await signIn();
    const a = await createFestival();
    await api('POST', `/api/favorites/${a}`, { token: user.token });
    const res = await api('POST', '/api/favorites/sync', { token: user.token, body: { favorites: [] } });
    expect(res.json).toEqual({ added: 0, removed: 1, favorites: [] });
    expect(await stored(user.user.id)).toEqual([]);
  });

  it.each([
    [{}, 'favorites debe ser una lista de identificadores de festival.'],
    [{ favorites: 'uno' }, 'favorites debe ser una lista de identificadores de festival.'],
    [{ favorites: [1, 'x'] }, 'favorites debe ser una lista de identificadores de festival.'],
    [{ favorites: [-3] }, 'favorites debe ser una lista de identificadores de festival.'],
    [{ favorites: [1], overwrite: 'yes' }, 'overwrite debe ser true o false.'],
    [{ favorites: Array.from({ length: 1001 }, (_, i) => i + 1) }, 'Como máximo 1000 favoritos.'],
  ])('rejects %o with a Spanish 400 and changes nothing', async (body, message) => {
    const user = await signIn();
    const a = await createFestival();
    await api('POST', `/api/favorites/${a}`, { token: user.token });
    const res = await api('POST', '/api/favorites/sync', { token: user.token, body });
    expect(res.status).toBe(400);
    expect(res.json.error).toBe(message);
    expect(await stored(user.user.id)).toEqual([a]);
  });

  it('answers 400, not 500, to a malformed JSON body', async () => {
    const res = await api('POST', '/api/favorites/sync', {
      token: ana.token,
      body: '{"favorites": [1,',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe('malformed_body');
  });
});

describe('admins', () => {
  it('have favourites like anyone else', async () => {
    const admin = await signInAdmin();
    const id = await createFestival();
    expect((await api('POST', `/api/favorites/${id}`, { token: admin.token })).status).toBe(201);
    expect((await api('GET', '/api/favorites', { token: admin.token })).json).toContain(id);
  });
});
