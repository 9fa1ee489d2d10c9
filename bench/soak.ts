/**
 * Soak: the real server (production mode, logs on, node-postgres) on a PostgreSQL instance of its
 * own, with 200 clients of mixed traffic for 10 minutes: anonymous catalogue reads, database
 * reads, and signed-in writes (comments and their deletion, favourites, gallery votes,
 * proposals), each client kept under the rate limits as a real user would be. Prints errors
 * (anything but a 2xx), lost writes (every acknowledged write read back from the database) and
 * the server's resident memory after the first minute against the end (target: within 15%).
 *
 *   npx tsx bench/soak.ts [--minutes 10] [--connections 200]     (ports 25403 and 3143)
 */
import { createReadStream, readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { loadavg } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { LoadMix, prepareMix, PROPOSAL_GENRES } from '../tests/support/load-mix';
import { createPgInstance } from '../tests/support/pg-instance';
import { scratchDirectory, startServer } from '../tests/support/server-process';
import { percentile } from './support/measure';

const { values } = parseArgs({
  options: { minutes: { type: 'string', default: '10' }, connections: { type: 'string', default: '200' } },
});
const durationMs = Number(values.minutes) * 60_000;
const connections = Number(values.connections);
const FIRST_MINUTE_MS = Math.min(60_000, durationMs / 2);
const SECRET = 'soak-session-secret-0123456789-abcdefghijklmnopq';
const SERVER_PORT = 3143;

const rssMb = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/**
 * From the server's log: durations inside the server (apart from the time requests waited for a
 * busy CPU before reaching it), and why the database was reported unavailable.
 */
async function serverLog(file: string): Promise<{ durations: number[]; unavailable: Map<string, number> }> {
  const durations: number[] = [];
  const unavailable = new Map<string, number>();
  for await (const line of createInterface({ input: createReadStream(file) })) {
    if (line.includes('"msg":"request"')) durations.push(Number(JSON.parse(line).ms));
    else if (line.includes('"msg":"database unavailable"')) {
      const reason = String(JSON.parse(line).reason);
      unavailable.set(reason, (unavailable.get(reason) ?? 0) + 1);
    }
  }
  return { durations, unavailable };
}

const loads = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

const instance = await createPgInstance(25403);
const scratch = scratchDirectory('festivales-soak-');
const logFile = path.join(scratch.dir, 'server.log');
let server: ReturnType<typeof startServer> | undefined;
try {
  const admin = new pg.Client({ connectionString: instance.url() });
  await admin.connect();
  await admin.query('create database festivales');
  await admin.end();
  const url = instance.url('festivales');
  server = startServer(
    scratch.dir,
    {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(SERVER_PORT),
      DATABASE_URL: url,
      SESSION_SECRET: SECRET,
      PUBLIC_BASE_URL: `http://127.0.0.1:${SERVER_PORT}`,
      DATA_DIR: scratch.dir,
      LOG_LEVEL: 'info',
    },
    { logFile },
  );
  const base = `http://127.0.0.1:${await server.listening}`;
  const pid = server.child.pid!;
  const fixture = await prepareMix(url, SECRET, connections * 5);
  const mix = new LoadMix(base, fixture, { workers: connections });
  const loadAtStart = loads();
  console.log(
    `soak: ${connections} clients for ${durationMs / 60_000} min against ${base}; load average ${loadAtStart}`,
  );

  const started = performance.now();
  const load = mix.run();
  const samples: { at: number; rss: number }[] = [];
  let rssAfterFirstMinute = 0;
  while (performance.now() - started < durationMs) {
    await sleep(5000);
    const at = performance.now() - started;
    samples.push({ at, rss: rssMb(pid) });
    if (!rssAfterFirstMinute && at >= FIRST_MINUTE_MS) rssAfterFirstMinute = samples.at(-1)!.rss;
    if (samples.length % 12 === 0)
      console.log(
        `  ${Math.round(at / 1000)} s: ${mix.latencies.length} requests, RSS ${samples.at(-1)!.rss.toFixed(0)} MB, load ${loads()}`,
      );
  }
  const rssAtEnd = rssMb(pid);
  mix.stop();
  await load;
  const elapsed = (performance.now() - started) / 1000;
  const loadAtEnd = loads();

  const verified = await mix.ledger.verify(url, PROPOSAL_GENRES.split(',').length);
  server.child.kill('SIGTERM');
  const exitCode = await server.exited;

  const total = mix.latencies.length;
  const { durations: inServer, unavailable } = await serverLog(logFile);
  const errors = [...mix.counts].filter(([key]) => !/ 2\d\d$/.test(key));
  const errorCount = errors.reduce((sum, [, n]) => sum + n, 0);
  const byOp = new Map<string, number>();
  for (const [key, n] of mix.counts) byOp.set(key.split(' ')[0], (byOp.get(key.split(' ')[0]) ?? 0) + n);
  const growth = ((rssAtEnd - rssAfterFirstMinute) / rssAfterFirstMinute) * 100;

  console.log(
    `requests: ${total} in ${elapsed.toFixed(0)} s (${(total / elapsed).toFixed(0)}/s); ` +
      `p50 ${percentile(mix.latencies, 50).toFixed(0)} ms, p99 ${percentile(mix.latencies, 99).toFixed(0)} ms`,
  );
  console.log(
    `inside the server: ${inServer.length} requests logged; p50 ${percentile(inServer, 50).toFixed(1)} ms, ` +
      `p99 ${percentile(inServer, 99).toFixed(0)} ms, max ${inServer.reduce((a, b) => Math.max(a, b), 0).toFixed(0)} ms`,
  );
  console.log(`mix: ${[...byOp].map(([op, n]) => `${op} ${n}`).join(', ')}`);
  console.log(
    `errors: ${errorCount}${errors.length ? ` (${errors.map(([key, n]) => `${key}: ${n}`).join(', ')})` : ''}`,
  );
  if (unavailable.size)
    console.log(
      `database unavailable, by reason: ${[...unavailable].map(([reason, n]) => `${reason}: ${n}`).join('; ')}`,
    );
  console.log(
    `writes: ${mix.ledger.acknowledged} acknowledged, ${mix.ledger.unacknowledged} not; ` +
      `read back ${verified.checked}: lost ${verified.lost.length}, half stored ${verified.halfStored.length}`,
  );
  console.log(
    `server RSS: ${rssAfterFirstMinute.toFixed(1)} MB after the first minute, ${rssAtEnd.toFixed(1)} MB at the end ` +
      `(${growth >= 0 ? '+' : ''}${growth.toFixed(1)}%, target within 15%); peak ${Math.max(...samples.map((s) => s.rss)).toFixed(1)} MB`,
  );
  console.log(
    `machine load average: ${loadAtStart} at the start, ${loadAtEnd} at the end; exit code on SIGTERM: ${exitCode}`,
  );
  for (const line of [...mix.problems.slice(0, 10), ...verified.lost.slice(0, 10), ...verified.halfStored.slice(0, 10)])
    console.log('  ', line);
  if (errorCount || verified.lost.length || verified.halfStored.length || Math.abs(growth) > 15 || exitCode !== 0)
    process.exitCode = 1;
} finally {
  if (server && server.child.exitCode === null) server.child.kill('SIGKILL');
  await instance.remove();
  scratch.remove();
}
