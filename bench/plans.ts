/**
 * A plan with friends at its largest: GET /api/plans/{id} for a plan of 20 members with 30 picks
 * each (plenty of clashes) on a festival of 150 timed sets, with 5 meeting points, asked by every
 * member in turn at 50 connections (target p99 <= 20 ms). PostgreSQL server, a database of its own
 * dropped at the end; the API apps in a process of their own (this file with `--serve`), in
 * production mode, request log off.
 *
 *   npx tsx bench/plans.ts          (BENCH_DURATION=10 seconds, PG_URL to override)
 */
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type Database } from '#db/client';
import { startProcess, waitFor200 } from './support/servers';

const duration = Number(process.env.BENCH_DURATION ?? 10);
const pgUrl = process.env.PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PORT = Number(process.env.BENCH_PORT ?? 4420);
const base = `http://127.0.0.1:${PORT}`;
const SESSION_SECRET = 'bench-session-secret-0123456789-abcdefghijklmnop';
const CONNECTIONS = 50;
const MEMBERS = 20;
const PICKS = 30;
const SETS = 150;

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** One festival with 150 sets over 3 days on 5 stages, 20 people who picked 30 each, their plan. */
async function seed(database: Database): Promise<{ planId: number; users: number[] }> {
  await database.execute(sql`insert into festivals (name, dedupe_key, status, location, start_date, end_date, latitude, longitude)
    values ('Festival del Plan', 'festival del plan|', 'approved', 'Valencia, España', '2031-07-10', '2031-07-12', 39.47, -0.38)`);
  const [festival] = rowsOf<{ id: number; edition: number }>(
    await database.execute(sql`select id, current_edition_id as edition from festivals limit 1`),
  );
  await database.execute(
    sql`insert into artists (name, slug) select 'Artista ' || g, 'artista-' || g from generate_series(1, ${SETS}) g`,
  );
  // 10 one-hour slots a day, 5 stages, 3 days; each slot overlaps the next by half an hour.
  await database.execute(sql`insert into lineup_entries (edition_id, artist_id, position, stage, day, starts_at, ends_at)
    select ${festival.edition}, a.id, a.n, 'Escenario ' || (a.n % 5 + 1), date '2031-07-10' + (a.n / 50),
      timestamptz '2031-07-10 16:00:00+00' + make_interval(days => a.n / 50, mins => ((a.n % 50) / 5) * 30),
      timestamptz '2031-07-10 17:00:00+00' + make_interval(days => a.n / 50, mins => ((a.n % 50) / 5) * 30)
    from (select id, row_number() over (order by id)::int - 1 as n from artists) a`);
  await database.execute(
    sql`insert into users (email, name) select 'plan' || g || '@bench.test', 'Persona ' || g from generate_series(1, ${MEMBERS}) g`,
  );
  await database.execute(sql`insert into timetables (user_id, festival_id, picks)
    select u.id, ${festival.id}, (select array_agg(le.id order by le.id) from (
      select id from lineup_entries where edition_id = ${festival.edition} order by (id * 7 + u.id * 13) % ${SETS} limit ${PICKS}) le)
    from users u`);
  const [owner] = rowsOf<{ id: number }>(await database.execute(sql`select min(id) as id from users`));
  const [plan] = rowsOf<{ id: number }>(
    await database.execute(sql`insert into plans (festival_id, edition_id, owner_id, name)
      values (${festival.id}, ${festival.edition}, ${owner.id}, 'Los del techno') returning id`),
  );
  await database.execute(sql`insert into plan_members (plan_id, user_id) select ${plan.id}, id from users`);
  await database.execute(sql`insert into plan_meeting_points (plan_id, user_id, note)
    select ${plan.id}, id, 'Punto ' || id from users order by id limit 5`);
  await database.execute(sql`vacuum analyze`);
  const users = rowsOf<{ id: number }>(await database.execute(sql`select id from users order by id`)).map((u) =>
    Number(u.id),
  );
  return { planId: Number(plan.id), users };
}

async function run() {
  const name = `festivales_bench_plans_${Date.now()}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(pgUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString() });
  let server: ReturnType<typeof startProcess> | undefined;
  try {
    await handle.migrate();
    const { planId, users } = await seed(handle.db);
    await handle.close();
    const { resetEnv } = await import('../functions/lib/env');
    resetEnv({ SESSION_SECRET });
    const { signSession } = await import('../functions/lib/auth');
    const tokens = await Promise.all(users.map((id) => signSession({ id, sessionVersion: 0 })));
    server = startProcess('node', ['--import', 'tsx', 'bench/support/serve-api.ts', '.'], {
      DATABASE_URL: url.toString(),
      PORT: String(PORT),
      NODE_ENV: 'production',
      SESSION_SECRET,
      PUBLIC_BASE_URL: base,
      LOG_LEVEL: 'warn',
    });
    await waitFor200(`${base}/api/festivals?limit=1`, 60_000);
    const path = `/api/plans/${planId}`;
    const first = await fetch(`${base}${path}`, { headers: { Authorization: `Bearer ${tokens[0]}` } });
    const body = (await first.json()) as { members: unknown[]; clashes: unknown[]; sets: unknown[] };
    if (first.status !== 200) throw new Error(`${path}: ${first.status}`);
    console.log(
      `plan: ${body.members.length} members, ${body.sets.length} picked sets, ${body.clashes.length} clashes; ` +
        `${(JSON.stringify(body).length / 1024).toFixed(0)} KB`,
    );
    const requests = tokens.map((token) => ({
      method: 'GET' as const,
      path,
      headers: { authorization: `Bearer ${token}` },
    }));
    await autocannon({ url: base, connections: 10, duration: 2, requests });
    const one = await autocannon({ url: base, connections: 1, duration: 2, requests });
    console.log(`GET /api/plans/{id}, 1 conn: p50 ${one.latency.p50} ms  p99 ${one.latency.p99} ms`);
    const load = loadavg()[0];
    const result = await autocannon({ url: base, connections: CONNECTIONS, duration, requests });
    const failures = result.errors + result.timeouts + result['4xx'] + result['5xx'];
    console.log(
      `GET /api/plans/{id}, ${CONNECTIONS} conn: ${Math.round(result.requests.average)} req/s  ` +
        `p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms  load ${load.toFixed(1)}  [p99 <= 20 ms]` +
        (failures ? `  FAILURES ${failures}` : ''),
    );
  } finally {
    await server?.stop();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

await run();
