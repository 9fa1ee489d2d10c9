/**
 * Community figures: on a festival with 5,000 comments and 2,000 approved media holding
 * 50,000 votes, GET /api/comments/festival/{id} and GET /api/media/festival/{id} at 50 connections
 * (target p99 <= 30 ms, a constant number of queries per request), and the favourite toggle round
 * trip POST + DELETE /api/favorites/{id} (target p99 <= 15 ms). PostgreSQL server by default,
 * PGlite as well with BENCH_PGLITE=1.
 *
 * The server runs in its own process (this file with `--serve`) and counts every SQL statement and
 * its own CPU time; the Postgres backends' CPU comes from /proc. CPU per request is printed next to
 * the latencies because, on a shared 2-core machine, latency mostly measures the neighbours.
 *
 *   npx tsx bench/community.ts      (BENCH_DURATION=10 seconds per load, PG_URL to override)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type Database } from '#db/client';
import { signSession } from '../functions/lib/auth';
import { resetEnv } from '../functions/lib/env';
import { serveCounted } from './support/counted-server';
import { percentile } from './support/measure';
import { postgresCpuBetween, postgresCpuMs } from './support/postgres-cpu';
import { startProcess, waitFor200 } from './support/servers';

const duration = Number(process.env.BENCH_DURATION ?? 10);
const pgUrl = process.env.PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PORT = 3320;
const base = `http://127.0.0.1:${PORT}`;
const SESSION_SECRET = 'bench-session-secret-0123456789-abcdefghijklmnop';
const CONNECTIONS = 50;
const USERS = 200;

resetEnv({ SESSION_SECRET });

// ---------------------------------------------------------------------------------------------
// Data

interface Seeded {
  festivalId: number;
  /** One festival per toggling client, so no two clients fight over the same row. */
  toggleFestivals: number[];
  userIds: number[];
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** Bulk seed in SQL: generate_series keeps it to seconds on either engine. */
async function seed(database: Database): Promise<Seeded> {
  await database.execute(sql`insert into users (email, name, avatar_url)
    select 'bench' || g || '@festivales.test', 'Persona ' || g, 'https://example.com/a/' || g || '.png' from generate_series(1, ${USERS}) g`);
  await database.execute(sql`insert into festivals (name, dedupe_key, status, location, start_date, end_date)
    select 'Bench ' || g, 'bench ' || g || '|madrid', 'approved', 'Madrid', current_date + g, current_date + g + 1
    from generate_series(1, ${CONNECTIONS + 1}) g`);
  const userIds = rowsOf<{ id: number }>(await database.execute(sql`select id from users order by id`)).map((r) =>
    Number(r.id),
  );
  const festivalIds = rowsOf<{ id: number }>(await database.execute(sql`select id from festivals order by id`)).map(
    (r) => Number(r.id),
  );
  const [festivalId, ...toggleFestivals] = festivalIds;
  const firstUser = userIds[0];
  await database.execute(sql`insert into comments (festival_id, user_id, content, rating, status, created_at)
    select ${festivalId}, ${firstUser} + g % ${USERS}, 'Comentario de prueba número ' || g || ': buen sonido, mejor ambiente.',
      1 + g % 5, case when g % 3 = 0 then 'approved' else 'pending' end, now() - make_interval(mins => g)
    from generate_series(1, 5000) g`);
  await database.execute(sql`insert into media (festival_id, user_id, url, caption, status, uploaded_at)
    select ${festivalId}, ${firstUser} + g % ${USERS}, 'https://img.example.com/bench/' || g || '.jpg', 'Foto ' || g, 'approved',
      now() - make_interval(mins => g)
    from generate_series(1, 2000) g`);
  // 25 distinct voters per item: 50,000 votes.
  await database.execute(sql`insert into media_votes (media_id, user_id, rating)
    select m.id, ${firstUser} + (m.id * 7 + k) % ${USERS}, 1 + (m.id + k) % 5
    from media m cross join generate_series(0, 24) k where m.festival_id = ${festivalId}`);
  await database.execute(sql`vacuum analyze`);
  return { festivalId, toggleFestivals, userIds };
}

async function prepare(target: 'postgres' | 'pglite') {
  if (target === 'pglite') {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'festivales-community-bench-'));
    const handle = await openDatabase({ dataDir });
    await handle.migrate();
    const seeded = await seed(handle.db);
    await handle.close();
    return {
      seeded,
      database: null,
      env: { DATA_DIR: dataDir, DATABASE_URL: '' },
      cleanup: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `festivales_community_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(pgUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString() });
  await handle.migrate();
  const seeded = await seed(handle.db);
  await handle.close();
  return {
    seeded,
    database: { name, admin },
    env: { DATABASE_URL: url.toString() },
    cleanup: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The server under test (its own process: this file with `--serve`)

async function serverStats(): Promise<{ queries: number; cpuMs: number }> {
  return (await fetch(`${base}/__bench/stats`)).json() as Promise<{ queries: number; cpuMs: number }>;
}

// ---------------------------------------------------------------------------------------------
// Measurements

interface Figures {
  perSecond: number;
  p50: number;
  p99: number;
  failures: number;
  requests: number;
  queriesPerRequest: number;
  serverCpuMs: number;
  postgresCpuMs: number;
  load: number;
}

async function measured(
  database: { name: string; admin: pg.Client } | null,
  run: () => Promise<Omit<Figures, 'queriesPerRequest' | 'serverCpuMs' | 'postgresCpuMs' | 'load'>>,
): Promise<Figures> {
  const load = loadavg()[0];
  await serverStats();
  const pgBefore = database ? await postgresCpuMs(database.admin, database.name) : new Map<number, number>();
  const result = await run();
  const pgAfter = database ? await postgresCpuMs(database.admin, database.name) : new Map<number, number>();
  const stats = await serverStats();
  return {
    ...result,
    // The stats call itself runs no statement.
    queriesPerRequest: Number((stats.queries / result.requests).toFixed(2)),
    serverCpuMs: Number((stats.cpuMs / result.requests).toFixed(3)),
    postgresCpuMs: Number((postgresCpuBetween(pgBefore, pgAfter) / result.requests).toFixed(3)),
    load,
  };
}

const warmUp = (requestPath: string, headers?: Record<string, string>) =>
  autocannon({ url: `${base}${requestPath}`, connections: 10, duration: 2, headers });

async function getLoad(requestPath: string, headers?: Record<string, string>) {
  const result = await autocannon({ url: `${base}${requestPath}`, connections: CONNECTIONS, duration, headers });
  return {
    perSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.errors + result.non2xx,
    requests: result.requests.total,
  };
}

/** One client at a time, each request a page nobody asked for yet: the cache-miss path. */
async function missLoad(requestPaths: string[]) {
  const samples: number[] = [];
  let failures = 0;
  for (const p of requestPaths) {
    const started = performance.now();
    const res = await fetch(`${base}${p}`);
    await res.arrayBuffer();
    if (!res.ok) failures += 1;
    samples.push(performance.now() - started);
  }
  const total = samples.reduce((a, b) => a + b, 0);
  return {
    perSecond: Math.round((1000 * samples.length) / total),
    p50: percentile(samples, 50),
    p99: percentile(samples, 99),
    failures,
    requests: samples.length,
  };
}

/** `tokens.length` clients in parallel, each a different user on its own festival: POST then DELETE, timed together. */
async function toggleLoad(tokens: string[], festivals: number[], seconds: number) {
  const samples: number[] = [];
  let failures = 0;
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    tokens.map(async (token, i) => {
      const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
      const url = `${base}/api/favorites/${festivals[i]}`;
      while (performance.now() < until) {
        const started = performance.now();
        const added = await fetch(url, { method: 'POST', headers });
        await added.arrayBuffer();
        const removed = await fetch(url, { method: 'DELETE', headers });
        await removed.arrayBuffer();
        if (!added.ok || !removed.ok) failures += 1;
        samples.push(performance.now() - started);
      }
    }),
  );
  return {
    perSecond: Math.round(samples.length / seconds),
    p50: percentile(samples, 50),
    p99: percentile(samples, 99),
    failures,
    requests: samples.length * 2,
  };
}

const ms = (n: number) => n.toFixed(2).padStart(7);

function print(label: string, f: Figures, target: string, unit = 'req/s') {
  console.log(
    `  ${label.padEnd(46)}${String(f.perSecond).padStart(6)} ${unit.padEnd(7)} p50 ${ms(f.p50)} ms  p99 ${ms(f.p99)} ms  ` +
      `${f.queriesPerRequest} queries/req  CPU/req node ${f.serverCpuMs.toFixed(2)} + pg ${f.postgresCpuMs.toFixed(2)} ms  ` +
      `load ${f.load.toFixed(1)}  [${target}${f.failures ? `; FAILURES ${f.failures}` : ''}]`,
  );
}

async function run(target: 'postgres' | 'pglite') {
  const started = performance.now();
  const { seeded, database, env, cleanup } = await prepare(target);
  console.log(
    `\n[${target}] seeded 5,000 comments, 2,000 media, 50,000 votes in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  const server = startProcess('node', ['--import', 'tsx', 'bench/community.ts', '--serve'], {
    ...env,
    PORT: String(PORT),
    SESSION_SECRET,
    NODE_ENV: 'production',
    PUBLIC_BASE_URL: base,
  });
  try {
    const comments = `/api/comments/festival/${seeded.festivalId}`;
    const media = `/api/media/festival/${seeded.festivalId}`;
    await waitFor200(`${base}${comments}`, 60_000);
    const tokens = await Promise.all(
      seeded.userIds.slice(0, CONNECTIONS).map((id) => signSession({ id, sessionVersion: 0 })),
    );
    const bearer = { authorization: `Bearer ${tokens[0]}` };
    for (const p of [comments, media, `${comments}?limit=500`]) {
      const res = await fetch(`${base}${p}`);
      console.log(
        `  ${p}: ${res.headers.get('x-total-count')} in the list, ${((await res.arrayBuffer()).byteLength / 1024).toFixed(0)} KB page`,
      );
    }

    const gets: [string, string, Record<string, string> | undefined, string][] = [
      ['GET /api/comments/festival/{id}', comments, undefined, 'p99 <= 30 ms'],
      ['GET /api/media/festival/{id}', media, undefined, 'p99 <= 30 ms'],
      ['GET /api/media/festival/{id}, Bearer', media, bearer, 'with userRating'],
      ['GET /api/comments/festival/{id}?limit=500', `${comments}?limit=500`, undefined, 'largest page'],
    ];
    for (const [label, requestPath, headers, target] of gets) {
      await warmUp(requestPath, headers);
      print(label, await measured(database, () => getLoad(requestPath, headers)), target);
    }
    const offsets = Array.from({ length: 200 }, (_, i) => 7 + i * 9);
    print(
      '  cache misses: comments, 1 client',
      await measured(database, () => missLoad(offsets.map((o) => `${comments}?offset=${o}`))),
      'every page new',
    );
    print(
      '  cache misses: media, 1 client',
      await measured(database, () => missLoad(offsets.map((o) => `${media}?offset=${o}`))),
      'every page new',
    );
    await toggleLoad(tokens, seeded.toggleFestivals, 2);
    // A closed loop of N clients: at 50 the p99 is mostly queueing behind the other 49.
    for (const clients of [1, 10, CONNECTIONS]) {
      const figures = await measured(database, () =>
        toggleLoad(tokens.slice(0, clients), seeded.toggleFestivals, duration),
      );
      print(
        `favourite toggle POST+DELETE, ${clients} client${clients > 1 ? 's' : ''}`,
        figures,
        'p99 <= 15 ms',
        'trips/s',
      );
    }
  } finally {
    await server.stop();
    await cleanup();
  }
}

if (process.argv.includes('--serve')) {
  await serveCounted();
} else {
  console.log(
    `Festivales community bench — ${duration} s per load, ${CONNECTIONS} connections, client and server on this machine`,
  );
  await run('postgres');
  if (process.env.BENCH_PGLITE === '1') await run('pglite');
}
