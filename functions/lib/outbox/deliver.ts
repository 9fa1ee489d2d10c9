import { and, asc, eq, gte, lt, lte, sql } from 'drizzle-orm';
import type { Database, Executor } from '#db/client';
import { mailSuppressionsTable, outboxTable } from '#db/schema';
import { log } from '../log';
import { HardBounceError } from '../mail/hard-bounce';

/** A transaction of the database (the short one that claims a row). */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

export type OutboxRow = typeof outboxTable.$inferSelect;

/** Delivers one mail row; runs outside any transaction (it reads with `database`, then sends). */
export type Sender = (row: OutboxRow, database: Executor) => Promise<void>;
/** Push rows go out through their own worker (functions/lib/push/push-worker.ts, decision 087). */
export type Senders = { email: Sender };

/** The recipient cannot be reached on this channel (no address, no device, unsubscribed): not retried. */
export class UndeliverableError extends Error {}

/** Attempts before a row is given up as failed; the last waits the longest backoff. */
export const MAX_ATTEMPTS = 8;
const FIRST_RETRY_MS = 30_000;
const LONGEST_RETRY_MS = 6 * 60 * 60 * 1000;

/** Exponential backoff: 30 s, 1 min, 2 min, ... at most 6 h. */
export function retryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), LONGEST_RETRY_MS);
}

export interface DeliverOptions {
  senders: Senders;
  /** Rows to try in this run at most. */
  limit?: number;
  /** Messages per second at most (the provider's sending rate); unlimited when unset. */
  perSecond?: number;
  now?: () => Date;
  /** A stop: the run claims no row after it (the one being sent finishes and is recorded). */
  signal?: AbortSignal;
  /** Longest one send may take (MAIL_SEND_TIMEOUT_MS). */
  sendTimeoutMs?: number;
  /** Called after each row's outcome is recorded. */
  onSettled?: (row: OutboxRow, outcome: Outcome) => void;
}

export type Outcome = 'sent' | 'retry' | 'failed' | 'dropped';
export type DeliveryStats = Record<Outcome, number>;

/** Email rows waiting and due now: what the AWS dispatcher sizes its queue messages by. */
export async function countDueEmails(database: Database, now = new Date()): Promise<number> {
  const [{ due }] = await database
    .select({ due: sql<number>`count(*)::int` })
    .from(outboxTable)
    .where(
      and(eq(outboxTable.status, 'pending'), eq(outboxTable.channel, 'email'), lte(outboxTable.nextAttemptAt, now)),
    );
  return due;
}

/** Longest one message may take, connection and the server's answers included: past it the row is retried. */
export const MAIL_SEND_TIMEOUT_MS = 30_000;

const dueRows = (channel: OutboxRow['channel'], now: Date) =>
  and(eq(outboxTable.status, 'pending'), eq(outboxTable.channel, channel), lte(outboxTable.nextAttemptAt, now));

/**
 * Claims the next due row of a channel in a transaction the caller commits before anything is
 * sent: the attempt is counted now and the row's next try moved past the send, so a send that hangs
 * or a worker that dies holds no lock and no connection, and the row comes back after its backoff.
 * FOR UPDATE SKIP LOCKED keeps workers running at the same time off each other's rows.
 */
export async function claimDueRow(tx: Tx, channel: OutboxRow['channel'], now: Date): Promise<OutboxRow | undefined> {
  const [row] = await tx
    .select()
    .from(outboxTable)
    .where(and(dueRows(channel, now), lt(outboxTable.attempts, MAX_ATTEMPTS)))
    .orderBy(asc(outboxTable.nextAttemptAt), asc(outboxTable.id))
    .limit(1)
    .for('update', { skipLocked: true });
  if (!row) return undefined;
  const attempts = row.attempts + 1;
  await tx
    .update(outboxTable)
    .set({ attempts, nextAttemptAt: new Date(now.getTime() + retryDelayMs(attempts)) })
    .where(eq(outboxTable.id, row.id));
  return { ...row, attempts };
}

/** Rows whose every attempt was claimed and none recorded (workers stopped mid-send each time): given up. */
export async function giveUpUnrecorded(database: Database, channel: OutboxRow['channel'], now: Date): Promise<number> {
  const rows = await database
    .update(outboxTable)
    .set({ status: 'failed', lastError: `Sin resultado tras ${MAX_ATTEMPTS} intentos.` })
    .where(and(dueRows(channel, now), gte(outboxTable.attempts, MAX_ATTEMPTS)))
    .returning({ id: outboxTable.id });
  return rows.length;
}

/**
 * Delivers due mail rows one at a time, as push is (decision 087): each row is claimed in a short
 * transaction that commits, sent outside any transaction with a deadline, and its outcome recorded
 * in another short transaction. A mail server that hangs holds no lock and no connection of the
 * database; a worker that dies mid-send leaves its row to come back after the backoff. The one case
 * that sends twice is a worker dying between the server's acceptance and the record: the message
 * keeps its Message-ID, which mail programs collapse (decision 030).
 */
export async function deliverDue(database: Database, options: DeliverOptions): Promise<DeliveryStats> {
  const stats: DeliveryStats = { sent: 0, retry: 0, failed: 0, dropped: 0 };
  const limit = options.limit ?? 500;
  const now = options.now ?? (() => new Date());
  const spacingMs = options.perSecond ? 1000 / options.perSecond : 0;
  stats.failed += await giveUpUnrecorded(database, 'email', now());
  for (let done = 0; done < limit && !options.signal?.aborted; done++) {
    const started = Date.now();
    const row = await database.transaction((tx) => claimDueRow(tx, 'email', now()));
    if (!row) break;
    const outcome = await attempt(database, row, options.senders, now, options.sendTimeoutMs ?? MAIL_SEND_TIMEOUT_MS);
    stats[outcome]++;
    options.onSettled?.(row, outcome);
    const wait = spacingMs - (Date.now() - started);
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }
  return stats;
}

/** The sender's promise, or a rejection once `ms` have passed (the send itself is left to its own socket limits). */
function withDeadline(send: Promise<void>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`El servidor de correo no respondió en ${ms / 1000} s.`)), ms);
  });
  return Promise.race([send, late]).finally(() => clearTimeout(timer));
}

async function attempt(
  database: Database,
  row: OutboxRow,
  senders: Senders,
  now: () => Date,
  sendTimeoutMs: number,
): Promise<Outcome> {
  const { attempts } = row;
  try {
    await withDeadline(senders.email(row, database), sendTimeoutMs);
    await database
      .update(outboxTable)
      .set({ status: 'sent', sentAt: now(), lastError: null })
      .where(eq(outboxTable.id, row.id));
    return 'sent';
  } catch (error) {
    const reason = (error as Error).message ?? String(error);
    if (error instanceof HardBounceError || error instanceof UndeliverableError) {
      await database.transaction(async (tx) => {
        if (error instanceof HardBounceError)
          await tx
            .insert(mailSuppressionsTable)
            .values({ email: error.address.toLowerCase(), reason: reason.slice(0, 500) })
            .onConflictDoNothing();
        await tx
          .update(outboxTable)
          .set({ status: 'dropped', lastError: reason.slice(0, 1000) })
          .where(eq(outboxTable.id, row.id));
      });
      return 'dropped';
    }
    const failed = attempts >= MAX_ATTEMPTS;
    log().warn(
      { outboxId: row.id, eventKey: row.eventKey, channel: row.channel, attempts, reason },
      failed ? 'outbox delivery failed for good' : 'outbox delivery will be retried',
    );
    await database
      .update(outboxTable)
      .set({
        status: failed ? 'failed' : 'pending',
        lastError: reason.slice(0, 1000),
        nextAttemptAt: new Date(now().getTime() + retryDelayMs(attempts)),
      })
      .where(eq(outboxTable.id, row.id));
    return failed ? 'failed' : 'retry';
  }
}
