/**
 * Foundation figures (issue "Foundation"): GET /api/festivals at 50 connections against bare
 * node:http with the same bytes, GET /api/festivals/{id} p99, and `npm start` to first 200 on an
 * existing data directory. Seed + 2,000 generated approved festivals, on PGlite and PostgreSQL.
 *
 *   npx tsx bench/festivals.ts            (BENCH_DURATION=10 seconds per load, PG_URL to override)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '#db/client';
import { seedIfEmpty } from '../functions/lib/seed-catalogue';
import { addGeneratedFestivals } from './support/catalog-data';
import { load } from './support/measure';
import { fetchRaw, repoRoot, startBareServer, startProcess, waitFor200 } from './support/servers';

const duration = Number(process.env.BENCH_DURATION ?? 10);
const pgUrl = process.env.PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const API_PORT = 3310;
const BARE_PORT = 3311;

async function prepare(target: 'pglite' | 'postgres') {
  if (target === 'pglite') {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'festivales-bench-'));
    const handle = await openDatabase({ dataDir });
    await handle.migrate();
    await seedIfEmpty(handle.db);
    const ids = await addGeneratedFestivals(handle.db, 2000);
    await handle.close();
    return {
      env: { DATA_DIR: dataDir, DATABASE_URL: '' },
      ids,
      cleanup: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `festivales_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(pgUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString() });
  await handle.migrate();
  await seedIfEmpty(handle.db);
  const ids = await addGeneratedFestivals(handle.db, 2000);
  await handle.close();
  return {
    env: { DATABASE_URL: url.toString(), DATA_DIR: mkdtempSync(path.join(tmpdir(), 'festivales-bench-')) },
    ids,
    cleanup: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

async function run(target: 'pglite' | 'postgres') {
  const { env, ids, cleanup } = await prepare(target);
  const server = startProcess('node', ['--import', 'tsx', 'functions/server/start.ts'], {
    ...env,
    PORT: String(API_PORT),
  });
  try {
    await waitFor200(`http://127.0.0.1:${API_PORT}/api/festivals`, 120_000);
    const body = Buffer.from(await (await fetch(`http://127.0.0.1:${API_PORT}/api/festivals`)).arrayBuffer());
    const count = JSON.parse(body.toString()).length;
    const bare = await startBareServer(body, BARE_PORT);
    // Warm both, then measure each alone.
    await load(`http://127.0.0.1:${API_PORT}/api/festivals`, { connections: 10, duration: 2 });
    const ours = await load(`http://127.0.0.1:${API_PORT}/api/festivals`, { connections: 50, duration });
    const ceiling = await load(`http://127.0.0.1:${BARE_PORT}/`, { connections: 50, duration });
    await bare.close();
    // The same with gzip, as every browser asks for it: the bare server sends our gzip bytes.
    const gzipHeaders = { 'accept-encoding': 'gzip' };
    const gzBody = await fetchRaw(`http://127.0.0.1:${API_PORT}/api/festivals`, gzipHeaders);
    const bareGz = await startBareServer(gzBody, BARE_PORT, 'gzip');
    const oursGz = await load(`http://127.0.0.1:${API_PORT}/api/festivals`, {
      connections: 50,
      duration,
      headers: gzipHeaders,
    });
    const ceilingGz = await load(`http://127.0.0.1:${BARE_PORT}/`, { connections: 50, duration, headers: gzipHeaders });
    await bareGz.close();
    const detailPaths = ids.filter((_, i) => i % 20 === 0).map((id) => `/api/festivals/${id}`);
    await load(`http://127.0.0.1:${API_PORT}`, { connections: 10, duration: 2, paths: detailPaths });
    const detail = await load(`http://127.0.0.1:${API_PORT}`, { connections: 50, duration, paths: detailPaths });
    console.log(`\n[${target}] ${count} festivals, list body ${(body.length / 1024).toFixed(0)} KB`);
    console.log(
      `  GET /api/festivals      ${ours.requestsPerSec} req/s  p50 ${ours.p50} ms  p99 ${ours.p99} ms  (errors ${ours.errors}, non-2xx ${ours.non2xx})`,
    );
    console.log(
      `  bare node:http          ${ceiling.requestsPerSec} req/s  p50 ${ceiling.p50} ms  p99 ${ceiling.p99} ms`,
    );
    console.log(
      `  ratio                   ${((100 * ours.requestsPerSec) / ceiling.requestsPerSec).toFixed(0)}% of bare (target >= 40%), p99 target <= 50 ms`,
    );
    console.log(`  with gzip (${(gzBody.length / 1024).toFixed(0)} KB on the wire):`);
    console.log(
      `  GET /api/festivals      ${oursGz.requestsPerSec} req/s  p50 ${oursGz.p50} ms  p99 ${oursGz.p99} ms  (non-2xx ${oursGz.non2xx})`,
    );
    console.log(
      `  bare node:http          ${ceilingGz.requestsPerSec} req/s  p50 ${ceilingGz.p50} ms  p99 ${ceilingGz.p99} ms`,
    );
    console.log(
      `  ratio                   ${((100 * oursGz.requestsPerSec) / ceilingGz.requestsPerSec).toFixed(0)}% of bare`,
    );
    console.log(
      `  GET /api/festivals/{id} ${detail.requestsPerSec} req/s  p50 ${detail.p50} ms  p99 ${detail.p99} ms  (target p99 <= 20 ms, non-2xx ${detail.non2xx})`,
    );
  } finally {
    await server.stop();
  }
  if (target === 'pglite') {
    // `npm start` on the existing data directory, to the first 200 of the home and of the API.
    const started = performance.now();
    const again = startProcess('npm', ['start'], { ...env, PORT: String(API_PORT) });
    try {
      await waitFor200(`http://127.0.0.1:${API_PORT}/`, 30_000);
      const home = performance.now() - started;
      await waitFor200(`http://127.0.0.1:${API_PORT}/api/festivals`, 30_000);
      console.log(
        `  npm start -> first 200  ${(home / 1000).toFixed(2)} s (home), ${((performance.now() - started) / 1000).toFixed(2)} s (API list)  (target <= 5 s)`,
      );
    } finally {
      await again.stop();
    }
  }
  await cleanup();
}

console.log(`Festivales foundation bench — ${duration}s per load, repo ${repoRoot}`);
await run('pglite');
await run('postgres');
