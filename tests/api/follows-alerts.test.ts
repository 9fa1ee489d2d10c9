import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_SAVED_ALERTS } from '#core/alert-schemas';
import { artistFollowsTable, artistsTable, festivalEditionsTable, outboxTable, savedAlertsTable } from '#db/schema';
import { resetEnv } from '../../functions/lib/env';
import { resetMailTransport } from '../../functions/lib/mail/transport';
import { deliverDue } from '../../functions/lib/outbox/deliver';
import { defaultSenders } from '../../functions/lib/outbox/senders';
import { api, db, signIn, signInAdmin, type SignedIn } from '../support/api';
import { createFestival } from '../support/fixtures';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp-server';

let smtp: TestSmtpServer;
let admin: SignedIn;
let n = 0;

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
async function newArtist(name = `Artista ${++n} ${Date.now()}`) {
  const [row] = await db()
    .insert(artistsTable)
    .values({ name, slug: `artista-${n}-${Date.now()}` })
    .returning();
  return row;
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  resetEnv({ SMTP_URL: smtp.url, PUBLIC_BASE_URL: 'https://festivales.test' });
  admin = await signInAdmin();
});

afterAll(async () => {
  resetEnv({ SMTP_URL: undefined, PUBLIC_BASE_URL: undefined });
  await resetMailTransport();
  await smtp.close();
});

describe('following artists', () => {
  it('follows, lists and unfollows, each user only their own', async () => {
    const ana = await signIn();
    const bea = await signIn();
    const artist = await newArtist();
    const first = await api('POST', `/api/follows/artists/${artist.id}`, { token: ana.token });
    expect(first.status).toBe(201);
    expect(first.json).toEqual({ message: 'Ahora sigues a este artista.', artist_id: artist.id, following: true });
    expect((await api('POST', `/api/follows/artists/${artist.id}`, { token: ana.token })).status).toBe(200);
    const list = await api('GET', '/api/follows', { token: ana.token });
    expect(list.json.artists).toEqual([
      { id: artist.id, name: artist.name, slug: artist.slug, followed_at: expect.any(String) },
    ]);
    expect((await api('GET', '/api/follows', { token: bea.token })).json.artists).toEqual([]);
    // Bea's unfollow touches her own follows only.
    expect((await api('DELETE', `/api/follows/artists/${artist.id}`, { token: bea.token })).status).toBe(200);
    expect(await db().select().from(artistFollowsTable).where(eq(artistFollowsTable.userId, ana.user.id))).toHaveLength(
      1,
    );
    const gone = await api('DELETE', `/api/follows/artists/${artist.id}`, { token: ana.token });
    expect(gone.json.following).toBe(false);
    expect((await api('GET', '/api/follows', { token: ana.token })).json.artists).toEqual([]);
  });

  it('answers 401 without a session, 404 for an unknown artist and 400 for a bad id, in Spanish', async () => {
    const user = await signIn();
    for (const [method, path] of [
      ['GET', '/api/follows'],
      ['POST', '/api/follows/artists/1'],
      ['DELETE', '/api/follows/artists/1'],
    ]) {
      const res = await api(method, path);
      expect(res.status).toBe(401);
      expect(res.json.error).toBe('Inicia sesión para continuar.');
    }
    const unknown = await api('POST', '/api/follows/artists/999999', { token: user.token });
    expect(unknown.status).toBe(404);
    expect(unknown.json.error).toBe('Artista no encontrado.');
    expect((await api('DELETE', '/api/follows/artists/999999', { token: user.token })).status).toBe(404);
    const bad = await api('POST', '/api/follows/artists/abc', { token: user.token });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toMatch(/Identificador no válido/);
  });

  it("refuses an artist known only from someone else's pending proposal, and never lists one", async () => {
    const proposer = await signIn();
    const name = `Solo En Propuesta ${Date.now()}`;
    const proposed = await api('POST', '/api/festivals', {
      token: proposer.token,
      body: {
        name: `Propuesta Privada ${Date.now()}`,
        description: 'Aún sin revisar.',
        location: 'Gijón, España',
        start_date: day(60),
        end_date: day(61),
        lineup: [name],
      },
    });
    expect(proposed.status, proposed.text).toBe(201);
    const [hidden] = await db().select().from(artistsTable).where(eq(artistsTable.name, name));
    expect(hidden.isPublic).toBe(false);
    const user = await signIn();
    const res = await api('POST', `/api/follows/artists/${hidden.id}`, { token: user.token });
    expect(res.status).toBe(404);
    expect(res.json.error).toBe('Artista no encontrado.');
    expect((await api('DELETE', `/api/follows/artists/${hidden.id}`, { token: user.token })).status).toBe(404);
    // A follow written before the rule (or of an artist hidden since) does not show the name.
    await db().insert(artistFollowsTable).values({ userId: user.user.id, artistId: hidden.id });
    const listed = await api('GET', '/api/follows', { token: user.token });
    expect(listed.json.artists).toEqual([]);
    expect(listed.text).not.toContain(name);
  });

  it('an artist added to any lineup tells their followers in the bell and by email', async () => {
    const fan = await signIn();
    const other = await signIn();
    const artist = await newArtist(`Peggy Prueba ${Date.now()}`);
    await api('POST', `/api/follows/artists/${artist.id}`, { token: fan.token });
    const festivalId = await createFestival({
      name: `Cartel Fest ${Date.now()}`,
      startDate: day(40),
      endDate: day(41),
    });
    const [edition] = await db()
      .select()
      .from(festivalEditionsTable)
      .where(eq(festivalEditionsTable.festivalId, festivalId));
    const put = await api('PUT', `/api/admin/editions/${edition.id}/lineup`, {
      token: admin.token,
      body: { lineup: [{ artist_id: artist.id }, { artist_name: `Otro ${Date.now()}` }] },
    });
    expect(put.status).toBe(200);
    await api('PUT', `/api/admin/editions/${edition.id}/lineup`, {
      token: admin.token,
      body: { lineup: [{ artist_id: artist.id }] },
    });

    const bell = (await api('GET', '/api/notifications', { token: fan.token })).json;
    expect(bell).toHaveLength(1);
    expect(bell[0]).toMatchObject({
      type: 'artist_booked',
      message: expect.stringMatching(new RegExp(`^${artist.name} tocará en Cartel Fest \\d+ \\(`)),
    });
    expect((await api('GET', '/api/notifications', { token: other.token })).json).toEqual([]);

    const before = smtp.received.length;
    await deliverDue(db(), { senders: defaultSenders() });
    const mails = (await smtp.waitFor(before + 1)).slice(before).filter((m) => m.envelopeTo[0] === fan.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].parsed.subject).toBe(`${artist.name} en ${bell[0].message.match(/en (Cartel Fest \d+)/)![1]}`);
    expect(mails[0].parsed.text).toContain(`porque sigues a ${artist.name}`);
    expect(await db().select().from(outboxTable).where(eq(outboxTable.userId, fan.user.id))).toHaveLength(1);
  });
});

describe('saved searches', () => {
  const body = {
    name: 'Techno en España',
    filters: { genre: 'Techno', country: 'España' },
    channels: { inApp: true, email: false, push: false },
  };

  it('are created, listed, changed and deleted by their owner only', async () => {
    const ana = await signIn();
    const bea = await signIn();
    const created = await api('POST', '/api/alerts', { token: ana.token, body });
    expect(created.status).toBe(201);
    expect(created.json).toEqual({ id: expect.any(Number), ...body, created_at: expect.any(String) });
    const id = created.json.id;
    expect((await api('GET', '/api/alerts', { token: ana.token })).json).toHaveLength(1);
    expect((await api('GET', '/api/alerts', { token: bea.token })).json).toEqual([]);

    const theirs = await api('PUT', `/api/alerts/${id}`, { token: bea.token, body: { ...body, name: 'Robada' } });
    expect(theirs.status).toBe(404);
    expect(theirs.json.error).toBe('Alerta no encontrada.');
    expect((await api('DELETE', `/api/alerts/${id}`, { token: bea.token })).status).toBe(404);
    expect((await db().select().from(savedAlertsTable).where(eq(savedAlertsTable.id, id)))[0].name).toBe(
      'Techno en España',
    );

    const changed = await api('PUT', `/api/alerts/${id}`, {
      token: ana.token,
      body: { ...body, name: 'Techno cerca', filters: { genre: 'Techno', lat: 40.4, lon: -3.7, radius: 100 } },
    });
    expect(changed.json).toMatchObject({
      name: 'Techno cerca',
      filters: { genre: 'Techno', lat: 40.4, lon: -3.7, radius: 100 },
    });
    expect((await api('DELETE', `/api/alerts/${id}`, { token: ana.token })).json).toEqual({
      message: 'Alerta eliminada.',
      id,
    });
    const missing = await api('DELETE', `/api/alerts/${id}`, { token: ana.token });
    expect(missing.status).toBe(404);
    expect(missing.json.error).toBe('Alerta no encontrada.');
  });

  it('refuse bad bodies in Spanish and more than the limit', async () => {
    const user = await signIn();
    expect((await api('GET', '/api/alerts')).status).toBe(401);
    for (const bad of [
      { ...body, name: '' },
      { ...body, filters: { colour: 'red' } },
      { ...body, filters: { lat: 40 } },
      { ...body, channels: { inApp: 'sí' } },
      { name: 'x' },
    ]) {
      const res = await api('POST', '/api/alerts', { token: user.token, body: bad });
      expect(res.status).toBe(400);
      expect(typeof res.json.error).toBe('string');
    }
    const nameless = await api('POST', '/api/alerts', { token: user.token, body: { ...body, name: '' } });
    expect(nameless.json.error).toMatch(/El nombre es obligatorio/);
    const near = await api('POST', '/api/alerts', { token: user.token, body: { ...body, filters: { lat: 40 } } });
    expect(near.json.error).toMatch(/'Cerca de' necesita latitud y longitud/);
    for (let i = 0; i < MAX_SAVED_ALERTS; i++)
      expect((await api('POST', '/api/alerts', { token: user.token, body })).status).toBe(201);
    const over = await api('POST', '/api/alerts', { token: user.token, body });
    expect(over.status).toBe(409);
    expect(over.json.error).toBe(`Ya tienes ${MAX_SAVED_ALERTS} alertas: borra alguna para crear otra.`);
  });

  it('a festival approved that matches tells the owner once, through the channels the search chose', async () => {
    const owner = await signIn();
    const quiet = await signIn();
    const stamp = Date.now();
    await api('POST', '/api/alerts', {
      token: owner.token,
      body: {
        name: 'Techno en Portugal',
        filters: { genre: 'Techno', country: 'Portugal' },
        channels: { inApp: true, email: true, push: false },
      },
    });
    await api('POST', '/api/alerts', {
      token: owner.token,
      body: {
        name: `Búsqueda ${stamp}`,
        filters: { search: `Alerta ${stamp}` },
        channels: { inApp: true, email: true, push: false },
      },
    });
    await api('POST', '/api/alerts', {
      token: quiet.token,
      body: { name: 'Techno en Islandia', filters: { genre: 'Techno', country: 'Islandia' } },
    });
    const pending = await createFestival(
      {
        name: `Alerta ${stamp} Fest`,
        location: 'Lisboa, Portugal',
        status: 'pending',
        startDate: day(90),
        endDate: day(91),
      },
      ['Techno'],
    );
    const res = await api('PATCH', `/api/admin/festivals/${pending}/approve`, {
      token: admin.token,
      body: { status: 'approved' },
    });
    expect(res.status).toBe(200);
    const bell = (await api('GET', '/api/notifications', { token: owner.token })).json;
    expect(bell).toHaveLength(1);
    expect(bell[0]).toMatchObject({
      type: 'saved_search',
      message: expect.stringMatching(
        new RegExp(`^Nuevo festival para tu alerta «.+»: Alerta ${stamp} Fest \\(.+, Lisboa, Portugal\\)\\.$`),
      ),
    });
    expect((await api('GET', '/api/notifications', { token: quiet.token })).json).toEqual([]);
    const rows = await db().select().from(outboxTable).where(eq(outboxTable.userId, owner.user.id));
    expect(rows.map((r) => [r.channel, r.kind])).toEqual([['email', 'saved_search']]);
  });
});
