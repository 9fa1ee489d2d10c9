/**
 * Community figures (issue 3): on a festival with 5,000 comments and 2,000 approved media holding
 * 50,000 votes, GET /api/comments/festival/{id} and GET /api/media/festival/{id} at 50 connections
 * (target p99 <= 30 ms, a constant number of queries per request), and the favourite toggle round
 * trip POST + DELETE /api/favorites/{id} (target p99 <= 15 ms), on PostgreSQL (and PGlite with
 * BENCH_PGLITE=1). Queries per request are counted inside the server process (`--serve`).
 *
 *   npx tsx bench/community.ts      (BENCH_DURATION=10 seconds per load, PG_URL to override)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../db/client';
import { signSession } from '../functions/lib/auth';
import { resetEnv } from '../functions/lib/env';
import { load, percentile, type LoadResult } from './support/measure';
import { startProcess, waitFor200 } from './support/servers';

const duration = Number(process.env.BENCH_DURATION ?? 10);
const pgUrl = process.env.PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PORT = 3320;
const base = `http://127.0.0.1:${PORT}`;
const SESSION_SECRET = 'bench-session-secret-0123456789-abcdefghijklmnop';
const CONNECTIONS = 50;
const USERS = 200;

resetEnv({ SESSION_SECRET });

interface Seeded {
  festivalId: number;
  /** One festival per toggling client, so no two clients fight over the same row. */
  toggleFestivals: number[];
  userIds: number[];
}

/** Bulk seed in SQL: generate_series keeps it to a few seconds on either engine. */
async function seed(database: Database): Promise<Seeded> {
  await database.execute(sql`insert into users (email, name, avatar_url)
    select 'bench' || g || '@festivales.test', 'Persona ' || g, 'https://example.com/a/' || g || '.png' from generate_series(1, ${USERS}) g`);
  await database.execute(sql`insert into festivals (name, dedupe_key, status, location, start_date, end_date)
    select 'Bench ' || g, 'bench ' || g || '|madrid', 'approved', 'Madrid', current_date + g, current_date + g + 1 from generate_series(1, ${CONNECTIONS + 1}) g`);
  const users = await database.execute(sql`select id from users order by id`);
  const festivals = await database.execute(sql`select id from festivals order by id`);
  const userIds = rowsOf<{ id: number }>(users).map((r) => Number(r.id));
  const [festivalId, ...toggleFestivals] = rowsOf<{ id: number }>(festivals).map((r) => Number(r.id));
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
  await database.execute(sql`analyze`);
  return { festivalId, toggleFestivals, userIds };
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

async function prepare(target: 'postgres' | 'pglite') {
  if (target === 'pglite') {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'festivales-community-bench-'));
    const handle = await openDatabase({ dataDir });
    await handle.migrate();
    const seeded = await seed(handle.db);
    await handle.close();
    return { seeded, env: { DATA_DIR: dataDir, DATABASE_URL: '' }, cleanup: async () => rmSync(dataDir, { recursive: true, force: true }) };
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
    env: { DATABASE_URL: url.toString() },
    cleanup: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/** SQL statements the server ran per request, over `n` sequential requests. */
async function queriesPerRequest(n: number, request: (i: number) => Promise<Response>): Promise<number> {
  await fetch(`${base}/__bench/queries`);
  for (let i = 0; i < n; i++) {
    const res = await request(i);
    if (!res.ok) throw new Error(`${res.status} ${await res.text()}`);
    await res.arrayBuffer();
  }
  const { queries } = (await (await fetch(`${base}/__bench/queries`)).json()) as { queries: number };
  // The counting call itself is not a query.
  return queries / n;
}

interface RoundTrips {
  perSecond: number;
  p50: number;
  p99: number;
  failures: number;
}

/** `clients` loops in parallel, each a different user on its own festival: POST then DELETE, timed together. */
async function toggleRoundTrips(tokens: string[], festivals: number[], seconds: number): Promise<RoundTrips> {
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
    p50: Number(percentile(samples, 50).toFixed(2)),
    p99: Number(percentile(samples, 99).toFixed(2)),
    failures,
  };
}

/** The API apps on a loopback port with every SQL statement counted (`--serve`, started by the bench below). */
async function serveCounted() {
  const { serve } = await import('@hono/node-server');
  const { PGlite } = await import('@electric-sql/pglite');
  const { Hono } = await import('hono');
  const { useDatabase } = await import('../functions/lib/db');
  const { env } = await import('../functions/lib/env');
  const { apiApps } = await import('../functions/server/api-apps');
  let queries = 0;
  // Every statement reaches the server through Client#query (the Pool's too) or PGlite#query/#exec.
  const countCalls = <T extends object>(proto: T, method: keyof T) => {
    const original = proto[method] as (...args: unknown[]) => unknown;
    Object.assign(proto, {
      [method](this: unknown, ...args: unknown[]) {
        queries += 1;
        return original.apply(this, args);
      },
    });
  };
  countCalls(pg.Client.prototype, 'query');
  countCalls(PGlite.prototype, 'query');
  countCalls(PGlite.prototype, 'exec');

  const config = env();
  const handle = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
  useDatabase(handle);
  const root = new Hono();
  // Answers the count since the last call and resets it.
  root.get('/__bench/queries', (c) => {
    const count = queries;
    queries = 0;
    return c.json({ queries: count });
  });
  for (const app of apiApps) root.route('/', app);
  serve({ fetch: root.fetch, port: config.PORT, hostname: '127.0.0.1' });
  process.on('SIGTERM', () => {
    void handle.close().finally(() => process.exit(0));
  });
}

const line = (label: string, r: LoadResult, queries: number, target: string) =>
  `  ${label.padEnd(44)} ${String(r.requestsPerSec).padStart(6)} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms  ` +
  `${queries} queries/request  (${target}; errors ${r.errors}, non-2xx ${r.non2xx})`;

async function run(target: 'postgres' | 'pglite') {
  const started = performance.now();
  const { seeded, env, cleanup } = await prepare(target);
  console.log(`\n[${target}] seeded 5,000 comments, 2,000 media, 50,000 votes in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const server = startProcess('node', ['--import', 'tsx', 'bench/community.ts', '--serve'], { ...env, PORT: String(PORT), SESSION_SECRET, NODE_ENV: 'production' });
  try {
    const comments = `/api/comments/festival/${seeded.festivalId}`;
    const media = `/api/media/festival/${seeded.festivalId}`;
    await waitFor200(`${base}${comments}`, 60_000);
    const tokens = await Promise.all(seeded.userIds.slice(0, CONNECTIONS).map((id) => signSession({ id })));
    const bearer = { authorization: `Bearer ${tokens[0]}` };

    const sizes = await Promise.all(
      [comments, media, `${comments}?limit=500`].map(async (p) => {
        const res = await fetch(`${base}${p}`);
        const body = await res.arrayBuffer();
        return `${p}: ${res.headers.get('x-total-count')} total, ${(body.byteLength / 1024).toFixed(0)} KB`;
      }),
    );
    console.log(`  bodies: ${sizes.join('; ')}`);

    const q = {
      comments: await queriesPerRequest(20, () => fetch(`${base}${comments}`)),
      media: await queriesPerRequest(20, () => fetch(`${base}${media}`)),
      mediaSigned: await queriesPerRequest(20, () => fetch(`${base}${media}`, { headers: bearer })),
      toggle: await queriesPerRequest(20, (i) =>
        fetch(`${base}/api/favorites/${seeded.toggleFestivals[0]}`, { method: i % 2 ? 'DELETE' : 'POST', headers: bearer }),
      ),
    };

    const measure = async (p: string, headers?: Record<string, string>) => {
      await load(`${base}${p}`, { connections: 10, duration: 2, headers });
      return load(`${base}${p}`, { connections: CONNECTIONS, duration, headers });
    };
    const listComments = await measure(comments);
    const listMedia = await measure(media);
    const listMediaSigned = await measure(media, bearer);
    const listComments500 = await measure(`${comments}?limit=500`);
    await toggleRoundTrips(tokens, seeded.toggleFestivals, 2);
    const toggle = await toggleRoundTrips(tokens, seeded.toggleFestivals, duration);

    console.log(line('GET /api/comments/festival/{id}', listComments, q.comments, 'p99 <= 30 ms'));
    console.log(line('GET /api/media/festival/{id}', listMedia, q.media, 'p99 <= 30 ms'));
    console.log(line('GET /api/media/festival/{id} (Bearer)', listMediaSigned, q.mediaSigned, '+1 for the token'));
    console.log(line('GET /api/comments/festival/{id}?limit=500', listComments500, q.comments, 'the largest page'));
    console.log(
      `  ${'favourite toggle POST+DELETE round trip'.padEnd(44)} ${String(toggle.perSecond).padStart(6)} trips/s p50 ${toggle.p50} ms  p99 ${toggle.p99} ms  ` +
        `${q.toggle} queries/request  (p99 <= 15 ms; ${CONNECTIONS} clients, failures ${toggle.failures})`,
    );
  } finally {
    await server.stop();
    await cleanup();
  }
}

if (process.argv.includes('--serve')) {
  await serveCounted();
} else {
  console.log(`Festivales community bench — ${duration}s per load, ${CONNECTIONS} connections`);
  await run('postgres');
  if (process.env.BENCH_PGLITE === '1') await run('pglite');
}
