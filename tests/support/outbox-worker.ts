/**
 * One outbox worker in its own process, as the local server or a queue consumer runs it, against
 * DATABASE_URL and SMTP_URL. EXIT_AFTER=n kills the process (SIGKILL, no clean-up) right after its
 * n-th row commits: a crash in the middle of a batch.
 */
import { openDatabase } from '#db/client';
import { runOutbox } from '../../functions/lib/outbox/worker';

const exitAfter = Number(process.env.EXIT_AFTER ?? 0);
const handle = await openDatabase({ url: process.env.DATABASE_URL, poolSize: 2 });
let settled = 0;
const stats = await runOutbox(handle.db, {
  limit: 10_000,
  perSecond: Number(process.env.PER_SECOND ?? 0) || undefined,
  onSettled: () => {
    if (++settled === exitAfter) process.kill(process.pid, 'SIGKILL');
  },
});
await handle.close();
console.log(JSON.stringify(stats));
