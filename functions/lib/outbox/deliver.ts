import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { Database } from '#db/client';
import { mailSuppressionsTable, outboxTable } from '#db/schema';
import { log } from '../log';
import { HardBounceError } from '../mail/hard-bounce';

/** A transaction of the database (the one that holds a row's lock while it is delivered). */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

export type OutboxRow = typeof outboxTable.$inferSelect;

/** Delivers one mail row; runs inside the transaction that holds the row's lock. */
export type Sender = (row: OutboxRow, tx: Tx) => Promise<void>;
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
  /** A stop: the run claims no row after it (the one being sent finishes and commits). */
  signal?: AbortSignal;
  /** Called after each row's transaction commits. */
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

/**
 * Delivers due mail rows one at a time. Each row is claimed with FOR UPDATE SKIP LOCKED in its own
 * transaction, sent while the lock is held and marked in that same transaction: a worker that dies
 * mid-batch leaves the rows it had not committed pending (the lock goes with its connection) and
 * those it had committed sent, so a restart neither repeats nor skips any; other workers running
 * at the same time skip the locked row instead of waiting for it (decision 030).
 */
export async function deliverDue(database: Database, options: DeliverOptions): Promise<DeliveryStats> {
  const stats: DeliveryStats = { sent: 0, retry: 0, failed: 0, dropped: 0 };
  const limit = options.limit ?? 500;
  const now = options.now ?? (() => new Date());
  const spacingMs = options.perSecond ? 1000 / options.perSecond : 0;
  for (let done = 0; done < limit && !options.signal?.aborted; done++) {
    const started = Date.now();
    const settled = await database.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(outboxTable)
        .where(
          and(
            eq(outboxTable.status, 'pending'),
            lte(outboxTable.nextAttemptAt, now()),
            eq(outboxTable.channel, 'email'),
          ),
        )
        .orderBy(asc(outboxTable.nextAttemptAt), asc(outboxTable.id))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!row) return undefined;
      const outcome = await attempt(tx, row, options.senders, now());
      return { row, outcome };
    });
    if (!settled) break;
    stats[settled.outcome]++;
    options.onSettled?.(settled.row, settled.outcome);
    const wait = spacingMs - (Date.now() - started);
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }
  return stats;
}

async function attempt(tx: Tx, row: OutboxRow, senders: Senders, now: Date): Promise<Outcome> {
  const attempts = row.attempts + 1;
  try {
    await senders.email(row, tx);
    await tx
      .update(outboxTable)
      .set({ status: 'sent', attempts, sentAt: now, lastError: null })
      .where(eq(outboxTable.id, row.id));
    return 'sent';
  } catch (error) {
    const reason = (error as Error).message ?? String(error);
    if (error instanceof HardBounceError) {
      await tx
        .insert(mailSuppressionsTable)
        .values({ email: error.address.toLowerCase(), reason: reason.slice(0, 500) })
        .onConflictDoNothing();
    }
    if (error instanceof HardBounceError || error instanceof UndeliverableError) {
      await tx
        .update(outboxTable)
        .set({ status: 'dropped', attempts, lastError: reason.slice(0, 1000) })
        .where(eq(outboxTable.id, row.id));
      return 'dropped';
    }
    const failed = attempts >= MAX_ATTEMPTS;
    log().warn(
      { outboxId: row.id, eventKey: row.eventKey, channel: row.channel, attempts, reason },
      failed ? 'outbox delivery failed for good' : 'outbox delivery will be retried',
    );
    await tx
      .update(outboxTable)
      .set({
        status: failed ? 'failed' : 'pending',
        attempts,
        lastError: reason.slice(0, 1000),
        nextAttemptAt: new Date(now.getTime() + retryDelayMs(attempts)),
      })
      .where(eq(outboxTable.id, row.id));
    return failed ? 'failed' : 'retry';
  }
}
