import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { festivalEditionsTable, notificationsTable, outboxTable } from '#db/schema';
import { sendPriceAlerts } from '../../functions/lib/domain/alerts/price-alerts';
import { api, db, signIn, signInAdmin, type SignedIn } from '../support/api';
import { createFestival } from '../support/fixtures';

// 'Sube de precio': the people who favourited a festival hear, as many days before as each chose,
// that its abono tier ends, and when it sells out, with the next tier's price.

let admin: SignedIn;
let ana: SignedIn;
let bruno: SignedIn;
let carla: SignedIn;

beforeAll(async () => {
  admin = await signInAdmin();
  [ana, bruno, carla] = await Promise.all([signIn(), signIn(), signIn()]);
});

const day = (iso: string) => new Date(`${iso}T09:00:00Z`);
const priceAlerts = async (user: SignedIn) =>
  (
    await db()
      .select()
      .from(notificationsTable)
      .where(and(eq(notificationsTable.userId, user.user.id), eq(notificationsTable.type, 'price_rise')))
  ).map((n) => n.message);

async function festivalWithTiers(name: string) {
  const id = await createFestival({ name, startDate: '2031-07-10', endDate: '2031-07-12' });
  const [edition] = await db().select().from(festivalEditionsTable).where(eq(festivalEditionsTable.festivalId, id));
  const tiers = [
    { kind: 'abono', name: 'Abono 1.er tramo', price: 45, fees_included: true, ends_at: '2031-03-10' },
    { kind: 'abono', name: 'Abono 2.º tramo', price: 65, fees_included: true },
    { kind: 'vip', name: 'VIP', price: 150, fees_included: true, ends_at: '2031-03-10' },
  ];
  const put = await api('PUT', `/api/admin/editions/${edition.id}/tiers`, { token: admin.token, body: { tiers } });
  expect(put.status, put.text).toBe(200);
  for (const fan of [ana, bruno])
    expect((await api('POST', `/api/favorites/${id}`, { token: fan.token })).status).toBe(201);
  return { id, editionId: edition.id };
}

describe("the days before a tier ends, in each person's preferences", () => {
  it('are 3 unless chosen, 1 to 14, with a Spanish error outside', async () => {
    const prefs = await api('GET', '/api/users/preferences', { token: carla.token });
    expect(prefs.json.price_alert_days).toBe(3);
    expect(prefs.json.channels.prices).toEqual({ inApp: true, email: true, push: true });
    const saved = await api('PUT', '/api/users/preferences', { token: carla.token, body: { price_alert_days: 7 } });
    expect(saved.status).toBe(200);
    expect(saved.json.price_alert_days).toBe(7);
    for (const bad of [0, 15, 2.5, '3']) {
      const res = await api('PUT', '/api/users/preferences', { token: carla.token, body: { price_alert_days: bad } });
      expect(res.status).toBe(400);
      expect(res.text).toContain('Los días de aviso antes de que acabe un tramo deben ser un número entre 1 y 14.');
    }
    expect((await api('GET', '/api/users/preferences', { token: carla.token })).json.price_alert_days).toBe(7);
  });
});

describe("'Sube de precio'", () => {
  it("tells each favouriter once, when their days before the abono tier's end are reached, with the next tier's price", async () => {
    const name = `Festival Tramos Avisos ${Date.now()}`;
    await festivalWithTiers(name);
    expect(
      (await api('PUT', '/api/users/preferences', { token: bruno.token, body: { price_alert_days: 7 } })).status,
    ).toBe(200);

    // Five days before: only Bruno (7 days) is told; Ana (3, the default) not yet, Carla has no favourite.
    await sendPriceAlerts(db(), day('2031-03-05'));
    await sendPriceAlerts(db(), day('2031-03-05'));
    const expected = `El Abono 1.er tramo de ${name} (45\u00a0€) acaba el 10 de marzo de 2031: el siguiente tramo cuesta 65\u00a0€.`;
    expect(await priceAlerts(bruno)).toEqual([expected]);
    expect(await priceAlerts(ana)).toEqual([]);

    // Three days before (a run missed the day before does not matter): Ana now, Bruno not twice.
    await sendPriceAlerts(db(), day('2031-03-07'));
    await sendPriceAlerts(db(), day('2031-03-08'));
    expect(await priceAlerts(ana)).toEqual([expected]);
    expect(await priceAlerts(bruno)).toEqual([expected]);
    expect(await priceAlerts(carla)).toEqual([]);
    const emails = await db()
      .select()
      .from(outboxTable)
      .where(and(eq(outboxTable.userId, ana.user.id), eq(outboxTable.kind, 'price_rise')));
    expect(emails.map((e) => e.payload.subject)).toEqual([`${name}: el Abono 1.er tramo acaba el 10 de marzo de 2031`]);
  });

  it('tells them when an abono tier sells out, unless they turned the kind off in the app', async () => {
    const name = `Festival Agotado Avisos ${Date.now()}`;
    const { id, editionId } = await festivalWithTiers(name);
    const off = { inApp: false, email: false, push: false };
    expect(
      (await api('PUT', '/api/users/preferences', { token: bruno.token, body: { channels: { prices: off } } })).status,
    ).toBe(200);
    const current = await api('GET', `/api/festivals/${id}`);
    const tiers = current.json.tiers.map((t: { name: string }) => ({ ...t, sold_out: t.name === 'Abono 1.er tramo' }));
    const put = await api('PUT', `/api/admin/editions/${editionId}/tiers`, { token: admin.token, body: { tiers } });
    expect(put.status, put.text).toBe(200);
    expect(await priceAlerts(ana)).toContain(
      `Se ha agotado el Abono 1.er tramo de ${name}: el siguiente tramo cuesta 65\u00a0€.`,
    );
    expect((await priceAlerts(bruno)).filter((m) => m.includes(name))).toEqual([]);
  });
});
