import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxTable, pushSubscriptionsTable, type OutboxPayload } from '#db/schema';
import { resetEnv } from '../../functions/lib/env';
import { MAX_ATTEMPTS, retryDelayMs } from '../../functions/lib/outbox/deliver';
import { enqueue } from '../../functions/lib/outbox/enqueue';
import { repeat } from '../../functions/lib/outbox/schedule';
import { isPublicAddress } from '../../functions/lib/push/push-endpoints';
import { deliverPushDue } from '../../functions/lib/push/push-worker';
import { resetVapidKeys } from '../../functions/lib/push/vapid';
import { api, db, signIn, type SignedIn } from '../support/api';
import { createFestival } from '../support/fixtures';
import { startPushService, type TestDevice, type TestPushService } from '../support/push-service';
import { startSilentServer, startTricklingServer, type SlowServer } from '../support/slow-push-servers';

let push: TestPushService;
let silent: SlowServer;
let trickling: SlowServer;
let n = 0;

const payload = (subject: string): OutboxPayload => ({
  subject,
  heading: subject,
  paragraphs: ['Cambia el cartel.'],
  reason: 'Sigues este festival.',
  url: '/',
});

/** A user with one device at `endpoint` (stored as the subscribe route stores it). */
async function userWithDevice(endpoint: string, keys = push.device().subscription.keys): Promise<SignedIn> {
  const user = await signIn();
  const res = await api('POST', '/api/push/subscriptions', { token: user.token, body: { endpoint, keys } });
  expect(res.status).toBe(201);
  return user;
}

async function pushRows(users: SignedIn[], eventKey = `test:push:${++n}`) {
  await enqueue(
    db(),
    users.map((u) => ({
      eventKey,
      channel: 'push' as const,
      kind: 'lineup-artist',
      payload: payload(`Aviso ${n}`),
      to: { userId: u.user.id },
    })),
  );
  return db().select().from(outboxTable).where(eq(outboxTable.eventKey, eventKey)).orderBy(outboxTable.id);
}

const rowsOf = (ids: number[]) => db().select().from(outboxTable).where(inArray(outboxTable.id, ids));

beforeAll(async () => {
  push = await startPushService();
  silent = await startSilentServer();
  trickling = await startTricklingServer(1000);
  resetEnv({
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'festivales-push-delivery-')),
    PUBLIC_BASE_URL: 'https://festivales.test',
    PUSH_ALLOW_HOSTS: [push.host, silent.host, trickling.host].join(','),
  });
  resetVapidKeys();
});

afterAll(async () => {
  resetEnv({
    DATA_DIR: undefined,
    PUBLIC_BASE_URL: undefined,
    PUSH_ALLOW_HOSTS: undefined,
    PUSH_SERVICE_HOSTS: undefined,
  });
  resetVapidKeys();
  await Promise.all([push.close(), silent.close(), trickling.close()]);
});

describe('push delivery with endpoints that never answer or trickle', () => {
  it("delivers everyone else's notifications while they hang, and the site keeps answering", async () => {
    const silentUser = await userWithDevice(silent.endpoint('/push/silencio'));
    const tricklingUser = await userWithDevice(trickling.endpoint('/push/goteo'));
    const fans: { user: SignedIn; device: TestDevice }[] = [];
    for (let i = 0; i < 6; i++) {
      const device = push.device();
      fans.push({ user: await userWithDevice(device.subscription.endpoint, device.subscription.keys), device });
    }
    // The slow rows come first in line, as a stuck row did.
    const rows = await pushRows([silentUser, tricklingUser, ...fans.map((f) => f.user)]);
    const [silentRow, tricklingRow] = rows;
    const festivalId = await createFestival();

    const run = deliverPushDue(db(), { sendTimeoutMs: 5000 });
    await Promise.all([silent.connected(), trickling.connected()]);
    await expect
      .poll(() => fans.every((f) => f.device.received.length === 1), { timeout: 4000, interval: 50 })
      .toBe(true);
    // Delivered and recorded (each row's outcome commits right after its own send) while both slow sends
    // still hold their connections.
    const fanIds = rows.slice(2).map((r) => r.id);
    await expect
      .poll(async () => (await rowsOf(fanIds)).every((r) => r.status === 'sent'), { timeout: 4000, interval: 50 })
      .toBe(true);
    expect(silent.closed).toBe(0);
    expect(trickling.closed).toBe(0);

    // The site's reads and writes are not queued behind them (no transaction, no connection held).
    const fan = fans[0].user;
    expect((await api('GET', '/api/notifications', { token: fan.token })).status).toBe(200);
    expect((await api('POST', `/api/favorites/${festivalId}`, { token: fan.token })).status).toBeLessThan(300);
    expect((await api('GET', '/api/favorites', { token: fan.token })).json).toContain(festivalId);
    expect(silent.closed).toBe(0);
    expect(trickling.closed).toBe(0);

    const stats = await run;
    expect(stats).toEqual({ sent: 6, retry: 2, failed: 0, dropped: 0 });
    // The deadline cut both: nothing is left open on our side.
    await expect.poll(() => silent.closed + trickling.closed, { timeout: 2000 }).toBe(2);
    const [silentAfter, tricklingAfter] = await Promise.all([rowsOf([silentRow.id]), rowsOf([tricklingRow.id])]);
    for (const row of [silentAfter[0], tricklingAfter[0]]) {
      expect(row).toMatchObject({ status: 'pending', attempts: 1 });
      expect(row.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + retryDelayMs(1) - 10_000);
    }
    expect(silentAfter[0].lastError).toMatch(/no respondió en 5 s/);
    expect(tricklingAfter[0].lastError).toMatch(/HTTP 503/);
    // Not due again at once: the next run sends nothing and waits on no one.
    expect(await deliverPushDue(db(), { sendTimeoutMs: 5000 })).toEqual({ sent: 0, retry: 0, failed: 0, dropped: 0 });
    await db()
      .update(outboxTable)
      .set({ status: 'dropped' })
      .where(inArray(outboxTable.id, [silentRow.id, tricklingRow.id]));
  }, 30_000);

  it('counts every attempt, backs off and gives up after the last', async () => {
    const user = await userWithDevice(silent.endpoint('/push/siempre-callado'));
    const [row] = await pushRows([user]);
    let clock = new Date();
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      const stats = await deliverPushDue(db(), { sendTimeoutMs: 200, now: () => clock });
      expect(stats.retry + stats.failed).toBe(1);
      const [stored] = await rowsOf([row.id]);
      expect(stored.attempts).toBe(attempt);
      expect(stored.status).toBe(attempt === MAX_ATTEMPTS ? 'failed' : 'pending');
      expect(stored.nextAttemptAt.getTime() - clock.getTime()).toBe(retryDelayMs(attempt));
      clock = new Date(stored.nextAttemptAt.getTime() + 1);
    }
  }, 30_000);

  it('a stop cuts the send in flight at once: the attempt stays counted and the row comes back later', async () => {
    const user = await userWithDevice(silent.endpoint('/push/parada'));
    const [row] = await pushRows([user]);
    const before = silent.accepted;
    // A send allowed a whole minute: the stop must not wait for it.
    const stop = repeat('push', (signal) => deliverPushDue(db(), { signal, sendTimeoutMs: 60_000 }), 60_000);
    await expect.poll(() => silent.accepted, { timeout: 5000, interval: 20 }).toBe(before + 1);
    await stop();
    const [stored] = (await rowsOf([row.id])) as [typeof outboxTable.$inferSelect];
    expect(stored).toMatchObject({ status: 'pending', attempts: 1 });
    expect(stored.lastError).toMatch(/el servidor se detiene/);
    expect(stored.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    await expect.poll(() => silent.closed, { timeout: 2000 }).toBe(silent.accepted);

    // Claimed as many times as allowed and never recorded (the worker stopped each time): given up.
    await db()
      .update(outboxTable)
      .set({ attempts: MAX_ATTEMPTS, nextAttemptAt: new Date(0) })
      .where(eq(outboxTable.id, row.id));
    expect((await deliverPushDue(db())).failed).toBe(1);
    expect((await rowsOf([row.id]))[0].status).toBe('failed');
  }, 20_000);
});

describe('push endpoints checked again when sending', () => {
  it('sends nothing to a host of the list that resolves to a private address, and forgets stored endpoints off the list', async () => {
    expect(
      [
        '127.0.0.1',
        '10.1.2.3',
        '192.168.1.1',
        '169.254.169.254',
        '100.64.0.1',
        '::1',
        'fe80::1',
        'fd00::1',
        '::ffff:10.0.0.1',
      ].some(isPublicAddress),
    ).toBe(false);
    expect(['142.250.184.10', '2a00:1450:4003:80f::200a'].every(isPublicAddress)).toBe(true);

    resetEnv({ PUSH_SERVICE_HOSTS: 'fcm.googleapis.com,localhost' });
    const local = await userWithDevice('https://localhost/push/interno');
    const [localRow] = await pushRows([local]);
    // Stored before endpoints were checked: no push service of ours.
    const legacy = await signIn();
    await db()
      .insert(pushSubscriptionsTable)
      .values({
        userId: legacy.user.id,
        endpoint: 'https://metadata.internal.example/latest',
        ...push.device().subscription.keys,
      });
    const [legacyRow] = await pushRows([legacy]);
    expect(await deliverPushDue(db())).toMatchObject({ retry: 1, dropped: 1 });
    const [l] = await rowsOf([localRow.id]);
    expect(l.lastError).toMatch(/localhost resuelve a una dirección que no es pública/);
    expect((await rowsOf([legacyRow.id]))[0].status).toBe('dropped');
    expect(
      await db().select().from(pushSubscriptionsTable).where(eq(pushSubscriptionsTable.userId, legacy.user.id)),
    ).toEqual([]);
    resetEnv({ PUSH_SERVICE_HOSTS: undefined });
  });
});
