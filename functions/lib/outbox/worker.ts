import type { Database } from '#db/client';
import { env } from '../env';
import { deliverDue, type DeliverOptions, type DeliveryStats } from './deliver';
import { defaultSenders } from './senders';

/** How often the local server looks for due rows; on AWS the dispatcher cron (infra/outbox.ts) runs every minute. */
export const OUTBOX_INTERVAL_MS = 5_000;
/** Rows one run (one local tick, one queue message on AWS) delivers at most. */
export const OUTBOX_BATCH = 200;

/** One run of the worker with the configured channels and sending rate. */
export function runOutbox(database: Database, options: Partial<DeliverOptions> = {}): Promise<DeliveryStats> {
  return deliverDue(database, {
    senders: defaultSenders(),
    perSecond: env().MAIL_PER_SECOND,
    limit: OUTBOX_BATCH,
    ...options,
  });
}
