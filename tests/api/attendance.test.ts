import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { festivalAttendanceCountsTable, festivalAttendanceTable, notificationsTable } from '#db/schema';
import { sendReminders } from '../../functions/lib/domain/alerts/scheduled';
import { api, db, signIn, type SignedIn } from '../support/api';
import { createFestival } from '../support/fixtures';

let ana: SignedIn;
let luis: SignedIn;

beforeAll(async () => {
  ana = await signIn();
  luis = await signIn();
});

const stored = async (festivalId: number) =>
  (
    await db()
      .select({ user: festivalAttendanceTable.userId, status: festivalAttendanceTable.status })
      .from(festivalAttendanceTable)
      .where(eq(festivalAttendanceTable.festivalId, festivalId))
  ).sort((a, b) => a.user - b.user);

/** The counts row against the rows themselves. */
async function countsMatchRows(festivalId: number) {
  const [kept] = await db()
    .select()
    .from(festivalAttendanceCountsTable)
    .where(eq(festivalAttendanceCountsTable.festivalId, festivalId));
  const rows = await stored(festivalId);
  expect({ going: kept?.goingCount ?? 0, interested: kept?.interestedCount ?? 0 }).toEqual({
    going: rows.filter((r) => r.status === 'going').length,
    interested: rows.filter((r) => r.status === 'interested').length,
  });
}

const put = (festivalId: number, token: string | undefined, body: unknown) =>
  api('PUT', `/api/festivals/${festivalId}/attendance`, { token, body });

describe('PUT /api/festivals/{id}/attendance', () => {
  it('sets, changes and clears one state per person, counts kept in the database and shown on the next read', async () => {
    const id = await createFestival();
    const first = await put(id, ana.token, { status: 'going' });
    expect(first.status).toBe(200);
    expect(first.json).toEqual({ status: 'going', going_count: 1, interested_count: 0 });
    // The next read of the festival and of its card shows it (the catalogue's one freshness rule).
    expect((await api('GET', `/api/festivals/${id}`)).json).toMatchObject({ going_count: 1, interested_count: 0 });

    expect((await put(id, luis.token, { status: 'interested' })).json).toEqual({
      status: 'interested',
      going_count: 1,
      interested_count: 1,
    });
    // The same state again writes nothing and counts nothing twice.
    expect((await put(id, luis.token, { status: 'interested' })).json.interested_count).toBe(1);
    expect((await put(id, ana.token, { status: 'interested' })).json).toEqual({
      status: 'interested',
      going_count: 0,
      interested_count: 2,
    });
    const page = await api('GET', `/api/festivals/page?ids=${id}&upcoming=false`);
    expect(page.json.items[0]).toMatchObject({ id, going_count: 0, interested_count: 2 });
    expect(await stored(id)).toEqual([
      { user: ana.user.id, status: 'interested' },
      { user: luis.user.id, status: 'interested' },
    ]);

    const cleared = await put(id, ana.token, { status: null });
    expect(cleared.json).toEqual({ status: null, going_count: 0, interested_count: 1 });
    expect((await api('GET', `/api/festivals/${id}`)).json).toMatchObject({ going_count: 0, interested_count: 1 });
    await countsMatchRows(id);
  });

  it('needs a session, a festival the person may see and a valid state (400 in Spanish)', async () => {
    const id = await createFestival();
    expect((await put(id, undefined, { status: 'going' })).status).toBe(401);
    const hidden = await createFestival({ status: 'pending', proposedBy: luis.user.id });
    const other = await put(hidden, ana.token, { status: 'going' });
    expect(other.status).toBe(404);
    expect(other.json.error).toBe('Festival no encontrado');
    expect((await put(999999, ana.token, { status: 'going' })).status).toBe(404);
    const bad = await put(id, ana.token, { status: 'maybe' });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toBe('El estado debe ser "going", "interested" o null.');
    expect((await put(id, ana.token, {})).status).toBe(400);
    expect((await put(id, ana.token, 'not json')).status).toBe(400);
    expect(await stored(id)).toEqual([]);
    // The proposer may mark their own pending proposal.
    expect((await put(hidden, luis.token, { status: 'interested' })).status).toBe(200);
  });

  it('leaves the identities private: the festival answers counts only', async () => {
    const id = await createFestival();
    await put(id, ana.token, { status: 'going' });
    const answer = await api('GET', `/api/festivals/${id}`);
    expect(JSON.stringify(answer.json)).not.toContain(ana.user.name + '"');
    expect(answer.json).not.toHaveProperty('attendees');
  });

  it('keeps the counts equal to the rows under concurrent toggles of many people', async () => {
    const id = await createFestival();
    const people = await Promise.all(Array.from({ length: 12 }, () => signIn()));
    const states = ['going', 'interested', null] as const;
    await Promise.all(
      people.flatMap((p, i) => [0, 1, 2].map((k) => put(id, p.token, { status: states[(i + k) % 3] }))),
    );
    await countsMatchRows(id);
  });
});

describe('GET /api/attendance', () => {
  it("lists the caller's own states only", async () => {
    const eva = await signIn();
    const a = await createFestival();
    const b = await createFestival();
    await put(a, eva.token, { status: 'going' });
    await put(b, eva.token, { status: 'interested' });
    await put(a, luis.token, { status: 'interested' });
    const mine = await api('GET', '/api/attendance', { token: eva.token });
    expect(mine.status).toBe(200);
    expect(mine.json).toEqual([
      { festival_id: a, status: 'going' },
      { festival_id: b, status: 'interested' },
    ]);
    expect((await api('GET', '/api/attendance')).status).toBe(401);
  });
});

describe("'Voy' feeds reminders and the calendar feed like a favourite", () => {
  it('reminds whoever is going, not whoever is only interested', async () => {
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const id = await createFestival({ name: `Voy Fest ${Date.now()}`, startDate: day(7), endDate: day(8) });
    const going = await signIn();
    const curious = await signIn();
    await put(id, going.token, { status: 'going' });
    await put(id, curious.token, { status: 'interested' });
    await sendReminders(db(), new Date());
    const bell = (userId: number) =>
      db()
        .select({ type: notificationsTable.type })
        .from(notificationsTable)
        .where(and(eq(notificationsTable.userId, userId), eq(notificationsTable.type, 'reminder')));
    expect(await bell(going.user.id)).toEqual([{ type: 'reminder' }]);
    expect(await bell(curious.user.id)).toEqual([]);
  });

  it('puts the festivals one goes to in the private calendar, and a change of state moves its ETag', async () => {
    const id = await createFestival({
      name: `Calendario Voy ${Date.now()}`,
      startDate: '2031-08-01',
      endDate: '2031-08-02',
    });
    const eva = await signIn();
    const path = new URL((await api('POST', '/api/users/feed-token', { token: eva.token })).json.url).pathname;
    const before = await api('GET', path);
    expect(before.text).not.toContain('Calendario Voy');
    await put(id, eva.token, { status: 'going' });
    const after = await api('GET', path, { headers: { 'If-None-Match': before.headers.get('etag')! } });
    expect(after.status).toBe(200);
    expect(after.text).toContain('Calendario Voy');
    await put(id, eva.token, { status: 'interested' });
    const interested = await api('GET', path, { headers: { 'If-None-Match': after.headers.get('etag')! } });
    expect(interested.status).toBe(200);
    expect(interested.text).not.toContain('Calendario Voy');
  });
});

describe('an erased account takes its states and their counts with it', () => {
  it('counts drop when the user row goes', async () => {
    const id = await createFestival();
    const gone = await signIn();
    await put(id, gone.token, { status: 'going' });
    await db().execute(sql`delete from users where id = ${gone.user.id}`);
    await countsMatchRows(id);
  });
});
