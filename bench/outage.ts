/**
 * Database outage figures: the real server (production mode, node-postgres) on a PostgreSQL
 * instance of its own under mixed load (catalogue and database reads, signed-in comments,
 * favourites, votes and proposals); the instance is killed with `pg_ctl stop -m immediate`, left
 * down, then started again. Prints the time to the first 503, the slowest answer while it was
 * down, the time to full recovery and the writes lost (acknowledged but not stored) or half stored.
 *
 *   npx tsx bench/outage.ts [--workers 50] [--down 5]     (ports 25402 and 3142)
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { outageFigures, runOutage } from '../tests/support/outage-scenario';

const { values } = parseArgs({
  options: { workers: { type: 'string', default: '50' }, down: { type: 'string', default: '5' } },
});
const workers = Number(values.workers);
const downMs = Number(values.down) * 1000;
const round = (ms: number | null) => (ms === null ? 'none' : `${Math.round(ms)} ms`);

const loadBefore = loadavg();
const report = await runOutage({ pgPort: 25402, serverPort: 3142, workers, warmMs: 5000, downMs, afterMs: 10_000 });
const figures = outageFigures(report);
const byStatus = new Map<string, number>();
for (const o of report.outcomes) byStatus.set(String(o.status), (byStatus.get(String(o.status)) ?? 0) + 1);

console.log(
  `load: ${workers} clients; database down ${downMs / 1000} s; machine load average ${loadBefore.map((l) => l.toFixed(2)).join(' ')} before, ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} after`,
);
console.log(
  `requests: ${report.outcomes.length} (${[...byStatus].map(([s, n]) => `${s}: ${n}`).join(', ')}); ` +
    `bad answers (500, 429, malformed, no answer): ${figures.badTotal}`,
);
console.log(
  `database stop took ${round(report.stopped - report.stopRequested)}; start to accepting connections ${round(report.up - report.startRequested)}`,
);
console.log(`time to first 503 after the stop: ${round(figures.firstUnavailableMs)}`);
console.log(
  `slowest answer while down: ${round(figures.slowestDuringOutageMs)} seen by the client, ` +
    `${round(figures.slowestInServerDuringOutageMs)} inside the server (client p99 before the stop: ${round(figures.p99BeforeOutageMs)})`,
);
console.log(
  `catalogue reads while down: ${figures.catalogueReadsDuringOutage}, failed: ${figures.catalogueFailuresDuringOutage}`,
);
console.log(
  `first database request answered after the restart was asked for: ${round(figures.firstOkAfterStartMs)} ` +
    `(pg_ctl reported it accepting connections at ${round(report.up - report.startRequested)})`,
);
console.log(
  `time to full recovery after the database accepted connections (end of the last failed request): ${round(figures.recoveryMs)}; ` +
    `successful database requests after it: ${figures.okAfterRecovery}`,
);
console.log(
  `writes: ${report.writes.acknowledged} acknowledged, ${report.writes.unacknowledged} unacknowledged; ` +
    `read back ${report.writes.checked}: lost ${report.writes.lost.length}, half stored ${report.writes.halfStored.length}`,
);
console.log(`server alive at the end: ${report.serverAlive}; exit code on SIGTERM: ${report.exitCode}`);
for (const line of [
  ...report.problems.slice(0, 10),
  ...report.writes.lost.slice(0, 10),
  ...report.writes.halfStored.slice(0, 10),
])
  console.log('  ', line);
if (figures.badTotal || report.writes.lost.length || report.writes.halfStored.length || !report.serverAlive)
  process.exitCode = 1;
