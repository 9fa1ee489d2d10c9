import { db } from '../lib/db';
import { env } from '../lib/env';
import { OUTBOX_BATCH } from '../lib/outbox/worker';
import { countDueEmails } from '../lib/outbox/deliver';
import { runScheduledAlerts } from '../lib/domain/alerts/scheduled';
import { deliverPendingSetChanges } from '../lib/domain/organizers/set-change-deliveries';
import { watchSources } from '../lib/domain/imports/watcher';

/** The watcher takes no new source after this long in a run (a read lasts 10 s at most; the function 30 s). */
const WATCH_BUDGET_MS = 12_000;

/** Queue messages the dispatcher sends a minute at most: with one consumer at a time, what it can deliver in that minute. */
export const MAX_DISPATCH = 5;

/**
 * The OutboxDispatch cron (infra/outbox.ts), every minute: writes the reminders and digests that are
 * due, then puts one queue message per batch of due rows. A message sent
 * while nothing is due costs a run that finds nothing, so a count decides how many.
 */
export async function handler(): Promise<{ due: number; sent: number }> {
  const database = await db();
  // Reminders and digests first, so the rows they write are counted and go out in this same minute.
  await runScheduledAlerts(database);
  // Live set changes a request left half told (its function stopped mid-way): resumed after the last batch it committed.
  await deliverPendingSetChanges(database);
  // Watched festival pages due for their weekly reading; what the budget leaves waits for the next minute.
  await watchSources(database, { deadline: Date.now() + WATCH_BUDGET_MS });
  const due = await countDueEmails(database);
  const messages = Math.min(Math.ceil(due / OUTBOX_BATCH), MAX_DISPATCH);
  if (!messages) return { due, sent: 0 };
  const { SQSClient, SendMessageBatchCommand } = await import('@aws-sdk/client-sqs');
  const queueUrl = env().OUTBOX_QUEUE_URL;
  if (!queueUrl) throw new Error('OUTBOX_QUEUE_URL is not set: the dispatcher has no queue to write to');
  await new SQSClient({}).send(
    new SendMessageBatchCommand({
      QueueUrl: queueUrl,
      Entries: Array.from({ length: messages }, (_, i) => ({
        Id: String(i),
        MessageBody: JSON.stringify({ run: 'outbox' }),
      })),
    }),
  );
  return { due, sent: messages };
}
