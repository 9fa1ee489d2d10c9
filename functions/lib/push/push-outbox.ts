import { and, asc, eq, gte, inArray, lt, lte } from 'drizzle-orm';
import type { Database } from '#db/client';
import { outboxTable, pushSubscriptionsTable } from '#db/schema';
import { log } from '../log';
import { MAX_ATTEMPTS, retryDelayMs, type OutboxRow, type Outcome } from '../outbox/deliver';
import type { PushDevice, PushResult } from './send-push';

const duePush = (now: Date) =>
  and(eq(outboxTable.status, 'pending'), eq(outboxTable.channel, 'push'), lte(outboxTable.nextAttemptAt, now));

/**
 * Claims the next due push row in a short transaction of its own, committed before anything is
 * sent: the attempt is counted now and the row's next try moved past the send, so a send that hangs
 * or a worker that dies holds no lock and no connection, and the row comes back after its backoff
 * (never first in line again at once). Its user's devices are read in the same transaction.
 */
export async function claimPushRow(
  database: Database,
  now: Date,
): Promise<{ row: OutboxRow; devices: PushDevice[] } | undefined> {
  return database.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(outboxTable)
      .where(and(duePush(now), lt(outboxTable.attempts, MAX_ATTEMPTS)))
      .orderBy(asc(outboxTable.nextAttemptAt), asc(outboxTable.id))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!row) return undefined;
    const attempts = row.attempts + 1;
    await tx
      .update(outboxTable)
      .set({ attempts, nextAttemptAt: new Date(now.getTime() + retryDelayMs(attempts)) })
      .where(eq(outboxTable.id, row.id));
    const devices = row.userId
      ? await tx
          .select({
            id: pushSubscriptionsTable.id,
            endpoint: pushSubscriptionsTable.endpoint,
            p256dh: pushSubscriptionsTable.p256dh,
            auth: pushSubscriptionsTable.auth,
          })
          .from(pushSubscriptionsTable)
          .where(eq(pushSubscriptionsTable.userId, row.userId))
      : [];
    return { row: { ...row, attempts }, devices };
  });
}

/** Rows whose every attempt was claimed and none recorded (workers stopped mid-send each time): given up. */
export async function giveUpUnrecordedPush(database: Database, now: Date): Promise<number> {
  const rows = await database
    .update(outboxTable)
    .set({ status: 'failed', lastError: `Sin resultado tras ${MAX_ATTEMPTS} intentos.` })
    .where(and(duePush(now), gte(outboxTable.attempts, MAX_ATTEMPTS)))
    .returning({ id: outboxTable.id });
  return rows.length;
}

/** Records what a send did, in a short transaction after it: the row's state and the devices that are gone. */
export async function recordPush(database: Database, row: OutboxRow, result: PushResult, now: Date): Promise<Outcome> {
  const failed = result.outcome === 'retry' && row.attempts >= MAX_ATTEMPTS;
  const outcome: Outcome = failed ? 'failed' : result.outcome;
  const lastError = result.reason?.slice(0, 1000) ?? null;
  await database.transaction(async (tx) => {
    if (result.gone.length)
      await tx.delete(pushSubscriptionsTable).where(inArray(pushSubscriptionsTable.id, result.gone));
    if (outcome === 'sent')
      await tx
        .update(outboxTable)
        .set({ status: 'sent', sentAt: now, lastError: null })
        .where(eq(outboxTable.id, row.id));
    else if (outcome === 'dropped')
      await tx.update(outboxTable).set({ status: 'dropped', lastError }).where(eq(outboxTable.id, row.id));
    else
      await tx
        .update(outboxTable)
        .set({
          status: failed ? 'failed' : 'pending',
          lastError,
          nextAttemptAt: new Date(now.getTime() + retryDelayMs(row.attempts)),
        })
        .where(eq(outboxTable.id, row.id));
  });
  if (result.gone.length) log().info({ userId: row.userId, dropped: result.gone.length }, 'push subscriptions dropped');
  if (outcome === 'retry' || outcome === 'failed')
    log().warn(
      { outboxId: row.id, eventKey: row.eventKey, channel: 'push', attempts: row.attempts, reason: result.reason },
      failed ? 'outbox delivery failed for good' : 'outbox delivery will be retried',
    );
  return outcome;
}
