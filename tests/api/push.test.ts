import { eq } from 'drizzle-orm';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { festivalEditionsTable, outboxTable, pushSubscriptionsTable } from '#db/schema';
import { resetEnv } from '../../functions/lib/env';
import { deliverPushDue } from '../../functions/lib/push/push-worker';
import { resetVapidKeys } from '../../functions/lib/push/vapid';
import { api, db, signIn, signInAdmin, type SignedIn } from '../support/api';
import { createFestival } from '../support/fixtures';
import { startPushService, type TestPushService } from '../support/push-service';

let push: TestPushService;
let admin: SignedIn;
let dataDir: string;

const deliverPush = () => deliverPushDue(db());
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  push = await startPushService();
  dataDir = mkdtempSync(path.join(tmpdir(), 'festivales-push-'));
  resetEnv({ DATA_DIR: dataDir, PUBLIC_BASE_URL: 'https://festivales.test', PUSH_ALLOW_HOSTS: push.host });
  resetVapidKeys();
  admin = await signInAdmin();
});

afterAll(async () => {
  resetEnv({ DATA_DIR: undefined, PUBLIC_BASE_URL: undefined, PUSH_ALLOW_HOSTS: undefined });
  resetVapidKeys();
  await push.close();
});

describe('VAPID keys', () => {
  it('are generated once into DATA_DIR and the public one is served', async () => {
    const res = await api('GET', '/api/push/vapid-public-key');
    expect(res.status).toBe(200);
    const stored = JSON.parse(readFileSync(path.join(dataDir, 'vapid-keys.json'), 'utf8'));
    expect(res.json.publicKey).toBe(stored.publicKey);
    expect(Buffer.from(stored.publicKey, 'base64url')).toHaveLength(65);
    resetVapidKeys();
    expect((await api('GET', '/api/push/vapid-public-key')).json.publicKey).toBe(stored.publicKey);
  });

  it('come from VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when set', async () => {
    const { default: webpush } = await import('web-push');
    const keys = webpush.generateVAPIDKeys();
    resetEnv({
      DATA_DIR: dataDir,
      PUBLIC_BASE_URL: 'https://festivales.test',
      VAPID_PUBLIC_KEY: keys.publicKey,
      VAPID_PRIVATE_KEY: keys.privateKey,
    });
    resetVapidKeys();
    expect((await api('GET', '/api/push/vapid-public-key')).json.publicKey).toBe(keys.publicKey);
    resetEnv({
      DATA_DIR: dataDir,
      PUBLIC_BASE_URL: 'https://festivales.test',
      VAPID_PUBLIC_KEY: undefined,
      VAPID_PRIVATE_KEY: undefined,
    });
    resetVapidKeys();
  });
});

describe('subscriptions', () => {
  it('need a session, valid keys, and only the owner removes one', async () => {
    const ana = await signIn();
    const bea = await signIn();
    const device = push.device();
    expect((await api('POST', '/api/push/subscriptions', { body: device.subscription })).status).toBe(401);
    for (const body of [
      {},
      { endpoint: 'ftp://x', keys: device.subscription.keys },
      { ...device.subscription, keys: { p256dh: 'corta', auth: 'x' } },
    ]) {
      const res = await api('POST', '/api/push/subscriptions', { token: ana.token, body });
      expect(res.status).toBe(400);
      expect(res.json.error).toMatch(/endpoint|clave|Falta/);
    }
    const ok = await api('POST', '/api/push/subscriptions', { token: ana.token, body: device.subscription });
    expect(ok.status).toBe(201);
    expect(ok.json).toEqual({ message: 'Avisos push activados en este dispositivo.', subscribed: true });

    // Another account can neither take the endpoint over with keys of its own nor learn it exists.
    const other = push.device();
    const takeover = await api('POST', '/api/push/subscriptions', {
      token: bea.token,
      body: { endpoint: device.subscription.endpoint, keys: other.subscription.keys },
    });
    expect(takeover.status).toBe(404);
    const theirs = await api('DELETE', '/api/push/subscriptions', {
      token: bea.token,
      body: { endpoint: device.subscription.endpoint },
    });
    expect(theirs.status).toBe(404);
    expect(theirs.json).toMatchObject({
      error: 'Este dispositivo no está suscrito en tu cuenta.',
      code: 'push_subscription_not_found',
    });
    const nobody = await api('DELETE', '/api/push/subscriptions', {
      token: bea.token,
      body: { endpoint: `${device.subscription.endpoint}-nadie` },
    });
    expect(nobody.json).toEqual({ ...theirs.json, requestId: nobody.json.requestId });
    const stored = await db()
      .select()
      .from(pushSubscriptionsTable)
      .where(eq(pushSubscriptionsTable.userId, ana.user.id));
    expect(stored.map((s) => s.p256dh)).toEqual([device.subscription.keys.p256dh]);
    const mine = await api('DELETE', '/api/push/subscriptions', {
      token: ana.token,
      body: { endpoint: device.subscription.endpoint },
    });
    expect(mine.json.subscribed).toBe(false);
    const again = await api('DELETE', '/api/push/subscriptions', {
      token: ana.token,
      body: { endpoint: device.subscription.endpoint },
    });
    expect(again.status).toBe(404);
    expect(again.json.error).toBe('Este dispositivo no está suscrito en tu cuenta.');
  });

  it("accept only the browsers' push services, by name and without DNS", async () => {
    const user = await signIn();
    const { keys } = push.device().subscription;
    for (const endpoint of [
      'https://evil.example.com/push/1',
      'https://fcm.googleapis.com:8443/fcm/send/1',
      'http://fcm.googleapis.com/fcm/send/1',
      'https://fcm.googleapis.com.evil.example.com/fcm/send/1',
      'https://notify.windows.com.evil.example.com/w/1',
      'https://user@fcm.googleapis.com/fcm/send/1',
      'https://127.0.0.1:1/push/1',
      'https://169.254.169.254/latest/meta-data',
    ]) {
      const res = await api('POST', '/api/push/subscriptions', { token: user.token, body: { endpoint, keys } });
      expect(res.status, endpoint).toBe(400);
      if (endpoint.startsWith('https:')) expect(res.json.code).toBe('push_service_not_allowed');
    }
    // This machine resolves no public name: accepting these must not need to.
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/dGVzdA:APA91b',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAAAB',
      'https://web.push.apple.com/QGx2ZXJ5',
      'https://wns2-par02p.notify.windows.com/w/?token=BQYAAAB',
      'https://fcm.googleapis.com:443/fcm/send/puerto',
    ]) {
      const res = await api('POST', '/api/push/subscriptions', { token: user.token, body: { endpoint, keys } });
      expect(res.status, endpoint).toBe(201);
    }
  });
});

describe('delivery through a real push service', () => {
  it('encrypts the alert for each device, signs it with VAPID, and drops a device the service says is gone', async () => {
    const fan = await signIn();
    const phone = push.device();
    const laptop = push.device();
    await api('POST', '/api/push/subscriptions', { token: fan.token, body: phone.subscription });
    await api('POST', '/api/push/subscriptions', { token: fan.token, body: laptop.subscription });
    const festivalId = await createFestival({ name: `Push Fest ${Date.now()}`, startDate: day(30), endDate: day(31) });
    await api('POST', `/api/favorites/${festivalId}`, { token: fan.token });
    const [edition] = await db()
      .select()
      .from(festivalEditionsTable)
      .where(eq(festivalEditionsTable.festivalId, festivalId));
    await api('PUT', `/api/admin/editions/${edition.id}/tickets`, {
      token: admin.token,
      body: { ticket_url: 'https://t.example.com/push' },
    });

    const stats = await deliverPush();
    expect(stats.sent).toBe(1);
    for (const device of [phone, laptop]) {
      expect(device.received).toHaveLength(1);
      expect(device.received[0].message).toEqual({
        title: expect.stringMatching(/^Entradas de Push Fest \d+ a la venta$/),
        body: expect.stringMatching(/^Las entradas de Push Fest \d+ están ya a la venta\.$/),
        url: expect.stringMatching(new RegExp(`^/festival/${festivalId}/push-fest-`)),
        tag: `edition:${edition.id}:tickets-on-sale`,
      });
      expect(device.received[0].headers['content-encoding']).toBe('aes128gcm');
      expect(device.received[0].headers.ttl).toBe('86400');
    }

    push.expire(laptop);
    await api('PUT', `/api/admin/editions/${edition.id}/tickets`, {
      token: admin.token,
      body: { ticket_url: 'https://t.example.com/push', sold_out: true },
    });
    expect((await deliverPush()).sent).toBe(1);
    expect(phone.received).toHaveLength(2);
    expect(laptop.received).toHaveLength(1);
    const left = await db().select().from(pushSubscriptionsTable).where(eq(pushSubscriptionsTable.userId, fan.user.id));
    expect(left.map((s) => s.endpoint)).toEqual([phone.subscription.endpoint]);

    push.expire(phone);
    await api('PUT', `/api/admin/editions/${edition.id}`, {
      token: admin.token,
      body: {
        year: Number(day(30).slice(0, 4)),
        start_date: edition.startDate,
        end_date: edition.endDate,
        status: 'cancelled',
      },
    });
    expect((await deliverPush()).dropped).toBe(1);
    expect(
      await db().select().from(pushSubscriptionsTable).where(eq(pushSubscriptionsTable.userId, fan.user.id)),
    ).toEqual([]);
    // No device left: the next alert writes no push row at all.
    const rows = await db().select().from(outboxTable).where(eq(outboxTable.userId, fan.user.id));
    expect(rows.filter((r) => r.channel === 'push').map((r) => r.status)).toEqual(['sent', 'sent', 'dropped']);
  });
});
