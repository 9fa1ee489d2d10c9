import { db } from '../lib/db';
import type { DeliveryStats } from '../lib/outbox/deliver';
import { deliverPushDue } from '../lib/push/push-worker';

/**
 * The OutboxPush cron (infra/outbox.ts), every minute: delivers the due push rows with web-push,
 * its own bundle because web-push and its crypto would take the mail worker's bundle past the
 * megabyte a bundle may weigh. Push services take far more than one message per second, so no
 * rate is set; runs never overlap (reserved concurrency 1). A run claims rows for 30 s and each
 * send ends within 10 s, well inside the function's 50 s.
 */
export async function handler(): Promise<DeliveryStats> {
  return deliverPushDue(await db());
}
