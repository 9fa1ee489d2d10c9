import { and, asc, eq, like } from 'drizzle-orm';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  festivalEditionsTable,
  lineupEntriesTable,
  notificationsTable,
  outboxTable,
  timetablesTable,
} from '#db/schema';
import { sendSetReminders, SET_REMINDER_MINUTES } from '../../functions/lib/domain/alerts/set-reminders';
import { resetEnv } from '../../functions/lib/env';
import { deliverPushDue } from '../../functions/lib/push/push-worker';
import { resetVapidKeys } from '../../functions/lib/push/vapid';
import { api, db, signIn, signInAdmin, type SignedIn } from '../support/api';
import { createFestival } from '../support/fixtures';
import { startPushService, type TestPushService } from '../support/push-service';

let push: TestPushService;
let admin: SignedIn;

const deliverPush = () => deliverPushDue(db());
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const minutesFrom = (now: Date, minutes: number) => new Date(now.getTime() + minutes * 60_000).toISOString();

beforeAll(async () => {
  push = await startPushService();
  resetEnv({
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'festivales-sets-')),
    PUBLIC_BASE_URL: 'https://festivales.test',
    PUSH_ALLOW_HOSTS: push.host,
  });
  resetVapidKeys();
  admin = await signInAdmin();
});

afterAll(async () => {
  resetEnv({ DATA_DIR: undefined, PUBLIC_BASE_URL: undefined, PUSH_ALLOW_HOSTS: undefined });
  resetVapidKeys();
  await push.close();
});

/** A festival on now, with sets at the given minutes from `now` on the 'Main' stage; returns the lineup entries in that order. */
async function festivalWithSets(now: Date, name: string, startsIn: number[]) {
  const festivalId = await createFestival({ name, startDate: day(-1), endDate: day(1) });
  const [edition] = await db()
    .select()
    .from(festivalEditionsTable)
    .where(eq(festivalEditionsTable.festivalId, festivalId));
  const lineup = startsIn.map((m, i) => ({
    artist_name: `${name} Artista ${i}`,
    stage: 'Main',
    starts_at: minutesFrom(now, m),
    ends_at: minutesFrom(now, m + 60),
  }));
  const res = await api('PUT', `/api/admin/editions/${edition.id}/lineup`, { token: admin.token, body: { lineup } });
  expect(res.status).toBe(200);
  const entries = await db()
    .select()
    .from(lineupEntriesTable)
    .where(eq(lineupEntriesTable.editionId, edition.id))
    .orderBy(asc(lineupEntriesTable.position));
  return { festivalId, edition, entries };
}

async function pick(user: SignedIn, festivalId: number, entryIds: number[]) {
  await db().insert(timetablesTable).values({ userId: user.user.id, festivalId, picks: entryIds });
}

async function withDevice(user: SignedIn) {
  const device = push.device();
  expect((await api('POST', '/api/push/subscriptions', { token: user.token, body: device.subscription })).status).toBe(
    201,
  );
  return device;
}

const setRows = (userId: number) =>
  db()
    .select()
    .from(outboxTable)
    .where(and(eq(outboxTable.userId, userId), like(outboxTable.eventKey, 'set:%')));

describe('reminders of picked sets', () => {
  it(`push ${SET_REMINDER_MINUTES} minutes before a picked set, once, only to those who picked it and have a device`, async () => {
    const now = new Date();
    const name = `Horario Fest ${Date.now()}`;
    // Set 0 starts in 10 minutes, set 1 in 40, set 2 started 5 minutes ago.
    const { festivalId, entries } = await festivalWithSets(now, name, [10, 40, -5]);
    const fan = await signIn();
    const phone = await withDevice(fan);
    await pick(
      fan,
      festivalId,
      entries.map((e) => e.id),
    );
    const deviceless = await signIn();
    await pick(deviceless, festivalId, [entries[0].id]);
    const stranger = await signIn();
    const strangerPhone = await withDevice(stranger);
    const quiet = await signIn();
    const quietPhone = await withDevice(quiet);
    await pick(quiet, festivalId, [entries[0].id]);
    await api('PUT', '/api/users/preferences', {
      token: quiet.token,
      body: { channels: { reminders: { inApp: true, email: true, push: false } } },
    });

    // Every minute's run, and a run repeated after a crash, write the reminder once.
    expect(await sendSetReminders(db(), now)).toBe(1);
    expect(await sendSetReminders(db(), new Date(now.getTime() + 60_000))).toBe(0);
    expect(await setRows(fan.user.id)).toHaveLength(1);
    expect(await setRows(deviceless.user.id)).toEqual([]);
    expect(await setRows(quiet.user.id)).toEqual([]);
    // Push only: no bell line and no email a quarter of an hour before a set.
    expect(
      await db()
        .select()
        .from(notificationsTable)
        .where(like(notificationsTable.eventKey, `set:${entries[0].id}:%`)),
    ).toEqual([]);

    expect((await deliverPush()).sent).toBeGreaterThanOrEqual(1);
    expect(phone.received.map((r) => r.message)).toEqual([
      {
        title: `${name} Artista 0 empieza en 10 minutos`,
        body: `Main · ${name}`,
        url: expect.stringMatching(new RegExp(`^/festival/${festivalId}/horario-fest-\\d+/horario$`)),
        tag: `set:${entries[0].id}:${entries[0].startsAt!.toISOString()}`,
      },
    ]);
    // The push service keeps it no longer than until the set starts.
    expect(Number(phone.received[0].headers.ttl)).toBeLessThanOrEqual(10 * 60);
    expect(strangerPhone.received).toEqual([]);
    expect(quietPhone.received).toEqual([]);

    // Half an hour later, the second set's turn; the first is not told again.
    expect(await sendSetReminders(db(), new Date(now.getTime() + 30 * 60_000))).toBe(1);
    await deliverPush();
    expect(phone.received.map((r) => (r.message as { title: string }).title)).toEqual([
      `${name} Artista 0 empieza en 10 minutos`,
      `${name} Artista 1 empieza en 10 minutos`,
    ]);
  });

  it('a set moved to a new time is reminded at the new time; a cancelled edition or a festival not approved reminds no one', async () => {
    const now = new Date();
    const name = `Cambio Fest ${Date.now()}`;
    const { festivalId, edition, entries } = await festivalWithSets(now, name, [12]);
    const fan = await signIn();
    await withDevice(fan);
    await pick(fan, festivalId, [entries[0].id]);
    expect(await sendSetReminders(db(), now)).toBe(1);
    await db()
      .update(lineupEntriesTable)
      .set({ startsAt: new Date(minutesFrom(now, 14)) })
      .where(eq(lineupEntriesTable.id, entries[0].id));
    expect(await sendSetReminders(db(), now)).toBe(1);
    expect((await setRows(fan.user.id)).map((r) => r.eventKey)).toEqual([
      `set:${entries[0].id}:${entries[0].startsAt!.toISOString()}`,
      `set:${entries[0].id}:${minutesFrom(now, 14)}`,
    ]);

    await db()
      .update(festivalEditionsTable)
      .set({ status: 'cancelled' })
      .where(eq(festivalEditionsTable.id, edition.id));
    await db()
      .update(lineupEntriesTable)
      .set({ startsAt: new Date(minutesFrom(now, 13)) })
      .where(eq(lineupEntriesTable.id, entries[0].id));
    expect(await sendSetReminders(db(), now)).toBe(0);
  });

  it('a reminder the worker reaches only after the set started is dropped, not sent', async () => {
    const realNow = new Date();
    const name = `Tarde Fest ${Date.now()}`;
    // The set started a minute ago; the reminder was written when it was still ahead, and never delivered.
    const { festivalId, entries } = await festivalWithSets(realNow, name, [-1]);
    const fan = await signIn();
    const phone = await withDevice(fan);
    await pick(fan, festivalId, [entries[0].id]);
    await sendSetReminders(db(), new Date(realNow.getTime() - 10 * 60_000));
    expect(await setRows(fan.user.id)).toHaveLength(1);
    await deliverPush();
    expect(phone.received).toEqual([]);
    const [row] = await setRows(fan.user.id);
    expect(row.status).toBe('dropped');
    expect(row.lastError).toBe('El aviso llegó tarde: ya no se envía.');
  });
});
