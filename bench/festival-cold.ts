/**
 * A festival nobody opened before: GET /api/festivals/{id} for ids of the catalogue in a random
 * order, each asked once, at 50 connections, against the server as `npm start` runs it (request
 * log on). Measured on this build and, when BENCH_BASELINE names another checkout of the
 * repository (a worktree of an older commit, its node_modules linked), on that one side by side:
 * both servers run together and the rounds alternate, so both see the same machine.
 *
 *   npx tsx bench/festival-cold.ts                       (PGlite: BENCH_DATA_DIR, a data dir holding the generated
 *                                                          catalogue, copied once per server; or DATABASE_URL, PostgreSQL)
 *   BENCH_BASELINE=/tmp/main npx tsx bench/festival-cold.ts
 *   BENCH_ROUNDS=3 BENCH_REQUESTS=3000 BENCH_PORT=3360
 *
 * The target (issue "Fast by design"): p99 <= 50 ms on PGlite, <= 20 ms on PostgreSQL. Each round
 * asks for ids no round asked before, so every answer is a cold one.
 */
import { Agent, request } from 'node:http';
import { loadavg } from 'node:os';
import path from 'node:path';
import { percentile } from './support/measure';
import { repoRoot, startProcess, waitFor200 } from './support/servers';
import { databaseFor } from './support/side-by-side';

const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const perRound = Number(process.env.BENCH_REQUESTS ?? 2000);
const connections = 50;
const basePort = Number(process.env.BENCH_PORT ?? 3360);
const dataDir = process.env.BENCH_DATA_DIR;
const databaseUrl = process.env.DATABASE_URL;
const baseline = process.env.BENCH_BASELINE;
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

if (!dataDir && !databaseUrl) {
  console.error('Set BENCH_DATA_DIR (PGlite data dir with the generated catalogue) or DATABASE_URL (PostgreSQL).');
  process.exit(1);
}

/** `ids` asked once each over `connections` kept-alive connections; latencies in ms. */
async function coldRun(port: number, ids: number[]) {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const latencies: number[] = [];
  let next = 0;
  let failures = 0;
  const started = performance.now();
  const one = (id: number) =>
    new Promise<void>((resolve) => {
      const t0 = performance.now();
      const req = request(
        { host: '127.0.0.1', port, path: `/api/festivals/${id}`, agent, headers: { 'accept-encoding': 'gzip' } },
        (res) => {
          res.resume();
          res.on('end', () => {
            if (res.statusCode !== 200) failures += 1;
            latencies.push(performance.now() - t0);
            resolve();
          });
        },
      );
      req.on('error', () => {
        failures += 1;
        resolve();
      });
      req.end();
    });
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (next < ids.length) await one(ids[next++]);
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  return {
    perSecond: Math.round(ids.length / seconds),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    failures,
  };
}

const sides = [{ name: 'this build', root: repoRoot, port: basePort }];
if (baseline) sides.push({ name: `baseline ${path.basename(baseline)}`, root: baseline, port: basePort + 1 });
console.log(
  `Cold festival answers on ${dataDir ? 'PGlite' : 'PostgreSQL'}: ${rounds} rounds of ${perRound} ids each, ${connections} connections; load average ${load()}`,
);
const running: { stop: () => Promise<void>; drop: () => Promise<void> }[] = [];
try {
  const started = [];
  for (const side of sides) {
    const database = await databaseFor(side.name === 'this build' ? 'new' : 'old', { dataDir, databaseUrl });
    const server = startProcess(
      'node',
      ['--import', 'tsx', path.join(repoRoot, 'bench/support/serve-api.ts'), side.root],
      {
        ...database.env,
        PORT: String(side.port),
        NODE_ENV: 'development',
        LOG_LEVEL: 'info',
      },
    );
    running.push({ stop: server.stop, drop: database.drop });
    started.push(side);
  }
  for (const side of started) {
    const ms = await waitFor200(`http://127.0.0.1:${side.port}/api/festivals/page?limit=1`, 600_000);
    console.log(`  ${side.name}: up, first list after ${(ms / 1000).toFixed(1)} s`);
  }
  const client = await fetch(`http://127.0.0.1:${basePort}/api/festivals`);
  const all = ((await client.json()) as { id: number }[]).map((f) => f.id);
  for (let i = all.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [all[i], all[j]] = [all[j], all[i]];
  }
  console.log(`  ${all.length} approved festivals; each round asks ${perRound} of them no round asked before`);
  for (let round = 0; round < rounds; round++) {
    const ids = all.slice(round * perRound, (round + 1) * perRound);
    if (ids.length === 0) break;
    // Alternate which side goes first, so neither always meets the other's leftovers.
    const order = round % 2 === 0 ? sides : [...sides].reverse();
    for (const side of order) {
      const r = await coldRun(side.port, ids);
      console.log(
        `  round ${round + 1}  ${side.name.padEnd(24)} ${String(r.perSecond).padStart(6)} req/s  p50 ${r.p50.toFixed(1).padStart(7)} ms  p99 ${r.p99
          .toFixed(1)
          .padStart(7)} ms${r.failures ? `  failures ${r.failures}` : ''}  (load ${load()})`,
      );
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
  }
} finally {
  for (const r of running) await r.stop();
  for (const r of running) await r.drop();
}
