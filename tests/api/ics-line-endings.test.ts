import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { festivalToIcs } from '#core/ics';
import { artistsTable, festivalsTable, lineupEntriesTable } from '#db/schema';
import { api, db, signIn } from '../support/api';
import { createFestival } from '../support/fixtures';

/** RFC 5545 §3.1: every content line ends with CRLF, END:VCALENDAR included; no bare LF or CR anywhere. */
function expectCrlfLines(name: string, text: string) {
  expect(text.endsWith('END:VCALENDAR\r\n'), `${name} ends its last line with CRLF`).toBe(true);
  expect(text.replace(/\r\n/g, ''), `${name} has no other line break`).not.toMatch(/[\r\n]/);
  expect(new ICAL.Component(ICAL.parse(text)).name).toBe('vcalendar');
}

describe('every iCalendar answer', () => {
  it('ends each line with CRLF, the last one too: public feed, favourites feed, a festival and a timetable', async () => {
    const festivalId = await createFestival({ startDate: '2030-07-10', endDate: '2030-07-11' });
    const [{ edition }] = await db()
      .select({ edition: festivalsTable.currentEditionId })
      .from(festivalsTable)
      .where(eq(festivalsTable.id, festivalId));
    const [artist] = await db()
      .insert(artistsTable)
      .values({ name: `Fin De Línea ${Date.now()}`, slug: `fin-de-linea-${Date.now()}` })
      .returning({ id: artistsTable.id });
    const [set] = await db()
      .insert(lineupEntriesTable)
      .values({
        editionId: edition!,
        artistId: artist.id,
        position: 0,
        day: '2030-07-10',
        startsAt: new Date('2030-07-10T20:00:00Z'),
        endsAt: new Date('2030-07-10T21:00:00Z'),
      })
      .returning({ id: lineupEntriesTable.id });

    const publicFeed = await api('GET', '/api/feeds/festivals.ics');
    expect(publicFeed.status).toBe(200);
    expectCrlfLines('the public feed', publicFeed.text);

    const user = await signIn();
    await api('POST', `/api/favorites/${festivalId}`, { token: user.token });
    const { url } = (await api('POST', '/api/users/feed-token', { token: user.token })).json;
    const favourites = await api('GET', new URL(url).pathname);
    expect(favourites.status).toBe(200);
    expectCrlfLines('the favourites feed', favourites.text);

    const timetable = await api('GET', `/api/timetables/${festivalId}/calendar.ics?picks=${set.id}`);
    expect(timetable.status).toBe(200);
    expectCrlfLines("a timetable's .ics", timetable.text);

    // A festival's .ics is written in the browser from the festival's answer.
    const festival = (await api('GET', `/api/festivals/${festivalId}`)).json;
    expectCrlfLines("a festival's .ics", festivalToIcs(festival, { url: 'https://festivales.test/festival/1' })!);
  });
});
