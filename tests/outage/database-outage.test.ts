import { beforeAll, describe, expect, it } from 'vitest';
import { outageFigures, runOutage, type OutageFigures, type OutageReport } from '../support/outage-scenario';

/**
 * The server on a PostgreSQL server of its own (ports from OUTAGE_PG_PORT / OUTAGE_PORT), under
 * mixed load from 10 clients: 3 s normal, the database killed for 4 s, then 8 s after it is back.
 */
// Below Linux's ephemeral range (32768-60999): a port in it can be held by any outgoing connection
// of the moment (the API suite's, just before), and the instance then fails to listen.
const pgPort = Number(process.env.OUTAGE_PG_PORT ?? 25400);
const serverPort = Number(process.env.OUTAGE_PORT ?? 3140);
let report: OutageReport;
let figures: OutageFigures;

beforeAll(async () => {
  report = await runOutage({ pgPort, serverPort, workers: 10, warmMs: 3000, downMs: 4000, afterMs: 8000 });
  figures = outageFigures(report);
  console.log(
    'outage figures',
    JSON.stringify(figures),
    'writes',
    JSON.stringify({ ...report.writes, lost: report.writes.lost.length, halfStored: report.writes.halfStored.length }),
  );
});

describe('database outage under load', () => {
  it('answers every request: no 500, no hang, no stack trace, no crash', () => {
    if (report.problems.length || !report.serverAlive) console.log(report.serverOutput);
    expect(report.problems).toEqual([]);
    expect(figures.badTotal).toBe(0);
    expect(report.serverAlive).toBe(true);
    expect(report.exitCode).toBe(0);
  });

  it('gives the Spanish JSON 503 within a second of the database stopping', () => {
    expect(figures.firstUnavailableMs).not.toBeNull();
    expect(figures.firstUnavailableMs!).toBeLessThan(1000);
    // Inside the server no request waits a second on the dead database. Seen from the client, a
    // shared 2-core machine adds its own delays: judged against what requests took just before.
    expect(figures.slowestInServerDuringOutageMs).toBeLessThan(1000);
    expect(figures.slowestDuringOutageMs).toBeLessThan(Math.max(1000, 2 * figures.p99BeforeOutageMs));
    expect(figures.badDuringOutage).toBe(0);
  });

  it('keeps answering the festival list and festival pages from the last good catalogue', () => {
    expect(figures.catalogueReadsDuringOutage).toBeGreaterThan(20);
    expect(figures.catalogueFailuresDuringOutage).toBe(0);
  });

  it('works again within 5 s of the database coming back, without a restart', () => {
    expect(figures.recoveryMs).toBeLessThan(5000);
    expect(figures.okAfterRecovery).toBeGreaterThan(20);
  });

  it('reports liveness throughout and readiness only while the database is there', () => {
    const during = report.probes.filter((p) => p.at > report.stopped + 1000 && p.at < report.startRequested);
    expect(during.filter((p) => p.path === '/api/health').every((p) => p.status === 200)).toBe(true);
    expect(during.filter((p) => p.path === '/api/health/ready').every((p) => p.status === 503)).toBe(true);
    const after = report.probes.filter((p) => p.at > report.up + 5000);
    expect(after.length).toBeGreaterThan(0);
    expect(after.every((p) => p.status === 200)).toBe(true);
  });

  it('stores every acknowledged write and half-stores none', () => {
    expect(report.writes.acknowledged).toBeGreaterThan(50);
    expect(report.writes.unacknowledged).toBeGreaterThan(0);
    expect(report.writes.lost).toEqual([]);
    expect(report.writes.halfStored).toEqual([]);
  });
});
