import ICAL from 'ical.js';
import Parser from 'rss-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { artistsTable, festivalsTable } from '#db/schema';
import { setFestivalGenres } from '../../functions/lib/domain/festivals/festival-row-writes';
import { resetEnv } from '../../functions/lib/env';
import { api, db, signIn, signInAdmin } from '../support/api';

const year = new Date().getUTCFullYear() + 1;
let techno: number;
let house: number;

/** Every VEVENT of a feed, read by a real iCalendar parser. */
function eventsOf(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  return calendar.getAllSubcomponents('vevent').map((v) => {
    const e = new ICAL.Event(v);
    return {
      uid: e.uid,
      summary: e.summary,
      start: v.getFirstPropertyValue('dtstart') as ICAL.Time,
      end: v.getFirstPropertyValue('dtend') as ICAL.Time,
      description: e.description,
      location: e.location,
    };
  });
}

beforeAll(async () => {
  resetEnv({ PUBLIC_BASE_URL: 'https://festivales.test' });
  const [a] = await db()
    .insert(festivalsTable)
    .values({
      name: 'Feed Techno; Fest, "Norte"',
      dedupeKey: 'feed techno|bilbao',
      status: 'approved',
      location: 'Bilbao, España',
      startDate: `${year}-07-10`,
      endDate: `${year}-07-12`,
      description: 'Con Amelie Lens y muchos más. Una descripción larga para que la línea se pliegue: '.repeat(3),
    })
    .returning();
  const [b] = await db()
    .insert(festivalsTable)
    .values({
      name: 'Feed House Day',
      dedupeKey: 'feed house|lisboa',
      status: 'approved',
      location: 'Lisboa, Portugal',
      startDate: `${year}-08-01`,
      endDate: `${year}-08-01`,
    })
    .returning();
  await db()
    .insert(festivalsTable)
    .values({
      name: 'Feed Pending',
      dedupeKey: 'feed pending|x',
      status: 'pending',
      location: 'Bilbao, España',
      startDate: `${year}-07-10`,
    });
  await setFestivalGenres(db(), a.id, ['Techno']);
  await setFestivalGenres(db(), b.id, ['House']);
  techno = a.id;
  house = b.id;
});

afterAll(() => {
  resetEnv({ PUBLIC_BASE_URL: undefined });
});

describe('GET /api/feeds/festivals.ics', () => {
  it('is valid iCalendar: all-day events with exclusive ends and stable UIDs, approved festivals only', async () => {
    const res = await api('GET', '/api/feeds/festivals.ics');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/calendar');
    expect(res.text.split('\r\n').every((line) => new TextEncoder().encode(line).length <= 75)).toBe(true);
    const events = eventsOf(res.text);
    expect(events.map((e) => e.summary)).not.toContain('Feed Pending');
    const event = events.find((e) => e.uid === `festival-${techno}@festivales.test`)!;
    expect(event.summary).toBe('Feed Techno; Fest, "Norte"');
    expect(event.start.isDate).toBe(true);
    expect(event.start.toString()).toBe(`${year}-07-10`);
    expect(event.end.toString()).toBe(`${year}-07-13`);
    expect(event.location).toBe('Bilbao, España');
    expect(event.description).toContain('Géneros: Techno');
    const oneDay = events.find((e) => e.uid === `festival-${house}@festivales.test`)!;
    expect(oneDay.end.toString()).toBe(`${year}-08-02`);
    // The same request again: the same body and a 304 for the ETag.
    const again = await api('GET', '/api/feeds/festivals.ics', {
      headers: { 'If-None-Match': res.headers.get('etag')! },
    });
    expect(again.status).toBe(304);
  });

  it('filters by genre, country and artist', async () => {
    const summaries = async (query: string) =>
      eventsOf((await api('GET', `/api/feeds/festivals.ics?${query}`)).text).map((e) => e.summary);
    expect(await summaries('genre=house')).toEqual(['Feed House Day']);
    expect(await summaries('country=Portugal')).toEqual(['Feed House Day']);
    expect(await summaries('artist=amelie%20lens')).toEqual(['Feed Techno; Fest, "Norte"']);
    expect(await summaries('genre=techno&country=Portugal')).toEqual([]);
  });

  it('refuses a filter that is too long, in Spanish', async () => {
    const res = await api('GET', `/api/feeds/festivals.ics?genre=${'x'.repeat(101)}`);
    expect(res.status).toBe(400);
    expect(res.json.error).toBe('El filtro no puede superar los 100 caracteres.');
  });
});

describe('GET /api/feeds/festivals.rss', () => {
  it('is RSS a reader parses, with the festival pages as links', async () => {
    const res = await api('GET', '/api/feeds/festivals.rss?genre=techno');
    expect(res.headers.get('content-type')).toContain('application/rss+xml');
    const feed = await new Parser().parseString(res.text);
    expect(feed.items.map((i) => i.title)).toEqual(['Feed Techno; Fest, "Norte"']);
    expect(feed.items[0].link).toBe(`https://festivales.test/festival/${techno}/feed-techno-fest-norte`);
    expect(feed.items[0].categories).toEqual(['Techno']);
  });
});

describe('private favourites feed', () => {
  it('needs a session to get a feed address', async () => {
    expect((await api('POST', '/api/users/feed-token')).status).toBe(401);
  });

  it('lists only the owner’s favourites, and a rotated token stops the old address', async () => {
    const ana = await signIn();
    const luis = await signIn();
    await api('POST', `/api/favorites/${techno}`, { token: ana.token });
    await api('POST', `/api/favorites/${house}`, { token: luis.token });
    const created = await api('POST', '/api/users/feed-token', { token: ana.token });
    expect(created.status).toBe(200);
    expect(created.json.webcal).toBe(created.json.url.replace('https:', 'webcal:'));
    const path = new URL(created.json.url).pathname;
    const feed = await api('GET', path);
    expect(feed.status).toBe(200);
    expect(eventsOf(feed.text).map((e) => e.summary)).toEqual(['Feed Techno; Fest, "Norte"']);

    const rotated = await api('POST', '/api/users/feed-token', { token: ana.token });
    expect(rotated.json.token).not.toBe(created.json.token);
    const old = await api('GET', path);
    expect(old.status).toBe(404);
    expect(old.json.error).toBe('Este calendario no existe o su enlace se ha renovado.');
    expect((await api('GET', new URL(rotated.json.url).pathname)).status).toBe(200);
    expect((await api('GET', '/api/feeds/favorites/not-a-token.ics')).status).toBe(404);
  });

  it('answers a poll with the ETag it holds with 304, and a changed favourite or festival with the new body at once', async () => {
    const eva = await signIn();
    await api('POST', `/api/favorites/${techno}`, { token: eva.token });
    const path = new URL((await api('POST', '/api/users/feed-token', { token: eva.token })).json.url).pathname;
    const first = await api('GET', path);
    const etag = first.headers.get('etag')!;
    expect(first.headers.get('cache-control')).toBe('private, max-age=300');
    const poll = await api('GET', path, { headers: { 'If-None-Match': etag } });
    expect(poll.status).toBe(304);
    expect(poll.headers.get('etag')).toBe(etag);
    expect(poll.text).toBe('');

    // A favourite added: the poll gets the new body, not a 304.
    await api('POST', `/api/favorites/${house}`, { token: eva.token });
    const added = await api('GET', path, { headers: { 'If-None-Match': etag } });
    expect(added.status).toBe(200);
    expect(eventsOf(added.text).map((e) => e.summary)).toEqual(['Feed Techno; Fest, "Norte"', 'Feed House Day']);
    const etag2 = added.headers.get('etag')!;
    expect(etag2).not.toBe(etag);
    expect((await api('GET', path, { headers: { 'If-None-Match': etag2 } })).status).toBe(304);

    // The festival renamed behind the API's back (another instance, a script): the catalogue's version moves, so does the feed.
    await db().update(festivalsTable).set({ name: 'Feed House Night' }).where(eq(festivalsTable.id, house));
    const renamed = await api('GET', path, { headers: { 'If-None-Match': etag2 } });
    expect(renamed.status).toBe(200);
    expect(eventsOf(renamed.text).map((e) => e.summary)).toContain('Feed House Night');
    await db().update(festivalsTable).set({ name: 'Feed House Day' }).where(eq(festivalsTable.id, house));
    const etag3 = (await api('GET', path)).headers.get('etag')!;

    // A lineup announced (it does not move the catalogue's version): the next poll gets it in the description.
    const [{ currentEditionId }] = await db()
      .select({ currentEditionId: festivalsTable.currentEditionId })
      .from(festivalsTable)
      .where(eq(festivalsTable.id, house));
    const [dj] = await db()
      .insert(artistsTable)
      .values({ name: `Nina Feed ${Date.now()}`, slug: `nina-feed-${Date.now()}` })
      .returning();
    const admin = await signInAdmin();
    expect(
      (
        await api('PUT', `/api/admin/editions/${currentEditionId}/lineup`, {
          token: admin.token,
          body: { lineup: [{ artist_id: dj.id }] },
        })
      ).status,
    ).toBe(200);
    const announced = await api('GET', path, { headers: { 'If-None-Match': etag3 } });
    expect(announced.status).toBe(200);
    expect(eventsOf(announced.text).find((e) => e.summary === 'Feed House Day')!.description).toContain(
      `Cartel: ${dj.name}`,
    );
    // The public feed lists it too, and finds the festival by that artist.
    const byArtist = eventsOf(
      (await api('GET', `/api/feeds/festivals.ics?artist=${encodeURIComponent(dj.name.toLowerCase())}`)).text,
    );
    expect(byArtist.map((e) => e.summary)).toEqual(['Feed House Day']);
    expect(byArtist[0].description).toContain(`Cartel: ${dj.name}`);
    const rss = await new Parser().parseString(
      (await api('GET', `/api/feeds/festivals.rss?artist=${encodeURIComponent(dj.name)}`)).text,
    );
    expect(rss.items.map((i) => i.title)).toEqual(['Feed House Day']);
    expect(rss.items[0].content).toContain(`Cartel: ${dj.name}`);
    await api('PUT', `/api/admin/editions/${currentEditionId}/lineup`, { token: admin.token, body: { lineup: [] } });

    // Unfavourited: gone from the next answer.
    await api('DELETE', `/api/favorites/${techno}`, { token: eva.token });
    expect(eventsOf((await api('GET', path)).text).map((e) => e.summary)).toEqual(['Feed House Day']);
  });
});
