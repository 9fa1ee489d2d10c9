import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '#db/client';
import { outboxTable } from '#db/schema';
import { enqueue } from '../../functions/lib/outbox/enqueue';
import { withDatabaseName } from '../support/global-setup';
import { adminUrl, withDatabase } from '../support/postgres';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp-server';

// Workers in other processes need a database they can reach: the PostgreSQL server every machine runs.
const serverUrl = process.env.DATABASE_URL ?? process.env.PG_TEST_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const workerScript = path.resolve(import.meta.dirname, '../support/outbox-worker.ts');
const tsx = import.meta.resolve('tsx');
const name = `festivales_outbox_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
const url = withDatabaseName(serverUrl, name);
const ROWS = 40;

let smtp: TestSmtpServer;
let handle: DatabaseHandle;

/** One worker process; resolves with how it ended (signal SIGKILL for a crash) and what it printed. */
function runWorker(vars: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['--import', tsx, workerScript], {
    env: { PATH: process.env.PATH ?? '', DATABASE_URL: url, SMTP_URL: smtp.url, LOG_LEVEL: 'silent', ...vars },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const ended = new Promise<{ signal: NodeJS.Signals | null; code: number | null; out: string }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal, out })),
  );
  return { child, ended };
}

const statuses = async () =>
  Object.fromEntries(
    (
      await handle.db
        .select({ status: outboxTable.status, n: sql<number>`count(*)::int` })
        .from(outboxTable)
        .groupBy(outboxTable.status)
    ).map((r) => [r.status, r.n]),
  );

beforeAll(async () => {
  smtp = await startSmtpServer();
  await withDatabase(adminUrl(serverUrl), (client) => client.query(`create database ${name}`));
  handle = await openDatabase({ url, poolSize: 2 });
  await handle.migrate();
  await enqueue(
    handle.db,
    Array.from({ length: ROWS }, (_, i) => ({
      eventKey: 'lineup:crash-test',
      channel: 'email' as const,
      kind: 'test',
      payload: {
        subject: `Nuevo artista en tu festival (${i + 1})`,
        heading: 'Nuevo artista',
        paragraphs: ['Hola.'],
        reason: 'Sigues este festival.',
        unsubscribeUrl: 'https://festivales.test/api/newsletter/unsubscribe?token=t',
      },
      to: { email: `fan${i + 1}@example.com` },
    })),
  );
}, 60_000);

afterAll(async () => {
  await handle?.close();
  await smtp?.close();
  await withDatabase(adminUrl(serverUrl), (client) => client.query(`drop database if exists ${name} with (force)`));
});

describe('outbox workers that crash mid-batch', () => {
  it('never send a message twice and never lose one', async () => {
    // 1. A worker dies right after its 12th row commits.
    const first = await runWorker({ EXIT_AFTER: '12' }).ended;
    expect(first.signal).toBe('SIGKILL');
    expect(smtp.received).toHaveLength(12);
    expect(await statuses()).toEqual({ sent: 12, pending: ROWS - 12 });

    // 2. Another dies in the middle of the SMTP conversation of a message: its row was claimed (the
    //    attempt counted, its next try after the backoff) and is still pending, not sent.
    const second = runWorker();
    let killedAt: string | undefined;
    smtp.onRecipient((address) => {
      if (smtp.received.length === 20 && !killedAt) {
        killedAt = address;
        second.child.kill('SIGKILL');
      }
    });
    expect((await second.ended).signal).toBe('SIGKILL');
    smtp.onRecipient(undefined);
    expect(killedAt).toBeDefined();
    expect(smtp.received.map((m) => m.envelopeTo[0])).not.toContain(killedAt);
    expect(await statuses()).toEqual({ sent: 20, pending: ROWS - 20 });
    const [claimed] = await handle.db.select().from(outboxTable).where(eq(outboxTable.email, killedAt!));
    expect(claimed).toMatchObject({ status: 'pending', attempts: 1 });
    expect(claimed.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    // Its backoff runs out (30 s in real time).
    await handle.db
      .update(outboxTable)
      .set({ nextAttemptAt: sql`now()` })
      .where(eq(outboxTable.id, claimed.id));

    // 3. Two workers restart together and share the rest: SKIP LOCKED keeps them off each other's rows.
    const [a, b] = await Promise.all([runWorker({ PER_SECOND: '50' }).ended, runWorker({ PER_SECOND: '50' }).ended]);
    expect([a.code, b.code]).toEqual([0, 0]);
    const [statsA, statsB] = [JSON.parse(a.out.trim().split('\n').pop()!), JSON.parse(b.out.trim().split('\n').pop()!)];
    expect(statsA.sent + statsB.sent).toBe(ROWS - 20);
    expect(statsA.sent).toBeGreaterThan(0);
    expect(statsB.sent).toBeGreaterThan(0);

    const recipients = smtp.received.map((m) => m.envelopeTo[0]).sort();
    expect(recipients).toEqual(Array.from({ length: ROWS }, (_, i) => `fan${i + 1}@example.com`).sort());
    expect(new Set(smtp.received.map((m) => m.parsed.messageId)).size).toBe(ROWS);
    expect(killedAt && recipients.filter((r) => r === killedAt)).toHaveLength(1);
    expect(await statuses()).toEqual({ sent: ROWS });
    const attempts = await handle.db
      .select({ email: outboxTable.email, attempts: outboxTable.attempts })
      .from(outboxTable)
      .where(eq(outboxTable.status, 'sent'));
    // Every row went out at its first attempt, but the one whose worker died during its send.
    for (const row of attempts) expect(row.attempts).toBe(row.email === killedAt ? 2 : 1);
  }, 120_000);
});
