import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Parser from 'rss-parser';
import {
  favoritesTable,
  festivalEditionsTable,
  festivalOrganizersTable,
  festivalUpdatesTable,
  notificationsTable,
  outboxTable,
} from '#db/schema';
import { resetEnv } from '../../functions/lib/env';
import { api, db, signIn, signInAdmin, type SignedIn } from '../support/api';
import { createFestival } from '../support/fixtures';

let admin: SignedIn;
let organizer: SignedIn;
let stranger: SignedIn;
let fan: SignedIn;
let festivalId: number;
let editionId: number;

const later = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  resetEnv({ PUBLIC_BASE_URL: 'https://festivales.test' });
  admin = await signInAdmin();
  organizer = await signIn();
  stranger = await signIn();
  fan = await signIn();
  festivalId = await createFestival({ startDate: later(60), endDate: later(62), website: 'https://mesa.es/' });
  [{ id: editionId }] = await db()
    .select()
    .from(festivalEditionsTable)
    .where(eq(festivalEditionsTable.festivalId, festivalId));
  await db()
    .insert(festivalOrganizersTable)
    .values({ festivalId, userId: organizer.user.id, grantedBy: admin.user.id });
  await db().insert(favoritesTable).values({ festivalId, userId: fan.user.id });
});

afterAll(() => resetEnv({ PUBLIC_BASE_URL: undefined }));

describe('the desk: owner checks', () => {
  it('answers 401 signed out, 404 for a festival nobody may see, 403 to who does not organise it, on every route', async () => {
    const hidden = await createFestival({ status: 'pending' });
    const routes: [string, string, unknown][] = [
      ['PUT', `/api/organizer/festivals/${festivalId}`, { description: 'Hola' }],
      ['POST', `/api/organizer/festivals/${festivalId}/editions`, { year: 2031, start_date: '2031-07-01' }],
      ['PUT', `/api/organizer/editions/${editionId}`, { year: Number(later(60).slice(0, 4)), start_date: later(60) }],
      ['PUT', `/api/organizer/editions/${editionId}/lineup`, { lineup: [] }],
      ['PUT', `/api/organizer/editions/${editionId}/tickets`, { price_from: 50 }],
      ['POST', `/api/organizer/festivals/${festivalId}/updates`, { title: 'Hola', body: 'Texto' }],
    ];
    for (const [method, path, body] of routes) {
      expect((await api(method, path, { body })).status, `${method} ${path}`).toBe(401);
      expect((await api(method, path, { token: stranger.token, body })).status, `${method} ${path}`).toBe(403);
    }
    expect(
      (await api('PUT', `/api/organizer/festivals/${hidden}`, { token: stranger.token, body: { description: 'x' } }))
        .status,
    ).toBe(404);
    expect(
      (
        await api('PUT', '/api/organizer/editions/99999999', {
          token: organizer.token,
          body: { year: 2031, start_date: '2031-07-01' },
        })
      ).status,
    ).toBe(404);
    expect((await api('GET', '/api/organizer/festivals', { token: stranger.token })).json).toEqual([]);
  });

  it('refuses the identity fields and bad bodies with a 400 in Spanish', async () => {
    const renamed = await api('PUT', `/api/organizer/festivals/${festivalId}`, {
      token: organizer.token,
      body: { name: 'Otro nombre' },
    });
    expect(renamed.status).toBe(400);
    expect(renamed.json.error).toMatch(/los cambia administración/);
    const long = await api('POST', `/api/organizer/festivals/${festivalId}/updates`, {
      token: organizer.token,
      body: { title: 'x'.repeat(121), body: 'y' },
    });
    expect(long.status).toBe(400);
    expect(long.json.error).toBe('El título no puede superar los 120 caracteres.');
  });
});

describe('edits through the domain writes, recorded and revertible', () => {
  it('publishes an edit at once on the lists and the page, records who changed which fields, and an admin reverts it', async () => {
    const before = (await api('GET', `/api/festivals/${festivalId}`)).json;
    const edit = await api('PUT', `/api/organizer/festivals/${festivalId}`, {
      token: organizer.token,
      body: {
        description: 'Nueva **descripción** de la organización.',
        genres: ['Techno', 'House'],
        parking_info: 'Parking gratis',
      },
    });
    expect(edit.status).toBe(200);
    expect((await api('GET', `/api/festivals/${festivalId}`)).json).toMatchObject({
      description: 'Nueva **descripción** de la organización.',
      genres: ['Techno', 'House'],
      name: before.name,
      location: before.location,
    });
    const listed = (await api('GET', '/api/festivals')).json.find((f: { id: number }) => f.id === festivalId);
    expect(listed.parking_info).toBe('Parking gratis');

    const history = await api('GET', `/api/admin/festivals/${festivalId}/history`, { token: admin.token });
    const change = history.json[0];
    expect(change).toMatchObject({
      entity: 'festival',
      action: 'update',
      actor: { id: organizer.user.id },
      actor_role: 'organizer',
      fields: expect.arrayContaining(['description', 'genres', 'parking_info']),
      before: { description: before.description, genres: before.genres, parking_info: null },
      after: {
        description: 'Nueva **descripción** de la organización.',
        genres: ['Techno', 'House'],
        parking_info: 'Parking gratis',
      },
      revertible: true,
    });
    expect((await api('GET', `/api/admin/festivals/${festivalId}/history`, { token: organizer.token })).status).toBe(
      403,
    );

    const reverted = await api('POST', `/api/admin/changes/${change.id}/revert`, { token: admin.token });
    expect(reverted.status).toBe(200);
    expect(reverted.json[0]).toMatchObject({ reverts_id: change.id, actor_role: 'admin' });
    expect((await api('GET', `/api/festivals/${festivalId}`)).json).toMatchObject({
      description: before.description,
      genres: before.genres,
      parking_info: null,
    });
    expect((await api('POST', `/api/admin/changes/${change.id}/revert`, { token: admin.token })).status).toBe(409);
    expect((await api('POST', '/api/admin/changes/99999999/revert', { token: admin.token })).status).toBe(404);
  });

  it('records admin edits too, and reverts an edition, a lineup and tickets through the same writes', async () => {
    const year = Number(later(60).slice(0, 4));
    await api('PUT', `/api/admin/festivals/${festivalId}`, {
      token: admin.token,
      body: { ...(await api('GET', `/api/festivals/${festivalId}`)).json, transportation: 'Autobús 24h' },
    });
    const adminChange = (await api('GET', `/api/admin/festivals/${festivalId}/history`, { token: admin.token }))
      .json[0];
    expect(adminChange).toMatchObject({
      actor_role: 'admin',
      fields: ['transportation'],
      after: { transportation: 'Autobús 24h' },
    });

    const lineup = await api('PUT', `/api/organizer/editions/${editionId}/lineup`, {
      token: organizer.token,
      body: { lineup: [{ artist_name: 'Artista de la Mesa' }, { artist_name: 'Otra de la Mesa' }] },
    });
    expect(lineup.status).toBe(200);
    expect(lineup.json.lineup.map((e: { artist: { name: string } }) => e.artist.name)).toEqual([
      'Artista de la Mesa',
      'Otra de la Mesa',
    ]);
    // The fan hears of the lineup as from an admin's edit.
    const bell = await db().select().from(notificationsTable).where(eq(notificationsTable.userId, fan.user.id));
    expect(bell.map((n) => n.type)).toContain('lineup');

    const tickets = await api('PUT', `/api/organizer/editions/${editionId}/tickets`, {
      token: organizer.token,
      body: { price_from: 80, sold_out: true },
    });
    expect(tickets.json.tickets).toMatchObject({ price_from: 80, sold_out: true });
    const dates = await api('PUT', `/api/organizer/editions/${editionId}`, {
      token: organizer.token,
      body: { year, start_date: later(61), end_date: later(63), status: 'announced' },
    });
    expect(dates.json).toMatchObject({ start_date: later(61), status: 'announced' });

    const history = (await api('GET', `/api/admin/festivals/${festivalId}/history`, { token: admin.token })).json;
    const find = (entity: string) => history.find((c: { entity: string }) => c.entity === entity);
    for (const entity of ['edition', 'tickets', 'lineup']) {
      expect(
        (await api('POST', `/api/admin/changes/${find(entity).id}/revert`, { token: admin.token })).status,
        entity,
      ).toBe(200);
    }
    const editions = (await api('GET', `/api/festivals/${festivalId}/editions`)).json;
    const edition = editions.find((e: { id: number }) => e.id === editionId);
    expect(edition).toMatchObject({ start_date: later(60), status: 'confirmed', lineup: [] });
    expect(edition.tickets).toMatchObject({ price_from: null, sold_out: false });
  });
});

describe('Novedades', () => {
  it('posts an update the page and the feed show, tells the followers, and an admin hides it', async () => {
    const posted = await api('POST', `/api/organizer/festivals/${festivalId}/updates`, {
      token: organizer.token,
      body: { title: 'Abrimos puertas a las 18:00', body: 'Trae **agua**: hay fuentes en el recinto.' },
    });
    expect(posted.status).toBe(201);
    const list = await api('GET', `/api/festivals/${festivalId}/updates`);
    expect(list.json[0]).toMatchObject({ id: posted.json.id, title: 'Abrimos puertas a las 18:00' });
    const [told] = await db()
      .select()
      .from(notificationsTable)
      .where(eq(notificationsTable.eventKey, `festival-update:${posted.json.id}`));
    expect(told).toMatchObject({ userId: fan.user.id, type: 'festival_update' });
    const mails = await db()
      .select()
      .from(outboxTable)
      .where(eq(outboxTable.eventKey, `festival-update:${posted.json.id}`));
    expect(mails.map((m) => m.channel)).toEqual(['email']);

    const rss = await api('GET', `/api/feeds/festivals/${festivalId}/novedades.rss`);
    expect(rss.status).toBe(200);
    const feed = await new Parser().parseString(rss.text);
    expect(feed.items[0]).toMatchObject({ title: 'Abrimos puertas a las 18:00' });

    expect((await api('DELETE', `/api/admin/updates/${posted.json.id}`, { token: organizer.token })).status).toBe(403);
    expect((await api('DELETE', `/api/admin/updates/${posted.json.id}`, { token: admin.token })).status).toBe(200);
    expect((await api('GET', `/api/festivals/${festivalId}/updates`)).json).toEqual([]);
    const [row] = await db().select().from(festivalUpdatesTable).where(eq(festivalUpdatesTable.id, posted.json.id));
    expect(row.hiddenBy).toBe(admin.user.id);
    expect((await api('DELETE', `/api/admin/updates/${posted.json.id}`, { token: admin.token })).status).toBe(404);
  });
});
