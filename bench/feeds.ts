/**
 * Calendar feed figures: GET /api/feeds/favorites/{token}.ics of users who each favourited 200
 * festivals (lineups of 30 artists in the descriptions), at 50 connections (target p99 <= 30 ms), as calendar programs poll it: with the ETag
 * they hold (If-None-Match, answered 304) and without it (the whole iCalendar body); then the first
 * request of each feed, one client at a time (nothing cached), and the public feed. PostgreSQL
 * server, a database of its own dropped at the end; the API apps in a process of their own (this
 * file with `--serve`), in production mode.
 *
 *   npm run bench -- feeds      (BENCH_DURATION=10 seconds per load, PG_URL to override)
 */
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type Database } from '#db/client';
import { percentile } from './support/measure';
import { postgresCpuBetween, postgresCpuMs } from './support/postgres-cpu';
import { startProcess, waitFor200 } from './support/servers';

const duration = Number(process.env.BENCH_DURATION ?? 10);
const pgUrl = process.env.PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PORT = Number(process.env.BENCH_PORT ?? 4410);
const base = `http://127.0.0.1:${PORT}`;
const CONNECTIONS = 50;
const FAVOURITES = 200;
const FESTIVALS = 1_000;
const USERS = 50;

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** 1,000 approved festivals with descriptions, genres and lineups of 30; 50 users, each with 200 of them (a different 200 each). */
async function seed(database: Database): Promise<string[]> {
  await database.execute(
    sql`insert into genres (name) values ('Techno'), ('House'), ('Trance') on conflict do nothing`,
  );
  await database.execute(sql`insert into festivals (name, dedupe_key, status, location, address, description, website, start_date, end_date)
    select 'Festival ' || g || ', "Edición"; Norte', 'festival ' || g || '|ciudad', 'approved', 'Ciudad ' || g || ', España', 'Recinto ' || g,
      repeat('Tres días de techno y house junto al mar, con escenarios al aire libre y una carpa. ', 4),
      'https://festival' || g || '.example.com', current_date + (g % 300), current_date + (g % 300) + 2
    from generate_series(1, ${FESTIVALS}) g`);
  await database.execute(sql`insert into festival_genres (festival_id, genre_id)
    select f.id, g.id from festivals f join genres g on g.name in ('Techno', case when f.id % 2 = 0 then 'House' else 'Trance' end)`);
  // A lineup of 30 on every festival's current edition (the trigger made one from its dates).
  await database.execute(
    sql`insert into artists (name, slug) select 'Artista ' || g, 'artista-' || g from generate_series(1, 2000) g`,
  );
  await database.execute(sql`insert into lineup_entries (edition_id, artist_id, position, billing)
    select f.current_edition_id, (select min(id) from artists) + (f.id + k * 67) % 2000, k, case when k < 3 then 'headliner' else 'regular' end
    from festivals f cross join generate_series(0, 29) k where f.current_edition_id is not null`);
  await database.execute(
    sql`insert into users (email, name) select 'feed' || g || '@bench.test', 'Persona ' || g from generate_series(1, ${USERS}) g`,
  );
  await database.execute(sql`insert into favorites (user_id, festival_id)
    select u.id, f.id from users u join festivals f on (f.id + u.id * 17) % ${FESTIVALS / FAVOURITES} = 0`);
  await database.execute(sql`insert into feed_tokens (user_id) select id from users`);
  await database.execute(sql`vacuum analyze`);
  const counts = rowsOf<{ n: number }>(
    await database.execute(sql`select count(*)::int as n from favorites group by user_id`),
  );
  if (counts.some((c) => c.n !== FAVOURITES))
    throw new Error(`each user should have ${FAVOURITES} favourites: ${counts.map((c) => c.n).join(', ')}`);
  return rowsOf<{ token: string }>(
    await database.execute(sql`select token::text as token from feed_tokens order by user_id`),
  ).map((r) => r.token);
}

async function serve() {
  const { serve: listen } = await import('@hono/node-server');
  const { Hono } = await import('hono');
  const { useDatabase } = await import('../functions/lib/db');
  const { env } = await import('../functions/lib/env');
  const { apiApps } = await import('../functions/server/api-apps');
  const config = env();
  const handle = await openDatabase({ url: config.DATABASE_URL });
  useDatabase(handle);
  const root = new Hono();
  let cpu = process.cpuUsage();
  // This process's CPU since the previous call: on a shared machine latency measures the neighbours too.
  root.get('/__bench/cpu', (c) => {
    const used = process.cpuUsage(cpu);
    cpu = process.cpuUsage();
    return c.json({ cpuMs: (used.user + used.system) / 1000 });
  });
  for (const app of apiApps) root.route('/', app);
  listen({ fetch: root.fetch, port: config.PORT, hostname: '127.0.0.1' });
  process.on('SIGTERM', () => void handle.close().finally(() => process.exit(0)));
}

const ms = (v: number) => v.toFixed(1).padStart(6);

const serverCpuMs = async () => ((await (await fetch(`${base}/__bench/cpu`)).json()) as { cpuMs: number }).cpuMs;

async function loadOf(
  requests: { path: string; headers?: Record<string, string> }[],
  admin: pg.Client,
  database: string,
) {
  await serverCpuMs();
  const pgBefore = await postgresCpuMs(admin, database);
  const result = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration,
    requests: requests.map((r) => ({ method: 'GET', ...r })),
  });
  const node = await serverCpuMs();
  const postgres = postgresCpuBetween(pgBefore, await postgresCpuMs(admin, database));
  const total = result.requests.total;
  return {
    perSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.errors + result.timeouts + result['4xx'] + result['5xx'],
    cpu: `CPU/req node ${(node / total).toFixed(2)} + pg ${(postgres / total).toFixed(2)} ms`,
  };
}

async function run() {
  const name = `festivales_bench_feeds_${Date.now()}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(pgUrl);
  url.pathname = `/${name}`;
  const started = performance.now();
  const handle = await openDatabase({ url: url.toString() });
  let server: ReturnType<typeof startProcess> | undefined;
  try {
    await handle.migrate();
    const tokens = await seed(handle.db);
    await handle.close();
    console.log(
      `seeded ${FESTIVALS} festivals with lineups of 30 and ${USERS} users with ${FAVOURITES} favourites each ` +
        `in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    server = startProcess('node', ['--import', 'tsx', 'bench/feeds.ts', '--serve'], {
      DATABASE_URL: url.toString(),
      PORT: String(PORT),
      NODE_ENV: 'production',
      SESSION_SECRET: 'bench-session-secret-0123456789-abcdefghijklmnop',
      PUBLIC_BASE_URL: base,
      LOG_LEVEL: 'warn',
    });
    const paths = tokens.map((t) => `/api/feeds/favorites/${t}.ics`);
    await waitFor200(`${base}/api/feeds/festivals.ics`, 60_000);

    // First request of every feed, one client at a time.
    const firsts: number[] = [];
    const etags: string[] = [];
    let bytes = 0;
    let events = 0;
    for (const p of paths) {
      const t0 = performance.now();
      const res = await fetch(`${base}${p}`);
      const body = await res.text();
      firsts.push(performance.now() - t0);
      if (res.status !== 200) throw new Error(`${p}: ${res.status}`);
      etags.push(res.headers.get('etag')!);
      bytes = body.length;
      events = body.split('BEGIN:VEVENT').length - 1;
    }
    console.log(`one feed: ${events} events, ${(bytes / 1024).toFixed(0)} KB; load average ${loadavg()[0].toFixed(1)}`);
    console.log(
      `  first request of each of ${USERS} feeds, 1 client:           p50 ${ms(percentile(firsts, 50))} ms  p99 ${ms(percentile(firsts, 99))} ms`,
    );

    const cases: [string, { path: string; headers?: Record<string, string> }[], string][] = [
      [
        'If-None-Match (calendar poll, 304)',
        paths.map((path, i) => ({ path, headers: { 'if-none-match': etags[i] } })),
        'p99 <= 30 ms',
      ],
      ['whole body (200)', paths.map((path) => ({ path })), 'p99 <= 30 ms'],
      [
        'unknown token (404)',
        paths.map((path) => ({ path: path.replace(/[0-9a-f]{12}\.ics$/, '000000000000.ics') })),
        '',
      ],
    ];
    for (const [label, requests, target] of cases) {
      await autocannon({
        url: base,
        connections: 10,
        duration: 2,
        requests: requests.map((r) => ({ method: 'GET', ...r })),
      });
      const load = loadavg()[0];
      const f = await loadOf(requests, admin, name);
      const failures = label.includes('404') ? 0 : f.failures;
      console.log(
        `  ${`favourites feed, ${label}, ${CONNECTIONS} conn`.padEnd(58)}${String(f.perSecond).padStart(6)} req/s  ` +
          `p50 ${ms(f.p50)} ms  p99 ${ms(f.p99)} ms  ${f.cpu}  load ${load.toFixed(1)}` +
          `${target ? `  [${target}]` : ''}${failures ? `  FAILURES ${failures}` : ''}`,
      );
    }
  } finally {
    await server?.stop();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

if (process.argv.includes('--serve')) {
  await serve();
} else {
  console.log(`Festivales calendar feed bench — ${duration} s per load, client and server on this machine`);
  await run();
}
