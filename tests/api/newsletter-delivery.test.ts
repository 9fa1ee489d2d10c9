import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { festivalsTable, newsletterSubscriptionsTable, outboxTable } from '#db/schema';
import { resetEnv } from '../../functions/lib/env';
import { resetMailTransport } from '../../functions/lib/mail/transport';
import { deliverDue } from '../../functions/lib/outbox/deliver';
import { defaultSenders } from '../../functions/lib/outbox/senders';
import { api, db, signIn, signInAdmin } from '../support/api';
import { headerOf, startSmtpServer, type TestSmtpServer } from '../support/smtp-server';

let smtp: TestSmtpServer;
let address = 0;
const from = () => ({ 'X-Forwarded-For': `198.51.100.${++address}` });
const deliver = () => deliverDue(db(), { senders: defaultSenders() });

/** Subscribes, delivers the confirmation and returns what arrived. */
async function subscribeAndReadConfirmation(email: string) {
  const before = smtp.received.length;
  expect((await api('POST', '/api/newsletter/subscribe', { body: { email }, headers: from() })).status).toBe(200);
  await deliver();
  const [mail] = (await smtp.waitFor(before + 1)).slice(before);
  return mail;
}

const linkIn = (text: string, path: string) =>
  new URL(new RegExp(`https?://[^\\s>]+${path.replace('?', '\\?')}[^\\s>]+`).exec(text)![0]);

beforeAll(async () => {
  smtp = await startSmtpServer();
  resetEnv({ SMTP_URL: smtp.url, PUBLIC_BASE_URL: 'https://festivales.test' });
});

afterAll(async () => {
  resetEnv({ SMTP_URL: undefined, PUBLIC_BASE_URL: undefined });
  await resetMailTransport();
  await smtp.close();
});

describe('newsletter double opt-in', () => {
  const byEmail = async (email: string) =>
    (await db().select().from(newsletterSubscriptionsTable).where(eq(newsletterSubscriptionsTable.email, email)))[0];

  it('mails a link that leads to a page, whose button confirms the address once', async () => {
    const mail = await subscribeAndReadConfirmation('marta@example.com');
    expect(mail.envelopeTo).toEqual(['marta@example.com']);
    expect(mail.parsed.subject).toBe('Confirma tu suscripción a la newsletter de Festivales');
    expect(headerOf(mail.parsed, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const link = linkIn(mail.parsed.text!, '/api/newsletter/confirm?token=');
    expect(link.origin).toBe('https://festivales.test');
    const token = link.searchParams.get('token')!;
    const before = await byEmail('marta@example.com');
    expect(before.confirmedAt).toBeNull();
    // The confirmation token is not the unsubscribe one (that one is in every message).
    expect(token).not.toBe(before.token);

    // What a mail scanner does: opening the link changes nothing.
    const get = await api('GET', link.pathname + link.search);
    expect(get.status).toBe(303);
    expect(get.headers.get('location')).toBe(`/newsletter/confirmar?token=${token}`);
    expect((await byEmail('marta@example.com')).confirmedAt).toBeNull();

    const post = await api('POST', link.pathname + link.search);
    expect(post.status).toBe(200);
    expect(post.json.message).toBe('¡Suscripción confirmada! Recibirás la newsletter una vez al mes.');
    expect((await byEmail('marta@example.com')).confirmedAt).toBeInstanceOf(Date);
    const again = await api('POST', link.pathname + link.search);
    expect(again.status).toBe(404);
  });

  it('does not confirm with the unsubscribe token', async () => {
    const mail = await subscribeAndReadConfirmation('scanner@example.com');
    const unsubscribe = linkIn(headerOf(mail.parsed, 'List-Unsubscribe')!, '/api/newsletter/unsubscribe?token=');
    const res = await api('POST', `/api/newsletter/confirm?token=${unsubscribe.searchParams.get('token')}`);
    expect(res.status).toBe(404);
    expect((await byEmail('scanner@example.com')).confirmedAt).toBeNull();
  });

  it('refuses a link older than 7 days, and a new subscription mails a new link', async () => {
    const first = await subscribeAndReadConfirmation('tarde@example.com');
    const old = linkIn(first.parsed.text!, '/api/newsletter/confirm?token=');
    await db()
      .update(newsletterSubscriptionsTable)
      .set({ confirmExpiresAt: sql`now() - interval '1 minute'` })
      .where(eq(newsletterSubscriptionsTable.email, 'tarde@example.com'));
    const expired = await api('POST', old.pathname + old.search);
    expect(expired.status).toBe(404);
    expect(expired.json.error).toBe(
      'El enlace no es válido, ya se usó o ha caducado (dura 7 días). Suscríbete de nuevo desde el pie de página.',
    );
    expect((await byEmail('tarde@example.com')).confirmedAt).toBeNull();

    const second = await subscribeAndReadConfirmation('tarde@example.com');
    const fresh = linkIn(second.parsed.text!, '/api/newsletter/confirm?token=');
    expect(fresh.searchParams.get('token')).not.toBe(old.searchParams.get('token'));
    expect((await api('POST', fresh.pathname + fresh.search)).status).toBe(200);
    expect((await byEmail('tarde@example.com')).confirmedAt).toBeInstanceOf(Date);
  });

  it('sends no second confirmation when an unconfirmed address subscribes again within the week', async () => {
    await subscribeAndReadConfirmation('again@example.com');
    const before = smtp.received.length;
    await api('POST', '/api/newsletter/subscribe', { body: { email: 'AGAIN@example.com' }, headers: from() });
    await deliver();
    expect(smtp.received.length).toBe(before);
  });

  it('answers a link that is not ours with 404 and a reason, never a 500', async () => {
    for (const token of ['nope', '00000000-0000-4000-8000-000000000000', '']) {
      const res = await api('POST', `/api/newsletter/confirm?token=${token}`);
      expect(res.status).toBe(404);
      expect(res.json.code).toBe('invalid_token');
    }
  });
});

describe('one-click unsubscribe', () => {
  it('a GET only leads to the page; the POST mail programs send removes the address', async () => {
    const mail = await subscribeAndReadConfirmation('baja@example.com');
    const link = linkIn(headerOf(mail.parsed, 'List-Unsubscribe')!, '/api/newsletter/unsubscribe?token=');
    const token = link.searchParams.get('token')!;
    const get = await api('GET', link.pathname + link.search);
    expect(get.status).toBe(303);
    expect(get.headers.get('location')).toBe(`/newsletter/baja?token=${token}`);
    expect(
      await db()
        .select()
        .from(newsletterSubscriptionsTable)
        .where(eq(newsletterSubscriptionsTable.email, 'baja@example.com')),
    ).toHaveLength(1);
    const post = await api('POST', link.pathname + link.search, {
      body: 'List-Unsubscribe=One-Click',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(post.status).toBe(200);
    expect(post.json.message).toBe('Te has dado de baja de la newsletter. No volverás a recibirla.');
    expect(
      await db()
        .select()
        .from(newsletterSubscriptionsTable)
        .where(eq(newsletterSubscriptionsTable.email, 'baja@example.com')),
    ).toHaveLength(0);
    const again = await api('POST', link.pathname + link.search);
    expect(again.status).toBe(404);
    expect(again.json.error).toBe('El enlace no es válido o ya se usó.');
  });
});

describe('monthly digest from the admin panel', () => {
  it('is for admins only', async () => {
    const user = await signIn();
    for (const [method, path] of [
      ['GET', '/api/admin/newsletter'],
      ['GET', '/api/admin/newsletter/digest/preview'],
      ['POST', '/api/admin/newsletter/digest'],
    ]) {
      expect((await api(method, path)).status).toBe(401);
      expect((await api(method, path, { token: user.token })).status).toBe(403);
    }
  });

  it('counts subscribers, previews the catalogue and sends to confirmed addresses only, once a month', async () => {
    const admin = await signInAdmin();
    const nextMonth = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() + 1, 12))
      .toISOString()
      .slice(0, 10);
    await db().insert(festivalsTable).values({
      name: 'Digest Fest',
      dedupeKey: 'digest fest|test',
      status: 'approved',
      location: 'Valencia',
      startDate: nextMonth,
      endDate: nextMonth,
    });
    const confirmed = await subscribeAndReadConfirmation('confirmada@example.com');
    const confirmLink = linkIn(confirmed.parsed.text!, '/api/newsletter/confirm?token=');
    expect((await api('POST', confirmLink.pathname + confirmLink.search)).status).toBe(200);
    await subscribeAndReadConfirmation('sin-confirmar@example.com');

    const counts = await api('GET', '/api/admin/newsletter', { token: admin.token });
    const [{ n: total }] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(newsletterSubscriptionsTable);
    expect(counts.json.subscribers).toBe(total);
    expect(counts.json.confirmed + counts.json.pending).toBe(total);
    expect(counts.json.confirmed).toBeGreaterThanOrEqual(1);

    const preview = await api('GET', '/api/admin/newsletter/digest/preview', { token: admin.token });
    expect(preview.status).toBe(200);
    expect(preview.json.html).toContain('Digest Fest');
    expect(preview.json.text).toContain('Digest Fest');

    const sent = await api('POST', '/api/admin/newsletter/digest', { token: admin.token });
    expect(sent.json.queued).toBe(counts.json.confirmed);
    const before = smtp.received.length;
    await deliver();
    const digests = (await smtp.waitFor(before + counts.json.confirmed)).slice(before);
    const to = digests.map((m) => m.envelopeTo[0]);
    expect(to).toContain('confirmada@example.com');
    expect(to).not.toContain('sin-confirmar@example.com');
    const mine = digests.find((m) => m.envelopeTo[0] === 'confirmada@example.com')!;
    expect(mine.parsed.text).toContain('Digest Fest');
    const [row] = await db()
      .select()
      .from(newsletterSubscriptionsTable)
      .where(eq(newsletterSubscriptionsTable.email, 'confirmada@example.com'));
    expect(headerOf(mine.parsed, 'List-Unsubscribe')).toBe(
      `<https://festivales.test/api/newsletter/unsubscribe?token=${row.token}>`,
    );

    const twice = await api('POST', '/api/admin/newsletter/digest', { token: admin.token });
    expect(twice.json.queued).toBe(0);
    expect(await db().select().from(outboxTable).where(eq(outboxTable.kind, 'newsletter-digest'))).toHaveLength(
      counts.json.confirmed,
    );
  });
});
