/**
 * The list page as `npm start` serves it (request log on) against bare node:http sending the same
 * bytes, at 50 connections: the share of the bare server's throughput the page reaches (target
 * >= 60%), and its p99. Measured on this build and, with BENCH_BASELINE (another checkout, its
 * node_modules linked), on that one too, the loads alternated with the bare server's in the same
 * minutes so every pair meets the same machine.
 *
 *   BENCH_DATA_DIR=<PGlite dir with the generated catalogue> [BENCH_BASELINE=/tmp/main] npx tsx bench/list-throughput.ts
 *   DATABASE_URL=postgres://...  (PostgreSQL instead)   BENCH_DURATION=10 s a load, BENCH_ROUNDS=3, BENCH_PORT=3370
 */
import { loadavg } from 'node:os';
import path from 'node:path';
import { defaultFilters } from '#core/festival-filters';
import { festivalPageUrl } from '#core/festival-page-url';
import { load } from './support/measure';
import { repoRoot, startBareServer, startProcess, waitFor200 } from './support/servers';
import { databaseFor } from './support/side-by-side';

const duration = Number(process.env.BENCH_DURATION ?? 10);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const basePort = Number(process.env.BENCH_PORT ?? 3370);
const dataDir = process.env.BENCH_DATA_DIR;
const databaseUrl = process.env.DATABASE_URL;
const baseline = process.env.BENCH_BASELINE;
const loads = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
if (!dataDir && !databaseUrl) {
  console.error('Set BENCH_DATA_DIR (PGlite data dir with the generated catalogue) or DATABASE_URL (PostgreSQL).');
  process.exit(1);
}

const page = festivalPageUrl(defaultFilters);
const headers = { 'accept-encoding': 'gzip' };
const sides = [{ name: 'this build', root: repoRoot, port: basePort }];
if (baseline) sides.push({ name: `baseline ${path.basename(baseline)}`, root: baseline, port: basePort + 1 });
console.log(`List page ${page} at 50 connections, ${duration} s a load, ${rounds} rounds; load average ${loads()}`);
const running: { stop: () => Promise<void>; drop: () => Promise<void> }[] = [];
try {
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
  }
  for (const side of sides) await waitFor200(`http://127.0.0.1:${side.port}${page}`, 600_000);
  const res = await fetch(`http://127.0.0.1:${basePort}${page}`, { headers });
  const bytes = Buffer.from(await res.arrayBuffer());
  const { gzipSync } = await import('node:zlib');
  const sent = gzipSync(bytes);
  const bare = await startBareServer(sent, basePort + 2, 'gzip');
  for (let round = 0; round < rounds; round++) {
    for (const side of round % 2 ? [...sides].reverse() : sides) {
      const base = `http://127.0.0.1:${side.port}`;
      await load(base, { connections: 10, duration: 2, paths: [page], headers });
      const served = await load(base, { connections: 50, duration, paths: [page], headers, timeoutSeconds: 60 });
      const ceiling = await load(`http://127.0.0.1:${basePort + 2}`, { connections: 50, duration, paths: ['/'] });
      console.log(
        `  round ${round + 1}  ${side.name.padEnd(22)} ${String(served.requestsPerSec).padStart(6)} req/s  p99 ${String(served.p99).padStart(4)} ms;` +
          ` bare ${String(ceiling.requestsPerSec).padStart(6)} req/s: ${((served.requestsPerSec / ceiling.requestsPerSec) * 100).toFixed(0)}%` +
          ` (target >= 60%; load ${loads()})${served.errors || served.non2xx ? `  errors ${served.errors}, non-2xx ${served.non2xx}` : ''}`,
      );
    }
  }
  await bare.close();
} finally {
  for (const r of running) await r.stop();
  for (const r of running) await r.drop();
}
