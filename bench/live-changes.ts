/**
 * A set changed on the day, on a festival where BENCH_PICKERS people (10,000 by default) picked that
 * set in 'Mi horario', every one with a push device:
 *   1. the organiser's request (the change, its history, then the fan-out in batches before it
 *      answers): how long until every bell notification is written and every push queued;
 *   2. a second change whose delivery worker (a process of its own) is killed with SIGKILL in the
 *      middle of its batches, then started again: how long in all, and that nobody is told twice
 *      or missed (notifications and push rows per person, counted in the database);
 *   3. an organiser's edit of the festival seen on the lists and the festival page of a server
 *      running on this database: milliseconds from the answer of the write to the first read that
 *      shows it (the same freshness rule as an admin's edit).
 * PostgreSQL (PG_URL), a database of its own dropped at the end.
 *
 *   npm run bench -- live-changes      (BENCH_PICKERS=10000, BENCH_BATCH=2000)
 */
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { openDatabase } from '#db/client';
import { createScratchDatabase } from './support/scratch-database';
import { withWebServer } from './support/web-server';
import { changeSet } from '../functions/lib/domain/organizers/live-changes';
import { resetEnv } from '../functions/lib/env';

const PICKERS = Number(process.env.BENCH_PICKERS ?? 10_000);
const BATCH = Number(process.env.BENCH_BATCH ?? 2000);
const ORGANIZER = { id: 1, role: 'user' as const };
const SECRET = 'bench-session-secret-0123456789-0123456789';

if (process.argv[2] === '--worker') {
  // The delivery worker alone, as the local server's interval or the AWS cron runs it.
  const { deliverPendingSetChanges } = await import('../functions/lib/domain/organizers/set-change-deliveries');
  const handle = await openDatabase({ url: process.argv[3], poolSize: 2 });
  await deliverPendingSetChanges(handle.db, Number(process.argv[4]));
  await handle.close();
  process.exit(0);
}

const scratch = await createScratchDatabase('live');
const handle = await openDatabase({ url: scratch.url, poolSize: 4 });
const database = handle.db;
const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await database.execute(query)) as unknown as { rows: T[] }).rows;
const one = async (query: ReturnType<typeof sql>) => Number((await rows<{ n: string }>(query))[0].n);

/** Per-person counts of one change's bell lines and push rows: everyone once, nobody twice. */
async function told(changeId: number) {
  const key = `set-change:${changeId}`;
  return {
    bell: await one(sql`select count(*) as n from notifications where event_key = ${key}`),
    bellPeople: await one(sql`select count(distinct user_id) as n from notifications where event_key = ${key}`),
    push: await one(sql`select count(*) as n from outbox where event_key = ${key} and channel = 'push'`),
    pushPeople: await one(
      sql`select count(distinct user_id) as n from outbox where event_key = ${key} and channel = 'push'`,
    ),
  };
}

try {
  await handle.migrate();
  const seeded = performance.now();
  const today = new Date().toISOString().slice(0, 10);
  await database.execute(
    sql`insert into users (email, name) select 'p' || g || '@bench.test', 'Persona ' || g from generate_series(1, ${PICKERS} + 1) g`,
  );
  await database.execute(
    sql`insert into festivals (name, dedupe_key, status, location, start_date, end_date, latitude, longitude, website)
        values ('Bench Directo', 'bench directo|valencia', 'approved', 'Valencia, España', ${today}, ${today}, 39.47, -0.38, 'https://bench.test/')`,
  );
  const [{ festival, edition }] = await rows<{ festival: number; edition: number }>(
    sql`select f.id as festival, e.id as edition from festivals f join festival_editions e on e.festival_id = f.id`,
  );
  await database.execute(sql`insert into festival_organizers (festival_id, user_id) values (${festival}, 1)`);
  await database.execute(
    sql`insert into artists (name, slug) values ('Bench Artista', 'bench-artista'), ('Bench Otra', 'bench-otra')`,
  );
  await database.execute(
    sql`insert into lineup_entries (edition_id, artist_id, position, stage, starts_at, ends_at)
        select ${edition}, a.id, row_number() over (order by a.id) - 1, 'Principal', now() + interval '3 hours', now() + interval '4 hours' from artists a`,
  );
  const entries = await rows<{ id: number }>(sql`select id from lineup_entries order by position`);
  await database.execute(
    sql`insert into timetables (user_id, festival_id, picks)
        select id, ${festival}, ${`{${entries.map((e) => e.id).join(',')}}`}::int[] from users where id > 1`,
  );
  await database.execute(
    sql`insert into push_subscriptions (user_id, endpoint, p256dh, auth)
        select id, 'https://push.bench.test/' || id, repeat('B', 87), repeat('a', 22) from users where id > 1`,
  );
  console.log(
    `${PICKERS} people picked the set, each with a push device: seeded in ${Math.round(performance.now() - seeded)} ms`,
  );

  // 1. The organiser's request: the change, then every batch before it answers.
  const started = performance.now();
  const change = await changeSet(database, ORGANIZER, entries[0].id, { status: 'delayed', delay_minutes: 30 });
  const requestMs = Math.round(performance.now() - started);
  const first = await told(change.id);
  console.log(
    `delay of one set, in the request: ${requestMs} ms until ${first.bell} bell notifications written and ${first.push} pushes queued` +
      ` (${first.bellPeople} and ${first.pushPeople} people; batches of ${BATCH}; target: all ${PICKERS} within 60,000 ms)`,
  );

  // 2. A delivery left to the worker, killed mid-batch and started again.
  await database.execute(sql`alter table set_change_deliveries disable trigger all`);
  const second = await database.transaction(async (tx) => {
    // The change as a request that stopped right after committing it: its delivery untouched.
    const [row] = await rows<{ id: number }>(
      sql`select id from festival_changes where action = 'live' order by id desc limit 1`,
    );
    const [copy] = (
      (await tx.execute(
        sql`insert into festival_changes (festival_id, actor_id, actor_role, entity, entity_id, action, fields, before, after)
            select festival_id, actor_id, actor_role, entity, ${entries[1].id}, action, fields, before,
              jsonb_set(after, '{artist}', '"Bench Otra"') from festival_changes where id = ${row.id} returning id`,
      )) as unknown as { rows: { id: number }[] }
    ).rows;
    await tx.execute(
      sql`insert into set_change_deliveries (change_id, festival_id, lineup_entry_id) values (${copy.id}, ${festival}, ${entries[1].id})`,
    );
    return copy.id;
  });
  await database.execute(sql`alter table set_change_deliveries enable trigger all`);
  const worker = () =>
    spawn('node', ['--import', 'tsx', fileURLToPath(import.meta.url), '--worker', scratch.url, String(BATCH)], {
      stdio: 'inherit',
    });
  const workerStarted = performance.now();
  const doomed = worker();
  // Killed once its first batch committed (the cursor moved), while the next ones run.
  for (;;) {
    const [{ cursor }] = await rows<{ cursor: number }>(
      sql`select cursor from set_change_deliveries where change_id = ${second}`,
    );
    if (cursor > 0) break;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  doomed.kill('SIGKILL');
  await new Promise((resolve) => doomed.once('exit', resolve));
  const atKill = await told(second);
  const restarted = performance.now();
  const again = worker();
  await new Promise((resolve) => again.once('exit', resolve));
  const workerMs = Math.round(performance.now() - workerStarted);
  const restartMs = Math.round(performance.now() - restarted);
  const after = await told(second);
  console.log(
    `worker killed mid-batch (${atKill.bell} people told when it died) and started again: ${workerMs} ms in all ` +
      `(the second process ${restartMs} ms, its start included), ` +
      `${after.bell} bell notifications for ${after.bellPeople} people, ${after.push} pushes for ${after.pushPeople} people ` +
      `(${after.bell === PICKERS && after.bellPeople === PICKERS && after.push === PICKERS ? 'everyone once, nobody twice' : 'WRONG COUNTS'})`,
  );

  // 3. An organiser's edit, seen on the lists and the festival page of a running server.
  await withWebServer(
    async (base) => {
      const { signSession } = await import('../functions/lib/auth');
      // The session is signed with the server's secret, as its sign-in would.
      resetEnv({ SESSION_SECRET: SECRET });
      const [{ session_version: version }] = await rows<{ session_version: number }>(
        sql`select session_version from users where id = 1`,
      );
      const token = await signSession({ id: 1, sessionVersion: version });
      // A genre: the lists' cards show genres (not the description), the festival page both.
      const text = `Género ${Date.now().toString(36)}`;
      const written = performance.now();
      const res = await fetch(`${base}/api/organizer/festivals/${festival}`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
        body: JSON.stringify({ genres: ['Techno', text], transportation: text }),
      });
      if (!res.ok) throw new Error(`PUT: ${res.status} ${await res.text()}`);
      const answered = performance.now();
      const shows = async (path: string) => {
        const t0 = performance.now();
        while (!(await (await fetch(`${base}${path}`)).text()).includes(text)) {
          if (performance.now() - t0 > 30_000) throw new Error(`${path} never showed the edit`);
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        return Math.round(performance.now() - answered);
      };
      const seen = {
        list: await shows('/api/festivals'),
        page: await shows(`/api/festivals/${festival}`),
        cards: await shows(`/api/festivals/page?search=${encodeURIComponent('Bench Directo')}&upcoming=false`),
      };
      console.log(
        `organiser's edit (${Math.round(answered - written)} ms to answer), seen after: list ${seen.list} ms, festival page ${seen.page} ms, ` +
          `cards ${seen.cards} ms (target: within 2,000 ms)`,
      );
    },
    { env: { DATABASE_URL: scratch.url, SESSION_SECRET: SECRET } },
  );
  console.log(
    `load average: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
} finally {
  await handle.close();
  await scratch.drop();
}
