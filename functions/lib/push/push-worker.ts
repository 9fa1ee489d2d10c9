import type { Database } from '#db/client';
import { giveUpUnrecorded, type DeliveryStats, type OutboxRow, type Outcome } from '../outbox/deliver';
import { claimPushRow, recordPush } from './push-outbox';
import { pushToDevices } from './send-push';

/** Longest a row's sends may take, connection, TLS and answer included: past it they are cut and the row retried. */
export const PUSH_SEND_TIMEOUT_MS = 10_000;
/** Rows sent at the same time: a push service that does not answer holds one lane, the others go on. */
export const PUSH_LANES = 8;
/** No row is claimed after this much of a run; the sends in flight then end within their own limit. */
export const PUSH_RUN_MS = 30_000;
/** Rows one run claims at most. */
export const PUSH_BATCH = 200;

export interface PushRunOptions {
  limit?: number;
  lanes?: number;
  sendTimeoutMs?: number;
  runTimeoutMs?: number;
  /** Shutdown: the sends in flight are cut at once and nothing more is claimed. */
  signal?: AbortSignal;
  now?: () => Date;
  onSettled?: (row: OutboxRow, outcome: Outcome) => void;
}

/**
 * One run of push delivery (decision 087): lanes that each claim a due row (a short transaction,
 * committed), send it to the user's devices outside any transaction or connection, and record the
 * outcome (another short transaction). Every send has a hard deadline and the run a time limit, so a
 * slow or silent endpoint delays its own row only, and a stop never waits for a push service.
 */
export async function deliverPushDue(database: Database, options: PushRunOptions = {}): Promise<DeliveryStats> {
  const stats: DeliveryStats = { sent: 0, retry: 0, failed: 0, dropped: 0 };
  const now = options.now ?? (() => new Date());
  const limit = options.limit ?? PUSH_BATCH;
  const sendTimeoutMs = options.sendTimeoutMs ?? PUSH_SEND_TIMEOUT_MS;
  const runEnds = Date.now() + (options.runTimeoutMs ?? PUSH_RUN_MS);
  const stop = options.signal;
  stats.failed += await giveUpUnrecorded(database, 'push', now());
  let claimed = 0;
  const lane = async () => {
    while (!stop?.aborted && Date.now() < runEnds && claimed < limit) {
      claimed++;
      const next = await claimPushRow(database, now());
      if (!next) return;
      const deadline = sendDeadline(sendTimeoutMs, stop);
      const result = await pushToDevices(next.row, next.devices, deadline.signal).finally(deadline.clear);
      const outcome = await recordPush(database, next.row, result, now());
      stats[outcome]++;
      options.onSettled?.(next.row, outcome);
    }
  };
  await Promise.all(Array.from({ length: options.lanes ?? PUSH_LANES }, lane));
  return stats;
}

function sendDeadline(ms: number, stop: AbortSignal | undefined) {
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(new Error(`El servicio push no respondió en ${ms / 1000} s.`)), ms);
  return {
    signal: stop ? AbortSignal.any([timeout.signal, stop]) : timeout.signal,
    clear: () => clearTimeout(timer),
  };
}
