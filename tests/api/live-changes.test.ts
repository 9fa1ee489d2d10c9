import { asc, eq, like } from 'drizzle-orm';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  favoritesTable,
  festivalEditionsTable,
  festivalOrganizersTable,
  lineupEntriesTable,
  notificationsTable,
  outboxTable,
  setChangeDeliveriesTable,
  timetablesTable,
} from '#db/schema';
import { sendSetReminders } from '../../functions/lib/domain/alerts/set-reminders';
import { deliverBatch, deliverPendingSetChanges } from '../../functions/lib/domain/organizers/set-change-deliveries';
import { resetEnv } from '../../functions/lib/env';
import { deliverPushDue } from '../../functions/lib/push/push-worker';
import { resetVapidKeys } from '../../functions/lib/push/vapid';
import { api, db, signIn, signInAdmin, type SignedIn } from '../support/api';
import { createFestival } from '../support/fixtures';
import { startPushService, type TestPushService } from '../support/push-service';

let push: TestPushService;
let admin: SignedIn;
let organizer: SignedIn;

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
const deliverPush = () => deliverPushDue(db());

beforeAll(async () => {
  push = await startPushService();
  resetEnv({
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'festivales-live-')),
    PUBLIC_BASE_URL: 'https://festivales.test',
    PUSH_ALLOW_HOSTS: push.host,
  });
  resetVapidKeys();
  admin = await signInAdmin();
  organizer = await signIn();
});

afterAll(async () => {
  resetEnv({ DATA_DIR: undefined, PUBLIC_BASE_URL: undefined, PUSH_ALLOW_HOSTS: undefined });
  resetVapidKeys();
  await push.close();
});

/** A festival on today in Barcelona, organised by `organizer`, with sets starting at the given minutes from now. */
async function festivalOnToday(name: string, startsIn: number[]) {
  const festivalId = await createFestival({
    name,
    startDate: day(-1),
    endDate: day(1),
    latitude: 41.38,
    longitude: 2.17,
  });
  await db().insert(festivalOrganizersTable).values({ festivalId, userId: organizer.user.id });
  const [edition] = await db()
    .select()
    .from(festivalEditionsTable)
    .where(eq(festivalEditionsTable.festivalId, festivalId));
  const lineup = startsIn.map((m, i) => ({
    artist_name: `${name} Artista ${i}`,
    stage: 'Main',
    starts_at: inMinutes(m),
    ends_at: inMinutes(m + 60),
  }));
  expect(
    (await api('PUT', `/api/organizer/editions/${edition.id}/lineup`, { token: organizer.token, body: { lineup } }))
      .status,
  ).toBe(200);
  const entries = await db()
    .select()
    .from(lineupEntriesTable)
    .where(eq(lineupEntriesTable.editionId, edition.id))
    .orderBy(asc(lineupEntriesTable.position));
  return { festivalId, entries };
}

async function picker(festivalId: number, picks: number[], device = true) {
  const user = await signIn();
  await db().insert(timetablesTable).values({ userId: user.user.id, festivalId, picks });
  const phone = device ? push.device() : undefined;
  if (phone)
    expect((await api('POST', '/api/push/subscriptions', { token: user.token, body: phone.subscription })).status).toBe(
      201,
    );
  return { user, phone };
}

describe('live set changes', () => {
  it(
    'delays a set: its pickers get a push and a bell line with the new time, the lineup shows it, ' +
      "favouriters are not pushed, and the change is on today's list",
    async () => {
      const { festivalId, entries } = await festivalOnToday('Directo', [120, 240]);
      const [set, other] = entries;
      const a = await picker(festivalId, [set.id]);
      const b = await picker(festivalId, [other.id]);
      const fan = await signIn();
      await db().insert(favoritesTable).values({ festivalId, userId: fan.user.id });

      const res = await api('PATCH', `/api/organizer/sets/${set.id}`, {
        token: organizer.token,
        body: { status: 'delayed', delay_minutes: 45 },
      });
      expect(res.status).toBe(200);
      const newStart = new Date(set.startsAt!.getTime() + 45 * 60_000).toISOString();
      expect(res.json).toMatchObject({
        lineup_entry_id: set.id,
        status: 'delayed',
        delay_minutes: 45,
        starts_at: newStart,
        previous: { starts_at: set.startsAt!.toISOString() },
      });

      const bell = await db()
        .select()
        .from(notificationsTable)
        .where(like(notificationsTable.eventKey, `set-change:${res.json.id}`));
      expect(bell.map((n) => n.userId)).toEqual([a.user.user.id]);
      expect(bell[0].message).toMatch(/^Directo Artista 0 se retrasa 45 min: ahora \d\d:\d\d–\d\d:\d\d en Main\.$/);
      await deliverPush();
      expect(a.phone!.received.map((p) => (p.message as { title: string }).title)).toEqual([
        'Cambio de horario: Directo Artista 0',
      ]);
      expect(b.phone!.received).toEqual([]);
      expect(
        (await db().select().from(notificationsTable).where(eq(notificationsTable.userId, fan.user.id))).filter(
          (n) => n.type === 'set_change',
        ),
      ).toEqual([]);

      const page = (await api('GET', `/api/festivals/${festivalId}`)).json;
      expect(page.lineup.find((e: { id: number }) => e.id === set.id)).toMatchObject({
        starts_at: newStart,
        live_status: 'delayed',
        delay_minutes: 45,
      });

      // The same delay sent again moves nothing more (its planned time stays the reference).
      const again = await api('PATCH', `/api/organizer/sets/${set.id}`, {
        token: organizer.token,
        body: { status: 'delayed', delay_minutes: 45 },
      });
      expect(again.json.starts_at).toBe(newStart);

      const today = await api('GET', `/api/festivals/${festivalId}/changes`);
      expect(today.json.changes.map((c: { id: number }) => c.id)).toEqual([again.json.id, res.json.id]);
      const later = await api('GET', `/api/festivals/${festivalId}/changes?since=${encodeURIComponent(inMinutes(1))}`);
      expect(later.json.changes).toEqual([]);
    },
  );

  it('moves, retimes and cancels; a cancelled set is not reminded and a reminder queued for the old time is dropped', async () => {
    const { festivalId, entries } = await festivalOnToday('Recordar', [10, 300]);
    const [soon] = entries;
    const p = await picker(festivalId, [soon.id]);
    expect(await sendSetReminders(db())).toBeGreaterThanOrEqual(1);
    const reminderKey = `set:${soon.id}:${soon.startsAt!.toISOString()}`;
    expect((await db().select().from(outboxTable).where(eq(outboxTable.eventKey, reminderKey)))[0].status).toBe(
      'pending',
    );

    const moved = await api('PATCH', `/api/organizer/sets/${soon.id}`, {
      token: organizer.token,
      body: { status: 'moved', stage: 'Carpa' },
    });
    expect(moved.json).toMatchObject({ status: 'moved', stage: 'Carpa', starts_at: soon.startsAt!.toISOString() });
    const retimed = await api('PATCH', `/api/organizer/sets/${soon.id}`, {
      token: organizer.token,
      body: { status: 'on_time', start: inMinutes(90), end: inMinutes(150) },
    });
    expect(retimed.json.status).toBe('on_time');
    expect((await db().select().from(outboxTable).where(eq(outboxTable.eventKey, reminderKey)))[0].status).toBe(
      'dropped',
    );

    const cancelled = await api('PATCH', `/api/organizer/sets/${soon.id}`, {
      token: organizer.token,
      body: { status: 'cancelled' },
    });
    expect(cancelled.json.status).toBe('cancelled');
    const bell = await db().select().from(notificationsTable).where(eq(notificationsTable.userId, p.user.user.id));
    expect(bell.filter((n) => n.type === 'set_change').map((n) => n.message)).toContain(
      'Recordar Artista 0 se ha cancelado.',
    );
    await db()
      .update(lineupEntriesTable)
      .set({ startsAt: new Date(Date.now() + 5 * 60_000) })
      .where(eq(lineupEntriesTable.id, soon.id));
    const before = (
      await db()
        .select()
        .from(outboxTable)
        .where(like(outboxTable.eventKey, `set:${soon.id}:%`))
    ).length;
    await sendSetReminders(db());
    expect(
      (
        await db()
          .select()
          .from(outboxTable)
          .where(like(outboxTable.eventKey, `set:${soon.id}:%`))
      ).length,
    ).toBe(before);
  });

  it('answers 403 to who does not organise the festival, 404 for an unknown set, 400 for bad bodies and 422 for a delay of a set without time', async () => {
    const { festivalId, entries } = await festivalOnToday('Reglas', [60]);
    const stranger = await signIn();
    expect(
      (
        await api('PATCH', `/api/organizer/sets/${entries[0].id}`, {
          token: stranger.token,
          body: { status: 'cancelled' },
        })
      ).status,
    ).toBe(403);
    expect(
      (await api('PATCH', '/api/organizer/sets/99999999', { token: organizer.token, body: { status: 'cancelled' } }))
        .status,
    ).toBe(404);
    const bad = await api('PATCH', `/api/organizer/sets/${entries[0].id}`, {
      token: organizer.token,
      body: { status: 'delayed' },
    });
    expect(bad).toMatchObject({ status: 400, json: { error: 'Indica cuántos minutos se retrasa.' } });
    expect(
      (
        await api('PATCH', `/api/organizer/sets/${entries[0].id}`, {
          token: organizer.token,
          body: { status: 'moved' },
        })
      ).status,
    ).toBe(400);
    await db()
      .update(lineupEntriesTable)
      .set({ startsAt: null, endsAt: null })
      .where(eq(lineupEntriesTable.id, entries[0].id));
    expect(
      (
        await api('PATCH', `/api/organizer/sets/${entries[0].id}`, {
          token: organizer.token,
          body: { status: 'delayed', delay_minutes: 10 },
        })
      ).status,
    ).toBe(422);
    expect((await api('GET', '/api/festivals/99999999/changes')).status).toBe(404);
    expect((await api('GET', `/api/festivals/${festivalId}/changes?since=ayer`)).status).toBe(400);
    // An admin undoes a live change through the same write: the set is back and its pickers are told again.
    const {
      entries: [set],
    } = await festivalOnToday('Deshacer', [200]);
    const change = await api('PATCH', `/api/organizer/sets/${set.id}`, {
      token: organizer.token,
      body: { status: 'cancelled' },
    });
    expect((await api('POST', `/api/admin/changes/${change.json.id}/revert`, { token: admin.token })).status).toBe(200);
    const [back] = await db().select().from(lineupEntriesTable).where(eq(lineupEntriesTable.id, set.id));
    expect(back.liveStatus).toBe('on_time');
  });

  it('tells pickers in batches a stopped worker resumes after the last one it committed, never twice', async () => {
    const { festivalId, entries } = await festivalOnToday('Lotes', [120]);
    const pickers: Awaited<ReturnType<typeof picker>>[] = [];
    for (let i = 0; i < 7; i++) pickers.push(await picker(festivalId, [entries[0].id], false));
    // The change as a request that stopped right after its transaction: the delivery is left to the worker.
    const change = await api('PATCH', `/api/organizer/sets/${entries[0].id}`, {
      token: organizer.token,
      body: { status: 'moved', stage: 'B' },
    });
    await db()
      .update(setChangeDeliveriesTable)
      .set({ cursor: 0, doneAt: null })
      .where(eq(setChangeDeliveriesTable.changeId, change.json.id));
    await db()
      .delete(notificationsTable)
      .where(eq(notificationsTable.eventKey, `set-change:${change.json.id}`));
    // One batch of 3 commits, the next one fails before committing (the worker dies), then the worker runs again.
    expect(await deliverBatch(db(), change.json.id, 3)).toBe(true);
    await expect(
      db().transaction(async (tx) => {
        await tx.insert(notificationsTable).values({
          userId: pickers[3].user.user.id,
          type: 'set_change',
          message: 'x',
          eventKey: `set-change:${change.json.id}`,
        });
        throw new Error('el proceso muere a mitad del lote');
      }),
    ).rejects.toThrow();
    await deliverPendingSetChanges(db(), 3);
    const told = await db()
      .select()
      .from(notificationsTable)
      .where(eq(notificationsTable.eventKey, `set-change:${change.json.id}`));
    expect(told.map((n) => n.userId).sort((x, y) => x - y)).toEqual(
      pickers.map((p) => p.user.user.id).sort((x, y) => x - y),
    );
    const [delivery] = await db()
      .select()
      .from(setChangeDeliveriesTable)
      .where(eq(setChangeDeliveriesTable.changeId, change.json.id));
    expect(delivery.doneAt).not.toBeNull();
  });
});
