import { eq, inArray } from 'drizzle-orm';
import type { Database } from '#db/client';
import { outboxTable, pushSubscriptionsTable } from '#db/schema';
import { log } from '../log';
import { claimDueRow, MAX_ATTEMPTS, retryDelayMs, type OutboxRow, type Outcome } from '../outbox/deliver';
import type { PushDevice, PushResult } from './send-push';

/**
 * Claims the next due push row (claimDueRow: counted, moved past its send, committed before
 * anything is sent) and reads its user's devices in the same short transaction.
 */
export async function claimPushRow(
  database: Database,
  now: Date,
): Promise<{ row: OutboxRow; devices: PushDevice[] } | undefined> {
  return database.transaction(async (tx) => {
    const row = await claimDueRow(tx, 'push', now);
    if (!row) return undefined;
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
    return { row, devices };
  });
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
