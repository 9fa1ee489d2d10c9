import pg from 'pg';
import { LoadMix, prepareMix, PROPOSAL_GENRES, type Outcome } from './load-mix';
import { createPgInstance } from './pg-instance';
import { scratchDirectory, startServer } from './server-process';

/**
 * The database outage, end to end: the real server (functions/server/start.ts, production mode)
 * on a PostgreSQL instance of its own, under mixed load; the instance is killed (`pg_ctl stop -m
 * immediate`), left down, started again; every answer is recorded on one clock. Used by the
 * outage test (which asserts) and bench/outage.ts (which prints).
 */

export interface OutageOptions {
  /** PostgreSQL instance port and server port (each run needs its own). */
  pgPort: number;
  serverPort: number;
  workers: number;
  warmMs: number;
  downMs: number;
  afterMs: number;
}

export interface OutageReport {
  /** ms on the scenario clock (performance.now of this process). */
  stopRequested: number;
  stopped: number;
  startRequested: number;
  up: number;
  outcomes: Outcome[];
  probes: { at: number; path: string; status: number }[];
  problems: string[];
  /** The server was still running at the end, and then exited with this code on SIGTERM. */
  serverAlive: boolean;
  exitCode: number | null;
  /** Server-side duration of each request (its log line), by request id. */
  serverMs: Map<string, number>;
  /** The end of what the server printed (its warnings and errors): to read when something failed. */
  serverOutput: string;
  writes: { acknowledged: number; unacknowledged: number; checked: number; lost: string[]; halfStored: string[] };
}

const SECRET = 'outage-test-session-secret-0123456789-abcdefghij';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function runOutage(options: OutageOptions): Promise<OutageReport> {
  const instance = await createPgInstance(options.pgPort);
  const scratch = scratchDirectory('festivales-outage-');
  let server: ReturnType<typeof startServer> | undefined;
  try {
    const admin = new pg.Client({ connectionString: instance.url() });
    await admin.connect();
    await admin.query('create database festivales');
    await admin.end();
    const url = instance.url('festivales');
    server = startServer(scratch.dir, {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(options.serverPort),
      DATABASE_URL: url,
      SESSION_SECRET: SECRET,
      PUBLIC_BASE_URL: `http://127.0.0.1:${options.serverPort}`,
      DATA_DIR: scratch.dir,
      // Request lines give each request's duration inside the server (see outageFigures).
      LOG_LEVEL: 'info',
    });
    const base = `http://127.0.0.1:${await server.listening}`;
    const fixture = await prepareMix(url, SECRET, options.workers * 10);
    const mix = new LoadMix(base, fixture, { workers: options.workers, keepOutcomes: true });

    const probes: OutageReport['probes'] = [];
    let probing = true;
    const probe = (async () => {
      while (probing) {
        for (const path of ['/api/health', '/api/health/ready']) {
          const at = performance.now();
          const status = await fetch(base + path, { signal: AbortSignal.timeout(5000) }).then(
            async (res) => (await res.arrayBuffer(), res.status),
            () => 0,
          );
          probes.push({ at, path, status });
        }
        await sleep(100);
      }
    })();

    const load = mix.run();
    await sleep(options.warmMs);
    const stopRequested = performance.now();
    await instance.stopImmediately();
    const stopped = performance.now();
    await sleep(options.downMs);
    const startRequested = performance.now();
    await instance.start();
    const up = performance.now();
    await sleep(options.afterMs);
    mix.stop();
    await load;
    probing = false;
    await probe;

    const serverAlive = server.child.exitCode === null;
    const verified = await mix.ledger.verify(url, PROPOSAL_GENRES.split(',').length);
    server.child.kill('SIGTERM');
    const exitCode = await server.exited;
    const serverMs = new Map<string, number>();
    for (const line of server.logs()) if (line.msg === 'request') serverMs.set(String(line.requestId), Number(line.ms));
    return {
      serverMs,
      stopRequested,
      stopped,
      startRequested,
      up,
      outcomes: mix.outcomes,
      probes,
      problems: mix.problems,
      serverAlive,
      exitCode,
      serverOutput: (
        server
          .stdout()
          .split('\n')
          .filter((l) => !l.includes('"msg":"request"'))
          .join('\n') + server.stderr()
      ).slice(-4000),
      writes: { acknowledged: mix.ledger.acknowledged, unacknowledged: mix.ledger.unacknowledged, ...verified },
    };
  } finally {
    if (server && server.child.exitCode === null) server.child.kill('SIGKILL');
    await instance.remove();
    scratch.remove();
  }
}

export interface OutageFigures {
  /** From the stop request to the first 503. */
  firstUnavailableMs: number | null;
  /**
   * Longest answer to a request started while the database was down (or in flight when it went,
   * counted from the stop) as the client saw it, and inside the server for those sent after the
   * stop (its log line: from the request reaching the app to the answer, free of the time the
   * request waited for a busy CPU before that).
   */
  slowestDuringOutageMs: number;
  slowestInServerDuringOutageMs: number;
  /** The same before the stop, for comparison on a busy machine: the 99th percentile seen by the client. */
  p99BeforeOutageMs: number;
  /** Catalogue reads started while the database was down, and how many were not 200. */
  catalogueReadsDuringOutage: number;
  catalogueFailuresDuringOutage: number;
  /** Other requests started while it was down that did not get the 503 (nor a success). */
  badDuringOutage: number;
  /** From the database accepting connections again to the end of the last failed request. */
  recoveryMs: number;
  /** From the restart being asked for (crash recovery included) to the first database request answered 2xx. */
  firstOkAfterStartMs: number | null;
  /** Requests of each kind that succeeded after recovery. */
  okAfterRecovery: number;
  badTotal: number;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] : 0;
}

export function outageFigures(report: OutageReport): OutageFigures {
  const { outcomes, stopRequested, startRequested, up } = report;
  const unavailable = outcomes.filter((o) => o.verdict === 'unavailable' && o.ended >= stopRequested);
  const firstUnavailable = unavailable.length ? Math.min(...unavailable.map((o) => o.ended)) : null;
  const duringOutage = outcomes.filter((o) => o.ended >= stopRequested && o.started < startRequested);
  const catalogue = duringOutage.filter((o) => o.catalogue);
  const failedAfterStart = outcomes.filter((o) => o.verdict !== 'ok' && o.started >= startRequested);
  const lastFailure = Math.max(up, ...failedAfterStart.map((o) => o.ended));
  return {
    firstUnavailableMs: firstUnavailable === null ? null : firstUnavailable - stopRequested,
    slowestDuringOutageMs: Math.max(0, ...duringOutage.map((o) => o.ended - Math.max(o.started, stopRequested))),
    // Requests sent after the stop: the server's duration of one in flight at the stop includes time before it.
    slowestInServerDuringOutageMs: Math.max(
      0,
      ...duringOutage
        .filter((o) => o.started >= stopRequested)
        .map((o) => (o.requestId ? (report.serverMs.get(o.requestId) ?? Infinity) : Infinity)),
    ),
    p99BeforeOutageMs: percentile(
      outcomes.filter((o) => o.ended < stopRequested).map((o) => o.ended - o.started),
      0.99,
    ),
    catalogueReadsDuringOutage: catalogue.length,
    catalogueFailuresDuringOutage: catalogue.filter((o) => o.verdict !== 'ok').length,
    badDuringOutage: duringOutage.filter((o) => o.verdict === 'bad').length,
    recoveryMs: lastFailure - up,
    firstOkAfterStartMs: (() => {
      const ok = outcomes.filter((o) => o.verdict === 'ok' && !o.catalogue && o.started >= startRequested);
      return ok.length ? Math.min(...ok.map((o) => o.ended)) - startRequested : null;
    })(),
    okAfterRecovery: outcomes.filter((o) => o.verdict === 'ok' && !o.catalogue && o.started > lastFailure).length,
    badTotal: outcomes.filter((o) => o.verdict === 'bad').length,
  };
}
