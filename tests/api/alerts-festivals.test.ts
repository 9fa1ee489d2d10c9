import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  festivalEditionsTable,
  festivalsTable,
  notificationsTable,
  outboxTable,
  userPreferencesTable,
} from '#db/schema';
import { sendDigests, sendReminders } from '../../functions/lib/domain/alerts/scheduled';
import { resetEnv } from '../../functions/lib/env';
import { resetMailTransport } from '../../functions/lib/mail/transport';
import { deliverDue } from '../../functions/lib/outbox/deliver';
import { defaultSenders } from '../../functions/lib/outbox/senders';
import { api, db, signIn, signInAdmin, type SignedIn } from '../support/api';
import { createFestival } from '../support/fixtures';
import { headerOf, startSmtpServer, type TestSmtpServer } from '../support/smtp-server';

let smtp: TestSmtpServer;
let admin: SignedIn;

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const deliver = () => deliverDue(db(), { senders: defaultSenders() });
const editionOf = async (festivalId: number) =>
  (await db().select().from(festivalEditionsTable).where(eq(festivalEditionsTable.festivalId, festivalId)))[0];
const bell = async (user: SignedIn) =>
  (await api('GET', '/api/notifications', { token: user.token })).json as Array<{
    type: string;
    message: string;
    url: string | null;
  }>;

/** A festival in the catalogue, favourited by the returned user (and by nobody else). */
async function favouritedFestival(name: string, start = day(60), end = day(62)) {
  const festivalId = await createFestival({ name: `${name} ${Date.now()}`, startDate: start, endDate: end });
  const fan = await signIn();
  expect((await api('POST', `/api/favorites/${festivalId}`, { token: fan.token })).status).toBe(201);
  const edition = await editionOf(festivalId);
  return { festivalId, fan, edition, name: `${name}` };
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  resetEnv({ SMTP_URL: smtp.url, PUBLIC_BASE_URL: 'https://festivales.test' });
  admin = await signInAdmin();
});

afterEach(async () => {
  // Rows a test left due would be delivered by the next one.
  await db()
    .update(outboxTable)
    .set({ status: 'dropped' })
    .where(inArray(outboxTable.status, ['pending', 'held']));
});

afterAll(async () => {
  resetEnv({ SMTP_URL: undefined, PUBLIC_BASE_URL: undefined });
  await resetMailTransport();
  await smtp.close();
});

describe('changes to a favourited festival', () => {
  it('new dates reach the bell and the mailbox of those who favourited it, once', async () => {
    const { festivalId, fan, edition } = await favouritedFestival('Fechas Fest');
    const stranger = await signIn();
    const body = { year: Number(day(61).slice(0, 4)), start_date: day(61), end_date: day(63), status: 'confirmed' };
    for (let i = 0; i < 2; i++)
      expect((await api('PUT', `/api/admin/editions/${edition.id}`, { token: admin.token, body })).status).toBe(200);

    const items = (await bell(fan)).filter((n) => n.type === 'festival_dates');
    expect(items).toHaveLength(1);
    expect(items[0].message).toMatch(
      /^Fechas Fest \d+ cambia de fechas: ahora \d+ de \p{L}+ de \d{4} - \d+ de \p{L}+ de \d{4}\.$/u,
    );
    expect(items[0].url).toMatch(new RegExp(`^/festival/${festivalId}/fechas-fest-`));
    expect(await bell(stranger)).toEqual([]);

    const before = smtp.received.length;
    await deliver();
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    expect(smtp.received.length).toBe(before + 1);
    expect(mail.envelopeTo).toEqual([fan.user.email]);
    expect(mail.parsed.subject).toMatch(/^Nuevas fechas de Fechas Fest/);
    expect(mail.parsed.text).toContain('cambia de fechas');
    expect(mail.parsed.text).toContain(`https://festivales.test/festival/${festivalId}/`);
    expect(headerOf(mail.parsed, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(headerOf(mail.parsed, 'List-Unsubscribe')).toMatch(
      /^<https:\/\/festivales\.test\/api\/users\/email-unsubscribe\?token=/,
    );
  });

  it('the one-click unsubscribe of an alert stops that kind of email and nothing else', async () => {
    const { fan, edition } = await favouritedFestival('Baja Fest');
    await api('PUT', `/api/admin/editions/${edition.id}`, {
      token: admin.token,
      body: { year: Number(day(64).slice(0, 4)), start_date: day(64), end_date: day(65) },
    });
    const before = smtp.received.length;
    await deliver();
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    const link = new URL(headerOf(mail.parsed, 'List-Unsubscribe')!.slice(1, -1));
    // Opened in a browser, the link changes nothing: it leads to the page that names the kind and asks for the click.
    const opened = await api('GET', link.pathname + link.search);
    expect(opened.status).toBe(303);
    expect(opened.headers.get('location')).toBe(
      `/avisos/baja?token=${encodeURIComponent(link.searchParams.get('token')!)}&tipo=festivals`,
    );
    expect((await api('GET', '/api/users/preferences', { token: fan.token })).json.channels.festivals.email).toBe(true);
    for (const token of [`${fan.user.id}.festivals.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`, '', 'x'.repeat(500)]) {
      const bad = await api('GET', `${link.pathname}?token=${token}`);
      expect(bad.status).toBe(303);
      expect(bad.headers.get('location')).toBe('/avisos/enlace-no-valido');
    }
    const forged = await api(
      'POST',
      `${link.pathname}?token=${fan.user.id}.festivals.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`,
    );
    expect(forged.status).toBe(404);
    expect(forged.json.error).toBe('El enlace de baja no es válido.');
    const res = await api('POST', link.pathname + link.search, {
      body: 'List-Unsubscribe=One-Click',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(200);
    expect(res.json.message).toBe('Listo: no te enviaremos más correos de este tipo. Puedes cambiarlo en tu cuenta.');
    const prefs = await api('GET', '/api/users/preferences', { token: fan.token });
    expect(prefs.json.channels.festivals).toEqual({ inApp: true, email: false, push: true });
    expect(prefs.json.channels.reminders.email).toBe(true);

    await api('PUT', `/api/admin/editions/${edition.id}`, {
      token: admin.token,
      body: { year: Number(day(66).slice(0, 4)), start_date: day(66), end_date: day(67) },
    });
    expect((await bell(fan)).filter((n) => n.type === 'festival_dates')).toHaveLength(2);
    expect(
      await db()
        .select()
        .from(outboxTable)
        .where(and(eq(outboxTable.userId, fan.user.id), eq(outboxTable.status, 'pending'))),
    ).toEqual([]);
  });

  it('a cancellation, lineup additions, tickets on sale and sold out each tell the fan once', async () => {
    const { fan, edition, festivalId } = await favouritedFestival('Todo Fest');
    const year = Number(edition.startDate.slice(0, 4));
    await api('PUT', `/api/admin/editions/${edition.id}/lineup`, {
      token: admin.token,
      body: {
        lineup: [{ artist_name: `Charlotte Prueba ${festivalId}` }, { artist_name: `Amelie Prueba ${festivalId}` }],
      },
    });
    // The same lineup again, and one more name: only the new name is news.
    await api('PUT', `/api/admin/editions/${edition.id}/lineup`, {
      token: admin.token,
      body: {
        lineup: [{ artist_name: `Charlotte Prueba ${festivalId}` }, { artist_name: `Amelie Prueba ${festivalId}` }],
      },
    });
    await api('PUT', `/api/admin/editions/${edition.id}/lineup`, {
      token: admin.token,
      body: {
        lineup: [
          { artist_name: `Charlotte Prueba ${festivalId}` },
          { artist_name: `Amelie Prueba ${festivalId}` },
          { artist_name: `Nina Prueba ${festivalId}` },
        ],
      },
    });
    const tickets = { ticket_url: 'https://tickets.example.com/todo', price_from: 50 };
    await api('PUT', `/api/admin/editions/${edition.id}/tickets`, { token: admin.token, body: tickets });
    await api('PUT', `/api/admin/editions/${edition.id}/tickets`, {
      token: admin.token,
      body: { ...tickets, sold_out: true },
    });
    await api('PUT', `/api/admin/editions/${edition.id}/tickets`, {
      token: admin.token,
      body: { ...tickets, sold_out: true },
    });
    const cancel = { year, start_date: edition.startDate, end_date: edition.endDate, status: 'cancelled' };
    await api('PUT', `/api/admin/editions/${edition.id}`, { token: admin.token, body: cancel });
    await api('PUT', `/api/admin/editions/${edition.id}`, { token: admin.token, body: cancel });

    const items = (await bell(fan)).reverse();
    expect(items.map((n) => n.type)).toEqual(['lineup', 'lineup', 'tickets_on_sale', 'sold_out', 'festival_cancelled']);
    expect(items[0].message).toMatch(
      /^Nuevos artistas en el cartel de Todo Fest \d+: Charlotte Prueba \d+, Amelie Prueba \d+\.$/,
    );
    expect(items[1].message).toMatch(/: Nina Prueba \d+\.$/);
    expect(items[2].message).toMatch(/^Las entradas de Todo Fest \d+ están ya a la venta\.$/);
    expect(items[3].message).toMatch(/se han agotado\.$/);
    expect(items[4].message).toMatch(/se ha cancelado\.$/);
    const rows = await db().select().from(outboxTable).where(eq(outboxTable.userId, fan.user.id));
    expect(rows.map((r) => r.channel)).toEqual(['email', 'email', 'email', 'email', 'email']);
  });

  it('tells nobody about a festival still pending or an edition already over', async () => {
    const pending = await favouritedFestival('Pendiente Fest');
    await db().update(festivalsTable).set({ status: 'pending' }).where(eq(festivalsTable.id, pending.festivalId));
    await api('PUT', `/api/admin/editions/${pending.edition.id}/tickets`, {
      token: admin.token,
      body: { ticket_url: 'https://t.example.com/' },
    });
    const past = await favouritedFestival('Pasado Fest', '2020-05-01', '2020-05-02');
    await api('PUT', `/api/admin/editions/${past.edition.id}/tickets`, {
      token: admin.token,
      body: { ticket_url: 'https://t.example.com/' },
    });
    expect(await bell(pending.fan)).toEqual([]);
    expect(await bell(past.fan)).toEqual([]);
  });

  it("moving the dates in the festival's own form tells the fans too", async () => {
    const { fan, festivalId } = await favouritedFestival('Formulario Fest');
    const form = {
      name: `Formulario Fest ${festivalId}`,
      description: 'x',
      location: 'Bilbao, España',
      start_date: day(70),
      end_date: day(71),
    };
    expect((await api('PUT', `/api/admin/festivals/${festivalId}`, { token: admin.token, body: form })).status).toBe(
      200,
    );
    expect((await bell(fan)).map((n) => n.type)).toEqual(['festival_dates']);
  });
});

describe('reminders', () => {
  it('a week and a day before the start, each once whatever the number of runs', async () => {
    const { fan, festivalId } = await favouritedFestival('Pronto Fest', day(7), day(8));
    const now = new Date();
    await sendReminders(db(), now);
    await sendReminders(db(), now);
    let items = await bell(fan);
    expect(items.map((n) => n.message)).toEqual([expect.stringMatching(/^Pronto Fest \d+ empieza en 7 días \(/)]);
    await sendReminders(db(), new Date(now.getTime() + 6 * 86_400_000));
    await sendReminders(db(), new Date(now.getTime() + 6 * 86_400_000 + 3600_000));
    items = await bell(fan);
    expect(items.map((n) => n.type)).toEqual(['reminder', 'reminder']);
    expect(items[0].message).toMatch(/empieza mañana/);
    expect(items[0].url).toMatch(new RegExp(`^/festival/${festivalId}/`));
    const emails = await db()
      .select()
      .from(outboxTable)
      .where(and(eq(outboxTable.userId, fan.user.id), eq(outboxTable.kind, 'reminder')));
    expect(emails).toHaveLength(2);
  });
});

describe('digest mode', () => {
  it('holds the emails of a user in daily mode and sends them as one message', async () => {
    const { fan, edition } = await favouritedFestival('Resumen Fest');
    expect(
      (await api('PUT', '/api/users/preferences', { token: fan.token, body: { digest: 'daily' } })).json.digest,
    ).toBe('daily');
    await api('PUT', `/api/admin/editions/${edition.id}/tickets`, {
      token: admin.token,
      body: { ticket_url: 'https://t.example.com/r' },
    });
    await api('PUT', `/api/admin/editions/${edition.id}/tickets`, {
      token: admin.token,
      body: { ticket_url: 'https://t.example.com/r', sold_out: true },
    });
    const held = await db()
      .select()
      .from(outboxTable)
      .where(and(eq(outboxTable.userId, fan.user.id), eq(outboxTable.status, 'held')));
    expect(held).toHaveLength(2);
    const before = smtp.received.length;
    await deliver();
    expect(smtp.received.length).toBe(before);

    const morning = new Date();
    morning.setUTCHours(9, 0, 0, 0);
    expect(await sendDigests(db(), morning)).toBeGreaterThanOrEqual(1);
    await sendDigests(db(), new Date(morning.getTime() + 3600_000));
    await deliver();
    const mails = (await smtp.waitFor(before + 1)).slice(before).filter((m) => m.envelopeTo[0] === fan.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].parsed.subject).toBe('Tu resumen diario de Festivales (2)');
    expect(mails[0].parsed.text).toContain('Entradas de Resumen Fest');
    expect(mails[0].parsed.text).toContain('entradas agotadas');
    expect(
      await db().select().from(userPreferencesTable).where(eq(userPreferencesTable.userId, fan.user.id)),
    ).toHaveLength(1);
  });
});

describe('preferences', () => {
  it('need a session, keep what is not sent, and refuse bad bodies in Spanish', async () => {
    expect((await api('GET', '/api/users/preferences')).status).toBe(401);
    const user = await signIn();
    const defaults = await api('GET', '/api/users/preferences', { token: user.token });
    expect(defaults.json.digest).toBe('immediate');
    expect(defaults.json.channels.artists).toEqual({ inApp: true, email: true, push: true });
    const saved = await api('PUT', '/api/users/preferences', {
      token: user.token,
      body: { channels: { artists: { inApp: true, email: false, push: false } } },
    });
    expect(saved.json.channels.artists).toEqual({ inApp: true, email: false, push: false });
    expect(saved.json.channels.festivals.email).toBe(true);
    const other = await signIn();
    expect((await api('GET', '/api/users/preferences', { token: other.token })).json.channels.artists.email).toBe(true);
    for (const body of [
      { digest: 'hourly' },
      { channels: { everything: { inApp: true, email: true, push: true } } },
      { channels: { artists: { inApp: 'yes' } } },
      { colour: 'red' },
    ]) {
      const res = await api('PUT', '/api/users/preferences', { token: user.token, body });
      expect(res.status).toBe(400);
      expect(res.json.error).toMatch(/[áéíóúñ]|debe|Tipo|Campo|clave|no/);
    }
  });

  it('the bell and email obey them per kind', async () => {
    const { fan, edition } = await favouritedFestival('Silencio Fest');
    await api('PUT', '/api/users/preferences', {
      token: fan.token,
      body: { channels: { festivals: { inApp: false, email: false, push: false } } },
    });
    await api('PUT', `/api/admin/editions/${edition.id}/tickets`, {
      token: admin.token,
      body: { ticket_url: 'https://t.example.com/s' },
    });
    expect(await bell(fan)).toEqual([]);
    expect(await db().select().from(notificationsTable).where(eq(notificationsTable.userId, fan.user.id))).toEqual([]);
    expect(await db().select().from(outboxTable).where(eq(outboxTable.userId, fan.user.id))).toEqual([]);
  });
});
