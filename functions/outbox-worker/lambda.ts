import { db } from '../lib/db';
import type { DeliveryStats } from '../lib/outbox/deliver';
import { runOutbox } from '../lib/outbox/worker';

/**
 * The Outbox queue's consumer (infra/outbox.ts): each message asks for one run of the worker, the
 * same run the local server does on its interval. Runs never overlap (the consumer's concurrency
 * is 1, so the sending rate holds), and a run cut short by the timeout leaves its uncommitted row
 * pending for the next one.
 */
export async function handler(): Promise<DeliveryStats> {
  // Push rows are the OutboxPush function's (web-push would not fit in this bundle's megabyte).
  return runOutbox(await db());
}
