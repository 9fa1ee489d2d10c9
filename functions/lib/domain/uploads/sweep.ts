import { and, eq, inArray, lt } from 'drizzle-orm';
import type { Database } from '#db/client';
import { uploadsTable } from '#db/schema';
import { pendingKey } from '../../storage/pending';
import type { Storage } from '../../storage/storage-types';

/** Issued uploads not confirmed within this time are removed, row and bytes, so abandoned or refused uploads do not fill the storage. */
export const UNCONFIRMED_UPLOAD_MAX_AGE_MS = 60 * 60 * 1000;
/** How often the local server sweeps; in AWS the UploadSweep cron's schedule (infra/upload-sweep.ts). */
export const UPLOAD_SWEEP_INTERVAL_MS = 15 * 60 * 1000;

const BATCH = 500;

export interface SweepResult {
  removed: number;
  /** Objects whose deletion failed: their rows are gone, the bucket's expiry rule removes them later. */
  failed: number;
}

/**
 * Removes every upload issued more than an hour ago and never confirmed: its row, then its private
 * bytes. The rows go first, in batches, each batch in one statement: a confirm that comes later
 * finds no upload (404), and one already in progress holds the row locked, so the delete waits and
 * then skips it as confirmed. The presigned URL expired long before (5 minutes), so nothing can be
 * PUT afterwards. Used by the local server's interval and by the UploadSweep Lambda alike.
 */
export async function sweepUnconfirmedUploads(
  database: Database,
  store: Storage,
  now = new Date(),
): Promise<SweepResult> {
  const cutoff = new Date(now.getTime() - UNCONFIRMED_UPLOAD_MAX_AGE_MS);
  const result: SweepResult = { removed: 0, failed: 0 };
  for (;;) {
    const stale = database
      .select({ id: uploadsTable.id })
      .from(uploadsTable)
      .where(and(eq(uploadsTable.status, 'issued'), lt(uploadsTable.createdAt, cutoff)))
      .limit(BATCH);
    const rows = await database
      .delete(uploadsTable)
      .where(and(inArray(uploadsTable.id, stale), eq(uploadsTable.status, 'issued')))
      .returning({ key: uploadsTable.key });
    const deletions = await Promise.allSettled(rows.map((row) => store.delete(pendingKey(row.key))));
    for (const [i, outcome] of deletions.entries()) {
      if (outcome.status === 'rejected')
        console.error('[uploads] sweep could not delete', pendingKey(rows[i].key), outcome.reason);
    }
    result.removed += rows.length;
    result.failed += deletions.filter((d) => d.status === 'rejected').length;
    if (rows.length < BATCH) return result;
  }
}

/**
 * The local server's schedule: a sweep now and every `intervalMs`, never two at once. Errors are
 * logged (a database briefly down must not stop the server); the timer does not keep the process alive.
 */
export function scheduleUploadSweep(
  sweep: () => Promise<SweepResult>,
  intervalMs = UPLOAD_SWEEP_INTERVAL_MS,
): () => void {
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      const { removed, failed } = await sweep();
      if (removed > 0)
        console.log(
          `[uploads] ${removed} subidas sin confirmar eliminadas${failed ? ` (${failed} archivos no se pudieron borrar)` : ''}`,
        );
    } catch (error) {
      console.error('[uploads] sweep failed', error);
    } finally {
      running = false;
    }
  };
  void run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
