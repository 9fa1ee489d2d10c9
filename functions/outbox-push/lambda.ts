import { db } from '../lib/db';
import type { DeliveryStats } from '../lib/outbox/deliver';
import { deliverDue } from '../lib/outbox/deliver';
import { sendPushRow } from '../lib/push/send-push';

/** Rows one run delivers at most (the mail worker's batch). */
const PUSH_BATCH = 200;

/**
 * The OutboxPush cron (infra/outbox.ts), every minute: delivers the due push rows with web-push,
 * its own bundle because web-push and its crypto would take the mail worker's bundle past the
 * megabyte a bundle may weigh. Push services take far more than one message per second, so no
 * rate is set; runs never overlap (reserved concurrency 1).
 */
export async function handler(): Promise<DeliveryStats> {
  return deliverDue(await db(), {
    senders: {
      push: sendPushRow,
      email: async () => Promise.reject(new Error('El correo no se envía desde esta función.')),
    },
    channels: ['push'],
    limit: PUSH_BATCH,
  });
}
