import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { artistsTable, festivalsTable, lineupEntriesTable } from '#db/schema';
import { api, db, signIn, type SignedIn } from '../support/api';
import { createFestival } from '../support/fixtures';

let ana: SignedIn;
let bruno: SignedIn;
let festival: number;
/** Lineup entry ids of `festival`: two sets that overlap on one day, one later. */
let sets: { early: number; clash: number; late: number };
let otherSet: number;

/** A festival whose current edition has three timed sets; returns the entry ids in order. */
async function festivalWithSets(
  names: string[],
  place: { location: string; latitude: number; longitude: number } = {
    location: 'Madrid, España',
    latitude: 40.4,
    longitude: -3.7,
  },
): Promise<{ id: number; entries: number[] }> {
  const id = await createFestival({ startDate: '2030-07-10', endDate: '2030-07-11', ...place });
  const [{ edition }] = await db()
    .select({ edition: festivalsTable.currentEditionId })
    .from(festivalsTable)
    .where(eq(festivalsTable.id, id));
  const artists = await db()
    .insert(artistsTable)
    .values(names.map((name) => ({ name, slug: name.toLowerCase().replace(/\W+/g, '-') })))
    .returning({ id: artistsTable.id });
  const times = [
    ['2030-07-10T20:00:00Z', '2030-07-10T21:00:00Z', 'Escenario principal'],
    ['2030-07-10T20:30:00Z', '2030-07-10T21:30:00Z', 'Carpa'],
    ['2030-07-10T22:00:00Z', '2030-07-10T23:30:00Z', 'Escenario principal'],
  ];
  const entries = await db()
    .insert(lineupEntriesTable)
    .values(
      artists.map((a, i) => ({
        editionId: edition!,
        artistId: a.id,
        position: i,
        day: '2030-07-10',
        stage: times[i][2],
        startsAt: new Date(times[i][0]),
        endsAt: new Date(times[i][1]),
      })),
    )
    .returning({ id: lineupEntriesTable.id });
  return { id, entries: entries.map((e) => e.id) };
}

beforeAll(async () => {
  ana = await signIn('ana.horario@festivales.test', 'Ana García');
  bruno = await signIn('bruno.horario@festivales.test', 'Bruno');
  const one = await festivalWithSets([
    `Amelie Lens ${Date.now()}`,
    `Charlotte de Witte ${Date.now()}`,
    `Boris Brejcha ${Date.now()}`,
  ]);
  festival = one.id;
  sets = { early: one.entries[0], clash: one.entries[1], late: one.entries[2] };
  const two = await festivalWithSets([`Artista A ${Date.now()}`, `Artista B ${Date.now()}`, `Artista C ${Date.now()}`]);
  otherSet = two.entries[0];
});

describe('GET/PUT /api/timetables/{festivalId}', () => {
  it('needs a session', async () => {
    expect((await api('GET', `/api/timetables/${festival}`)).status).toBe(401);
    expect((await api('PUT', `/api/timetables/${festival}`, { body: { picks: [sets.early] } })).status).toBe(401);
  });

  it('keeps my picks, and only mine: another person reads and writes their own', async () => {
    const empty = await api('GET', `/api/timetables/${festival}`, { token: ana.token });
    expect(empty.json).toEqual({ festival_id: festival, picks: [], share_token: null });

    const saved = await api('PUT', `/api/timetables/${festival}`, {
      token: ana.token,
      body: { picks: [sets.clash, sets.early, sets.early] },
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json.picks).toEqual([sets.early, sets.clash].sort((a, b) => a - b));
    expect((await api('GET', `/api/timetables/${festival}`, { token: ana.token })).json.picks).toEqual(
      saved.json.picks,
    );

    // Bruno's timetable is his own: empty, and writing it leaves Ana's as it was.
    expect((await api('GET', `/api/timetables/${festival}`, { token: bruno.token })).json.picks).toEqual([]);
    await api('PUT', `/api/timetables/${festival}`, { token: bruno.token, body: { picks: [sets.late] } });
    expect((await api('GET', `/api/timetables/${festival}`, { token: ana.token })).json.picks).toEqual(
      saved.json.picks,
    );

    // Emptying it is a write like any other.
    const cleared = await api('PUT', `/api/timetables/${festival}`, { token: bruno.token, body: { picks: [] } });
    expect(cleared.json.picks).toEqual([]);
  });

  it("refuses, in Spanish, sets that are not in this festival's lineup and bodies that are not a list of ids", async () => {
    const foreign = await api('PUT', `/api/timetables/${festival}`, {
      token: ana.token,
      body: { picks: [sets.early, otherSet] },
    });
    expect(foreign.status).toBe(400);
    expect(foreign.json.error).toBe(`Estas actuaciones no están en el cartel de este festival: ${otherSet}.`);
    const missing = await api('PUT', `/api/timetables/${festival}`, { token: ana.token, body: { picks: [999999] } });
    expect(missing.status).toBe(400);

    const notList = await api('PUT', `/api/timetables/${festival}`, { token: ana.token, body: { picks: 'todas' } });
    expect(notList.status).toBe(400);
    expect(notList.json.error).toMatch(/lista/);
    const notNumber = await api('PUT', `/api/timetables/${festival}`, { token: ana.token, body: { picks: ['uno'] } });
    expect(notNumber.status).toBe(400);
    expect(notNumber.json.error).toMatch(/número/);
    // Nothing was written by the refusals.
    expect((await api('GET', `/api/timetables/${festival}`, { token: ana.token })).json.picks).toEqual(
      [sets.early, sets.clash].sort((a, b) => a - b),
    );
  });

  it('answers 404 for a festival that does not exist or is not public', async () => {
    const res = await api('GET', '/api/timetables/999999', { token: ana.token });
    expect(res.status).toBe(404);
    expect(res.json.error).toBe('Festival no encontrado');
    const pending = await createFestival({ status: 'pending' });
    expect((await api('PUT', `/api/timetables/${pending}`, { token: ana.token, body: { picks: [] } })).status).toBe(
      404,
    );
    const bad = await api('GET', '/api/timetables/uno', { token: ana.token });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toBe('Identificador de festival no válido.');
  });

  it("lives under /api/timetables only: the festival's old timetable paths are gone", async () => {
    expect((await api('GET', `/api/festivals/${festival}/timetable`, { token: ana.token })).status).toBe(404);
    expect(
      (await api('PUT', `/api/festivals/${festival}/timetable`, { token: ana.token, body: { picks: [] } })).status,
    ).toBe(404);
  });
});

describe('sharing a timetable', () => {
  it('gives a read-only link that shows my picks to anyone, keeps it on a second tap, and stops working when revoked', async () => {
    expect((await api('POST', `/api/timetables/${festival}/share`)).status).toBe(401);
    const shared = await api('POST', `/api/timetables/${festival}/share`, { token: ana.token });
    expect(shared.status, shared.text).toBe(200);
    const token = shared.json.share_token;
    expect(shared.json.url).toMatch(new RegExp(`/festival/${festival}/[a-z0-9-]+/horario\\?compartido=${token}$`));
    expect((await api('POST', `/api/timetables/${festival}/share`, { token: ana.token })).json.share_token).toBe(token);

    const read = await api('GET', `/api/timetables/shared/${token}`);
    expect(read.status).toBe(200);
    expect(read.json).toEqual({
      festival_id: festival,
      picks: [sets.early, sets.clash].sort((a, b) => a - b),
      owner: 'Ana',
    });
    // Read-only: the link gives no way to write, and writing needs the owner's session.
    expect((await api('PUT', `/api/timetables/shared/${token}`, { body: { picks: [] } })).status).toBe(404);
    // Only its owner revokes it: another person's DELETE touches their own timetable.
    expect((await api('DELETE', `/api/timetables/${festival}/share`)).status).toBe(401);
    await api('DELETE', `/api/timetables/${festival}/share`, { token: bruno.token });
    expect((await api('GET', `/api/timetables/shared/${token}`)).status).toBe(200);

    const revoked = await api('DELETE', `/api/timetables/${festival}/share`, { token: ana.token });
    expect(revoked.json.share_token).toBeNull();
    const gone = await api('GET', `/api/timetables/shared/${token}`);
    expect(gone.status).toBe(404);
    expect(gone.json.error).toBe('Este horario ya no se comparte o el enlace no es correcto.');
    expect((await api('GET', '/api/timetables/shared/no-es-un-token')).json.error).toBe('Enlace de horario no válido.');
  });
});

describe('GET /api/timetables/{festivalId}/calendar.ics', () => {
  it('exports the picked sets as events with their times, stage and artist, read back with ical.js', async () => {
    const res = await api(
      'GET',
      `/api/timetables/${festival}/calendar.ics?picks=${sets.early},${sets.late},${otherSet}`,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/calendar/);
    const calendar = new ICAL.Component(ICAL.parse(res.text));
    const events = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    // The other festival's set is not exported.
    expect(
      events.map((e) => [
        e.summary.split(' · ')[0].replace(/ \d+$/, ''),
        e.startDate.toJSDate().toISOString(),
        e.endDate.toJSDate().toISOString(),
        e.location,
      ]),
    ).toEqual([
      ['Amelie Lens', '2030-07-10T20:00:00.000Z', '2030-07-10T21:00:00.000Z', 'Escenario principal, Madrid, España'],
      ['Boris Brejcha', '2030-07-10T22:00:00.000Z', '2030-07-10T23:30:00.000Z', 'Escenario principal, Madrid, España'],
    ]);
    expect(events.every((e) => e.uid.startsWith('set-'))).toBe(true);

    const bad = await api('GET', `/api/timetables/${festival}/calendar.ics?picks=uno,dos`);
    expect(bad.status).toBe(400);
    expect(bad.json.error).toBe('picks debe ser una lista de números separados por comas.');
  });

  it('keeps exact instants and gives the local time of the festival: Gran Canaria is an hour behind Madrid', async () => {
    const canary = await festivalWithSets(
      [`Nina Kraviz ${Date.now()}`, `Ben Klock ${Date.now()}`, `Dixon ${Date.now()}`],
      { location: 'Las Palmas de Gran Canaria, España', latitude: 28.1235, longitude: -15.4363 },
    );
    const madrid = await api('GET', `/api/timetables/${festival}/calendar.ics?picks=${sets.early}`);
    const islands = await api('GET', `/api/timetables/${canary.id}/calendar.ics?picks=${canary.entries[0]}`);
    // The same instant (20:00 UTC) in both, written in UTC, never the UTC clock under a zone's name.
    for (const res of [madrid, islands]) {
      expect(res.text).toMatch(/^DTSTART:20300710T200000Z\r?$/m);
      expect(res.text).not.toMatch(/TZID=/);
    }
    const read = (text: string) => {
      const calendar = new ICAL.Component(ICAL.parse(text));
      const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
      return {
        zone: calendar.getFirstPropertyValue('x-wr-timezone'),
        start: event.startDate.toJSDate().toISOString(),
        note: event.description.split('\n')[0],
      };
    };
    expect(read(madrid.text)).toEqual({
      zone: 'Europe/Madrid',
      start: '2030-07-10T20:00:00.000Z',
      note: '22:00–23:00, hora local del festival (Europe/Madrid)',
    });
    expect(read(islands.text)).toEqual({
      zone: 'Atlantic/Canary',
      start: '2030-07-10T20:00:00.000Z',
      note: '21:00–22:00, hora local del festival (Atlantic/Canary)',
    });
  });

  it("gives the festival page its clock, so the lineup's set times read as they do there", async () => {
    const canary = await festivalWithSets([`Amelie Lens ${Date.now()}`], {
      location: 'Las Palmas de Gran Canaria, España',
      latitude: 28.1235,
      longitude: -15.4363,
    });
    expect((await api('GET', `/api/festivals/${canary.id}`)).json.time_zone).toBe('Atlantic/Canary');
    expect((await api('GET', `/api/festivals/${festival}`)).json.time_zone).toBe('Europe/Madrid');
  });
});
