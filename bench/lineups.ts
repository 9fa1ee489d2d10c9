/**
 * Festival pages with their lineups and artist pages at real scale: builds the generated catalogue
 * (10,000 festivals with about 30,000 artists and 300,000 lineup entries, the first festival with
 * ten editions of 150 artists) into a fresh PostgreSQL database, serves it with the real server
 * and prints, at 50 connections, the latency of GET /api/festivals/{id}, /api/festivals/{id}/editions
 * and /api/artists/{id}, their body sizes, and the SQL statements each request costs (for a small and
 * the largest festival, a quiet and a busy artist: the same count whatever the size shows there is
 * no query per row). The database is dropped at the end.
 *
 *   npm run bench -- lineups   (BENCH_FESTIVALS=10000, BENCH_COMMENTS=100000, BENCH_VOTES=100000,
 *                               BENCH_DURATION=10 s a load, BENCH_PORT=3330,
 *                               PG_URL=postgres://postgres@127.0.0.1:5432/postgres)
 *
 * BENCH_DB=<name> keeps the database under that name: generated on the first run, migrated and
 * reused by the next ones (to compare two versions of the server on the same data), never dropped.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '#db/client';
import { generateCatalogue } from '#db/seed/generate-catalogue';
import { load, type LoadResult } from './support/measure';
import { startProcess, waitFor200 } from './support/servers';

const size = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const FESTIVALS = size('BENCH_FESTIVALS', 10_000);
const COMMENTS = size('BENCH_COMMENTS', 100_000);
const VOTES = size('BENCH_VOTES', 100_000);
const duration = size('BENCH_DURATION', 10);
const port = size('BENCH_PORT', 3330);
const pgUrl = process.env.PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const base = `http://127.0.0.1:${port}`;
const load1 = () => loadavg()[0].toFixed(1);

async function measure(label: string, paths: string[], target = '  (target p99 <= 20 ms)'): Promise<LoadResult> {
  const headers = { 'accept-encoding': 'gzip' };
  await load(base, { connections: 10, duration: 2, paths, headers, timeoutSeconds: 60 });
  const result = await load(base, { connections: 50, duration, paths, headers, timeoutSeconds: 60 });
  await new Promise((resolve) => setTimeout(resolve, 2000));
  console.log(
    `  ${label.padEnd(52)} ${String(result.requestsPerSec).padStart(6)} req/s  ` +
      `p50 ${String(result.p50).padStart(5)} ms  p99 ${String(result.p99).padStart(5)} ms${target}` +
      `  (load ${load1()}${result.errors || result.non2xx ? `, errors ${result.errors}, non-2xx ${result.non2xx}` : ''})`,
  );
  return result;
}

const kept = process.env.BENCH_DB;
const name = kept ?? `festivales_bench_lineups_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
const admin = new pg.Client({ connectionString: pgUrl });
await admin.connect();
const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount! > 0;
if (!exists) await admin.query(`create database ${name}`);
const url = new URL(pgUrl);
url.pathname = `/${name}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'festivales-bench-lineups-'));
let server: ReturnType<typeof startProcess> | undefined;

/**
 * Statements the API runs for one request, counted in this process: every query of node-postgres
 * goes through Client.prototype.query, so the festivals and artists apps are called here directly
 * (app.request, a warm request first) on the same database with that method counted.
 */
let statements = 0;
const clientQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  statements += 1;
  return (clientQuery as (...a: unknown[]) => unknown).apply(this, args);
} as typeof clientQuery;
async function statementsPerRequest(
  app: { request: (path: string) => Response | Promise<Response> },
  path: string,
): Promise<number> {
  const warm = await app.request(path);
  if (!warm.ok) throw new Error(`${path}: HTTP ${warm.status}`);
  const before = statements;
  await (await app.request(path)).arrayBuffer();
  return statements - before;
}

async function bodySize(path: string): Promise<string> {
  const res = await fetch(base + path, { headers: { 'accept-encoding': 'identity' } });
  return `${((await res.arrayBuffer()).byteLength / 1024).toFixed(1)} KB`;
}

try {
  console.log(
    `Lineups bench: ${FESTIVALS} festivals, ${COMMENTS} comments, ${VOTES} votes on PostgreSQL; ${duration} s a load; load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  const handle = await openDatabase({ url: url.toString(), poolSize: 2, statementTimeoutMs: 0 });
  await handle.migrate();
  const q = async <T>(text: string) => ((await handle.db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;
  if (!exists || (await q<{ n: number }>('select count(*)::int as n from festivals'))[0].n === 0) {
    const made = await generateCatalogue(handle.db, { festivals: FESTIVALS, comments: COMMENTS, votes: VOTES });
    console.log(`generated in ${made.seconds.toFixed(1)} s`);
  } else {
    console.log(`reusing database ${name}`);
  }
  const [counts] = await q<{ artists: number; entries: number; editions: number }>(
    `select (select count(*) from artists)::int as artists, (select count(*) from lineup_entries)::int as entries,
       (select count(*) from festival_editions)::int as editions`,
  );
  console.log(`  ${counts.artists} artists, ${counts.entries} lineup entries, ${counts.editions} editions`);
  const [flagship] = await q<{ id: number; editions: number; entries: number }>(
    `select e.festival_id as id, count(distinct e.id)::int as editions, count(le.id)::int as entries
     from festival_editions e left join lineup_entries le on le.edition_id = e.id
     group by 1 order by 3 desc limit 1`,
  );
  const [current] = await q<{ n: number }>(
    `select count(*)::int as n from lineup_entries le join festivals f on f.current_edition_id = le.edition_id where f.id = ${flagship.id}`,
  );
  const ids = (
    await q<{ id: number }>(
      `select id from festivals where status = 'approved' and id % ${Math.max(1, Math.floor(FESTIVALS / 100))} = 0 order by id`,
    )
  ).map((r) => r.id);
  const busyArtists = await q<{ id: number; n: number }>(
    'select artist_id as id, count(*)::int as n from lineup_entries group by 1 order by 2 desc limit 100',
  );
  const [quiet] = await q<{ id: number; n: number }>(
    'select artist_id as id, count(*)::int as n from lineup_entries group by 1 order by 2 asc limit 1',
  );
  await handle.close();
  console.log(
    `  largest festival ${flagship.id}: ${flagship.editions} editions, ${flagship.entries} lineup entries ` +
      `(${current.n} in its current edition); busiest artist on ${busyArtists[0]?.n} lineups, quietest on ${quiet.n}`,
  );

  // The API in this process, on the bench database, to count its statements.
  process.env.DATABASE_URL = url.toString();
  process.env.LOG_LEVEL = 'silent';
  const { app: festivalsApp } = await import('../functions/festivals/app');
  const { app: artistsApp } = await import('../functions/artists/app');
  console.log(
    "\nSQL statements per request (counted in process, after a warm request; kept answers' versions are checked once a second per process, decision 073):",
  );
  for (const [label, app, p] of [
    ['GET /api/festivals/{small}', festivalsApp, `/api/festivals/${ids[1]}`],
    [`GET /api/festivals/{largest} (${current.n} artists)`, festivalsApp, `/api/festivals/${flagship.id}`],
    ['GET /api/festivals/{small}/editions', festivalsApp, `/api/festivals/${ids[1]}/editions`],
    [
      `GET /api/festivals/{largest}/editions (${flagship.entries} entries)`,
      festivalsApp,
      `/api/festivals/${flagship.id}/editions`,
    ],
    [`GET /api/artists/{quiet} (${quiet.n} lineups)`, artistsApp, `/api/artists/${quiet.id}`],
    [`GET /api/artists/{busiest} (${busyArtists[0]?.n} lineups)`, artistsApp, `/api/artists/${busyArtists[0]!.id}`],
  ] as const) {
    console.log(`  ${label.padEnd(56)} ${await statementsPerRequest(app, p)}`);
  }

  server = startProcess('node', ['--import', 'tsx', 'functions/server/start.ts'], {
    DATABASE_URL: url.toString(),
    DATA_DIR: dataDir,
    PORT: String(port),
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
  });
  const first = await waitFor200(`${base}/api/festivals?limit=1`, 300_000);
  console.log(`\nserver up after ${(first / 1000).toFixed(1)} s`);

  console.log('\nbody sizes (uncompressed):');
  console.log(`  GET /api/festivals/{largest}            ${await bodySize(`/api/festivals/${flagship.id}`)}`);
  console.log(`  GET /api/festivals/{largest}/editions   ${await bodySize(`/api/festivals/${flagship.id}/editions`)}`);
  console.log(`  GET /api/artists/{busiest}              ${await bodySize(`/api/artists/${busyArtists[0]!.id}`)}`);

  console.log(
    `\nat 50 connections, gzip (autocannon, ${duration} s each after a 2 s warm-up, client on the same machine):`,
  );
  await measure('GET /api/festivals/{largest} (150-artist lineup)', [`/api/festivals/${flagship.id}`]);
  await measure(
    `GET /api/festivals/{id}, ${ids.length} ids`,
    ids.map((id) => `/api/festivals/${id}`),
  );
  await measure('GET /api/festivals/{largest}/editions', [`/api/festivals/${flagship.id}/editions`]);
  await measure(
    `GET /api/festivals/{id}/editions, ${ids.length} ids`,
    ids.map((id) => `/api/festivals/${id}/editions`),
  );
  await measure(
    `GET /api/artists/{id}, ${busyArtists.length} busiest`,
    busyArtists.map((a) => `/api/artists/${a.id}`),
  );
  await measure(
    'GET /api/artists?search=',
    ['/api/artists?search=mar', '/api/artists?search=lopez', '/api/artists?search=ana%20g'],
    '',
  );
} finally {
  // The in-process API's pool, before its database goes.
  if (process.env.DATABASE_URL)
    await (
      await import('../functions/lib/db')
    )
      .databaseHandle()
      .then((h) => h.close())
      .catch(() => undefined);
  await server?.stop();
  if (!kept) await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
  rmSync(dataDir, { recursive: true, force: true });
}
// Timers of the in-process API (catalogue cache, outbox) would keep Node alive.
process.exit(process.exitCode ?? 0);
