import { createServer, type AddressInfo } from 'node:net';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mailSuppressionsTable, outboxTable, type OutboxPayload } from '#db/schema';
import { resetEnv } from '../../functions/lib/env';
import { resetMailTransport } from '../../functions/lib/mail/transport';
import { MAX_ATTEMPTS, countDueEmails, deliverDue, retryDelayMs } from '../../functions/lib/outbox/deliver';
import { enqueue } from '../../functions/lib/outbox/enqueue';
import { defaultSenders } from '../../functions/lib/outbox/senders';
import { db } from '../support/api';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp-server';

let smtp: TestSmtpServer;
let n = 0;

const payload = (subject: string): OutboxPayload => ({
  subject,
  heading: subject,
  paragraphs: ['Hola.'],
  reason: 'Recibes este correo porque lo pediste.',
  unsubscribeUrl: 'https://festivales.test/api/newsletter/unsubscribe?token=t',
});

async function enqueueMail(email: string, subject = `Aviso ${++n}`) {
  const eventKey = `test:${n}:${email}`;
  await enqueue(db(), [{ eventKey, channel: 'email', kind: 'test', payload: payload(subject), to: { email } }]);
  const [row] = await db().select().from(outboxTable).where(eq(outboxTable.eventKey, eventKey));
  return row;
}

const rowById = async (id: number) => (await db().select().from(outboxTable).where(eq(outboxTable.id, id)))[0];

beforeAll(async () => {
  smtp = await startSmtpServer();
  resetEnv({ SMTP_URL: smtp.url });
});

afterEach(async () => {
  await resetMailTransport();
  resetEnv({ SMTP_URL: smtp.url });
  // Rows a test left due would be delivered by the next one.
  await db().update(outboxTable).set({ status: 'failed' }).where(eq(outboxTable.status, 'pending'));
});

afterAll(async () => {
  resetEnv({ SMTP_URL: undefined });
  await resetMailTransport();
  await smtp.close();
});

describe('outbox', () => {
  it('counts the emails due now, which is what the dispatcher sizes its queue messages by', async () => {
    const due = await enqueueMail('due@example.com');
    const later = await enqueueMail('later@example.com');
    const sent = await enqueueMail('sent@example.com');
    await db()
      .update(outboxTable)
      .set({ nextAttemptAt: new Date(Date.now() + 60_000) })
      .where(eq(outboxTable.id, later.id));
    await db().update(outboxTable).set({ status: 'sent' }).where(eq(outboxTable.id, sent.id));
    expect(await countDueEmails(db())).toBe(1);
    expect(await countDueEmails(db(), new Date(Date.now() + 120_000))).toBe(2);
    expect(due.channel).toBe('email');
  });

  it('delivers a due row by mail once and marks it sent', async () => {
    const row = await enqueueMail('ana@example.com', 'Tu festival cambia de fechas');
    const before = smtp.received.length;
    const stats = await deliverDue(db(), { senders: defaultSenders() });
    expect(stats.sent).toBe(1);
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    expect(mail.envelopeTo).toEqual(['ana@example.com']);
    expect(mail.parsed.subject).toBe('Tu festival cambia de fechas');
    expect(mail.parsed.messageId).toBe(`<outbox-${row.id}@festivales>`);
    expect(await rowById(row.id)).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    // A second run finds nothing due.
    expect((await deliverDue(db(), { senders: defaultSenders() })).sent).toBe(0);
    expect(smtp.received.length).toBe(before + 1);
  });

  it('writes one row per event and recipient however often the event is written', async () => {
    const to = { email: 'Twice@Example.com' };
    const message = {
      eventKey: 'test:twice',
      channel: 'email' as const,
      kind: 'test',
      payload: payload('Una vez'),
      to,
    };
    await enqueue(db(), [message]);
    await enqueue(db(), [message, { ...message, to: { email: 'twice@example.com' } }]);
    const rows = await db().select().from(outboxTable).where(eq(outboxTable.eventKey, 'test:twice'));
    expect(rows).toHaveLength(1);
    expect(rows[0].recipient).toBe('e:twice@example.com');
  });

  it('writes nothing when the change that caused the event rolls back', async () => {
    await expect(
      db().transaction(async (tx) => {
        await enqueue(tx, [
          {
            eventKey: 'test:rolled-back',
            channel: 'email',
            kind: 'test',
            payload: payload('No'),
            to: { email: 'x@example.com' },
          },
        ]);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await db().select().from(outboxTable).where(eq(outboxTable.eventKey, 'test:rolled-back'))).toHaveLength(0);
  });

  it('retries with growing waits while the mail server is down, then gives up', async () => {
    resetEnv({ SMTP_URL: 'smtp://127.0.0.1:1' });
    await resetMailTransport();
    const row = await enqueueMail('retry@example.com');
    let clock = new Date();
    expect((await deliverDue(db(), { senders: defaultSenders(), now: () => clock })).retry).toBe(1);
    let stored = await rowById(row.id);
    expect(stored).toMatchObject({ status: 'pending', attempts: 1 });
    expect(stored.lastError).toBeTruthy();
    expect(stored.nextAttemptAt.getTime() - clock.getTime()).toBe(retryDelayMs(1));
    // Not due yet: nothing is tried.
    expect((await deliverDue(db(), { senders: defaultSenders(), now: () => clock })).retry).toBe(0);
    for (let attempt = 2; attempt <= MAX_ATTEMPTS; attempt++) {
      clock = new Date(stored.nextAttemptAt.getTime() + 1);
      await deliverDue(db(), { senders: defaultSenders(), now: () => clock });
      stored = await rowById(row.id);
      expect(stored.attempts).toBe(attempt);
    }
    expect(retryDelayMs(2)).toBe(2 * retryDelayMs(1));
    expect(stored.status).toBe('failed');
  });

  it('holds no transaction while a mail server does not answer, and gives the send a deadline', async () => {
    // A server that accepts the connection and never greets: the send waits on it.
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      resetEnv({ SMTP_URL: `smtp://127.0.0.1:${(silent.address() as AddressInfo).port}` });
      await resetMailTransport();
      const row = await enqueueMail('waiting@example.com');
      const order: string[] = [];
      const run = deliverDue(db(), { senders: defaultSenders(), sendTimeoutMs: 1500 }).then((stats) => {
        order.push('delivery');
        return stats;
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      // The row itself can be written meanwhile: no lock, no open transaction holds it.
      await db().update(outboxTable).set({ kind: 'test-written' }).where(eq(outboxTable.id, row.id));
      order.push('write');
      expect((await run).retry).toBe(1);
      expect(order).toEqual(['write', 'delivery']);
      const stored = await rowById(row.id);
      expect(stored).toMatchObject({ status: 'pending', attempts: 1, kind: 'test-written' });
      expect(stored.lastError).toBe('El servidor de correo no respondió en 1.5 s.');
    } finally {
      silent.close();
    }
  });

  it('drops a hard-bouncing address and sends it nothing more', async () => {
    smtp.refuse('gone@example.com');
    const first = await enqueueMail('gone@example.com');
    expect((await deliverDue(db(), { senders: defaultSenders() })).dropped).toBe(1);
    expect(await rowById(first.id)).toMatchObject({ status: 'dropped', attempts: 1 });
    expect(
      await db().select().from(mailSuppressionsTable).where(eq(mailSuppressionsTable.email, 'gone@example.com')),
    ).toHaveLength(1);
    const before = smtp.received.length;
    const second = await enqueueMail('Gone@example.com');
    expect((await deliverDue(db(), { senders: defaultSenders() })).dropped).toBe(1);
    expect((await rowById(second.id)).status).toBe('dropped');
    expect(smtp.received.length).toBe(before);
  });

  it('leaves held rows for the digest', async () => {
    await enqueue(db(), [
      {
        eventKey: 'test:held',
        channel: 'email',
        kind: 'test',
        payload: payload('Después'),
        to: { email: 'held@example.com' },
        held: true,
      },
    ]);
    expect((await deliverDue(db(), { senders: defaultSenders() })).sent).toBe(0);
    const rows = await db()
      .select()
      .from(outboxTable)
      .where(inArray(outboxTable.eventKey, ['test:held']));
    expect(rows.map((r) => r.status)).toEqual(['held']);
  });
});
