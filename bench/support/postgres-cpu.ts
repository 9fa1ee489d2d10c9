import { readFileSync } from 'node:fs';
import type pg from 'pg';

// Linux counts a process's CPU in clock ticks of 10 ms (/proc/<pid>/stat, fields utime and stime).
const CLOCK_TICK_MS = 10;

/**
 * CPU used so far by each Postgres backend serving `database`, in ms by pid. Printed beside the
 * latencies because, on a shared 2-core machine, latency mostly measures the neighbours.
 */
export async function postgresCpuMs(admin: pg.Client, database: string): Promise<Map<number, number>> {
  const byPid = new Map<number, number>();
  const { rows } = await admin.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [
    database,
  ]);
  for (const { pid } of rows) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      byPid.set(pid, (Number(fields[11]) + Number(fields[12])) * CLOCK_TICK_MS);
    } catch {
      // backend gone
    }
  }
  return byPid;
}

/** CPU the backends used between two samples; a backend opened in between counts from zero. */
export const postgresCpuBetween = (before: Map<number, number>, after: Map<number, number>) =>
  [...after].reduce((sum, [pid, ms]) => sum + ms - (before.get(pid) ?? 0), 0);
