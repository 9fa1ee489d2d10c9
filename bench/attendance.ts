/**
 * 'Voy' / 'Me interesa' counts under load: BENCH_TOGGLES concurrent changes of state (going,
 * interested, cleared) by BENCH_USERS people on BENCH_FESTIVALS festivals, through the domain's
 * write (the one PUT /api/festivals/{id}/attendance calls), over a pool of BENCH_POOL connections
 * to a PostgreSQL database of its own. Then reads back: the counts the triggers kept must equal
 * the rows, festival by festival. Prints the toggles per second and the p50/p99 of one toggle.
 *
 *   npx tsx bench/attendance.ts          (10,000 toggles, 2,000 people, 5 festivals, pool 20; PG_URL to override)
 *   BENCH_TOGGLES=500 npx tsx bench/attendance.ts
 */
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { openDatabase } from '#db/client';
import type { AttendanceStatus } from '#core/together-schemas';
import { setAttendance } from '../functions/lib/domain/attendance/attendance';
import { createScratchDatabase } from './support/scratch-database';
import { percentile } from './support/measure';

const TOGGLES = Number(process.env.BENCH_TOGGLES ?? 10_000);
const USERS = Number(process.env.BENCH_USERS ?? 2_000);
const FESTIVALS = Number(process.env.BENCH_FESTIVALS ?? 5);
const POOL = Number(process.env.BENCH_POOL ?? 20);

const scratch = await createScratchDatabase('attendance');
const handle = await openDatabase({ url: scratch.url, poolSize: POOL });
const database = handle.db;
let failed = false;

try {
  await handle.migrate();
  await database.execute(
    sql`insert into users (email, name) select 'a' || g || '@bench.test', 'Persona ' || g from generate_series(1, ${USERS}) g`,
  );
  await database.execute(sql`insert into festivals (name, dedupe_key, status, start_date)
    select 'Bench ' || g, 'bench ' || g || '|', 'approved', current_date + g from generate_series(1, ${FESTIVALS}) g`);
  const festivals = (
    (await database.execute(sql`select id from festivals order by id`)) as unknown as { rows: { id: number }[] }
  ).rows.map((r) => Number(r.id));
  const users = (
    (await database.execute(sql`select id from users order by id`)) as unknown as { rows: { id: number }[] }
  ).rows.map((r) => Number(r.id));
  const states: (AttendanceStatus | null)[] = ['going', 'interested', null];

  const latencies: number[] = [];
  const started = performance.now();
  // As many in flight as the pool has connections (more would only wait for one, and time out).
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < TOGGLES; i = next++) {
      const id = users[(i * 7919) % users.length];
      const user = { id, name: 'Persona', email: `${id}@bench.test`, avatar_url: null, role: 'user' as const };
      const t0 = performance.now();
      await setAttendance(database, user, festivals[(i * 31) % festivals.length], states[(i * 13) % 3]);
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: POOL }, worker));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);

  const rows = (
    (await database.execute(sql`select f.id,
        coalesce(c.going_count, 0) as kept_going, coalesce(c.interested_count, 0) as kept_interested,
        (select count(*) from festival_attendance a where a.festival_id = f.id and a.status = 'going')::int as going,
        (select count(*) from festival_attendance a where a.festival_id = f.id and a.status = 'interested')::int as interested
      from festivals f left join festival_attendance_counts c on c.festival_id = f.id order by f.id`)) as unknown as {
      rows: { id: number; kept_going: number; kept_interested: number; going: number; interested: number }[];
    }
  ).rows;
  console.log(`${TOGGLES.toLocaleString('en')} toggles by ${USERS} people on ${FESTIVALS} festivals, pool ${POOL}`);
  console.log(
    `${(TOGGLES / seconds).toFixed(0)} toggles/s; one toggle p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms `,
  );
  for (const r of rows) {
    const ok = Number(r.kept_going) === Number(r.going) && Number(r.kept_interested) === Number(r.interested);
    if (!ok) failed = true;
    console.log(
      `festival ${r.id}: kept ${r.kept_going} van / ${r.kept_interested} interesados, rows ${r.going} / ${r.interested} ${ok ? 'OK' : 'MISMATCH'}`,
    );
  }
  console.log(
    `load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
} finally {
  await handle.close();
  await scratch.drop();
}
if (failed) process.exit(1);
