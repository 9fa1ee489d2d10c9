import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { notificationsTable } from '#db/schema';
import { notify } from '../../functions/lib/domain/notifications/notifications';
import { api, db, signIn, type SignedIn } from '../support/api';

let ana: SignedIn;
let bruno: SignedIn;

const readFlag = async (id: number) =>
  (
    await db().select({ read: notificationsTable.read }).from(notificationsTable).where(eq(notificationsTable.id, id))
  )[0]?.read;

beforeAll(async () => {
  ana = await signIn();
  bruno = await signIn();
});

describe('GET /api/notifications', () => {
  it("lists the caller's notifications only, newest first, with id, type, message and read", async () => {
    await notify(db(), ana.user.id, 'festival', 'Tu festival «Uno» ha sido aprobado.');
    await notify(db(), bruno.user.id, 'media', 'Notificación de otra persona.');
    await notify(db(), ana.user.id, 'media', 'Tu foto ha sido aprobada.');
    const res = await api('GET', '/api/notifications', { token: ana.token });
    expect(res.status).toBe(200);
    expect(res.json.map((n: { message: string }) => n.message)).toEqual([
      'Tu foto ha sido aprobada.',
      'Tu festival «Uno» ha sido aprobado.',
    ]);
    expect(res.json[0]).toEqual({
      id: expect.any(Number),
      type: 'media',
      message: 'Tu foto ha sido aprobada.',
      url: null,
      read: false,
      created_at: expect.any(String),
    });
  });

  it('is empty for a new user and 401 without a token', async () => {
    const fresh = await signIn();
    expect((await api('GET', '/api/notifications', { token: fresh.token })).json).toEqual([]);
    const anonymous = await api('GET', '/api/notifications');
    expect(anonymous.status).toBe(401);
    expect(anonymous.json.error).toBe('Inicia sesión para continuar.');
  });
});

describe('PATCH /api/notifications/:id/read', () => {
  it('marks one of your own notifications read, and only that one', async () => {
    await notify(db(), ana.user.id, 'festival', 'Primera');
    await notify(db(), ana.user.id, 'festival', 'Segunda');
    const list = (await api('GET', '/api/notifications', { token: ana.token })).json;
    const [second, first] = list;
    const res = await api('PATCH', `/api/notifications/${first.id}/read`, { token: ana.token });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: first.id, read: true, message: 'Primera' });
    expect(await readFlag(first.id)).toBe(true);
    expect(await readFlag(second.id)).toBe(false);
    const again = await api('PATCH', `/api/notifications/${first.id}/read`, { token: ana.token });
    expect(again.status).toBe(200);
  });

  it("answers someone else's notification with the 404 of one that does not exist, and leaves it unread", async () => {
    await notify(db(), bruno.user.id, 'media', 'Solo para Bruno');
    const [brunos] = (await api('GET', '/api/notifications', { token: bruno.token })).json;
    const res = await api('PATCH', `/api/notifications/${brunos.id}/read`, { token: ana.token });
    expect(res.status).toBe(404);
    expect(res.json).toMatchObject({ error: 'Notificación no encontrada.', code: 'notification_not_found' });
    expect(await readFlag(brunos.id)).toBe(false);
  });

  it('answers 404 for an unknown id, 400 for a malformed one and 401 without a token', async () => {
    const missing = await api('PATCH', '/api/notifications/999999/read', { token: ana.token });
    expect(missing.status).toBe(404);
    expect(missing.json.error).toBe('Notificación no encontrada.');
    expect((await api('PATCH', '/api/notifications/xyz/read', { token: ana.token })).status).toBe(400);
    expect((await api('PATCH', '/api/notifications/1/read')).status).toBe(401);
  });
});
