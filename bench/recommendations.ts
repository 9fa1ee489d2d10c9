/**
 * 'Festivales parecidos' and 'Para ti', measured on a generated catalogue (bench/support/discover-data.ts):
 *
 * - hit rate@12: each generated visitor (a coherent taste: one scene) hides one of their 5
 *   favourites; how often GET /api/recommendations with the other 4 puts it in its 12, beside a
 *   popularity baseline (the 12 most favourited festivals the visitor has not favourited) in the same run;
 * - the similar rows' build for the whole catalogue, and one festival's refresh after a lineup of
 *   200 artists is pasted (the write's transaction, commit-time refresh included);
 * - GET /api/festivals/{id}/similar and GET /api/recommendations at 50 connections (autocannon),
 *   against the server as `npm start` runs it.
 *
 *   npx tsx bench/recommendations.ts                                    (small: 300 festivals, 500 visitors)
 *   BENCH_FESTIVALS=10000 BENCH_VISITORS=50000 npx tsx bench/recommendations.ts      (the figures of decision 100)
 *   BENCH_PORT=3362 BENCH_DURATION=10
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '#db/client';
import { sqlRows } from '../functions/lib/domain/sql-rows';
import { writeCatalogue, visitors } from './support/discover-data';
import { load } from './support/measure';
import { startProcess, waitFor200 } from './support/servers';

const festivals = Number(process.env.BENCH_FESTIVALS ?? 300);
const visitorCount = Number(process.env.BENCH_VISITORS ?? 500);
const port = Number(process.env.BENCH_PORT ?? 3362);
const duration = Number(process.env.BENCH_DURATION ?? 5);
const dataDir = mkdtempSync(path.join(tmpdir(), 'festivales-bench-discover-'));
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

console.log(
  `${festivals} festivales, ${visitorCount} visitantes; carga ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
const handle = await openDatabase({ dataDir, statementTimeoutMs: 0 });
await handle.migrate();
const database = handle.db;
await database.execute(sql`delete from festivals`);
await writeCatalogue(database, festivals);

let t0 = performance.now();
await database.execute(sql`select refresh_dirty_festival_similar()`);
console.log(`filas de parecidos de todo el catálogo: ${seconds(performance.now() - t0)}`);

const bench = await sqlRows<{ id: number; scene: number }>(
  database,
  sql`select id, (row_number() over (order by id) - 1) % 20 as scene from festivals where name like 'Banco %' order by id`,
);
const byScene: number[][] = Array.from({ length: 20 }, () => []);
for (const row of bench) byScene[Number(row.scene)].push(Number(row.id));

// A lineup of 200 artists pasted over one festival's (as PUT .../lineup writes it: delete, insert).
const target = Number(bench[0].id);
t0 = performance.now();
await database.transaction(async (tx) => {
  const [edition] = await sqlRows<{ id: number }>(
    tx,
    sql`select current_edition_id as id from festivals where id = ${target}`,
  );
  await tx.execute(sql`delete from lineup_entries where edition_id = ${edition.id}`);
  await tx.execute(sql`insert into lineup_entries (edition_id, artist_id, position)
    select ${edition.id}, a.id, (row_number() over (order by a.id) - 1)::smallint
    from (select id from artists order by random() limit 200) a`);
});
console.log(
  `recálculo tras pegar un cartel de 200 artistas (la transacción entera): ${seconds(performance.now() - t0)}`,
);
await handle.close();

const server = startProcess('node', ['--import', 'tsx', 'bench/support/serve-api.ts', '.'], {
  PORT: String(port),
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
});
try {
  await waitFor200(`http://127.0.0.1:${port}/api/festivals?limit=1`, 120_000);
  const people = visitors(byScene, visitorCount);
  const popularity = new Map<number, number>();
  const hidden = people.map((person, i) => person.favorites[i % person.favorites.length]);
  people.forEach((person, i) => {
    for (const id of person.favorites) if (id !== hidden[i]) popularity.set(id, (popularity.get(id) ?? 0) + 1);
  });
  const popular = [...popularity.entries()].sort((a, b) => b[1] - a[1]).map(([id]) => id);
  let hits = 0;
  let baselineHits = 0;
  const paths: string[] = [];
  for (const [i, person] of people.entries()) {
    const shown = person.favorites.filter((id) => id !== hidden[i]);
    const path = `/api/recommendations?limit=12&favorites=${shown.join(',')}`;
    if (paths.length < 2000) paths.push(path);
    const picks = (await (await fetch(`http://127.0.0.1:${port}${path}`)).json()) as { festival: { id: number } }[];
    if (picks.some((p) => p.festival.id === hidden[i])) hits += 1;
    if (
      popular
        .filter((id) => !shown.includes(id))
        .slice(0, 12)
        .includes(hidden[i])
    )
      baselineHits += 1;
  }
  const rate = (n: number) => `${((100 * n) / people.length).toFixed(1)} %`;
  console.log(`hit rate@12: Para ti ${rate(hits)} | popularidad ${rate(baselineHits)}`);

  const similar = await load(`http://127.0.0.1:${port}`, {
    connections: 50,
    duration,
    paths: bench.slice(0, 2000).map((f) => `/api/festivals/${f.id}/similar`),
  });
  console.log(
    `GET /api/festivals/{id}/similar, 50 conexiones: ${similar.requestsPerSec} req/s, p50 ${similar.p50} ms, p99 ${similar.p99} ms`,
  );
  const recs = await load(`http://127.0.0.1:${port}`, { connections: 50, duration, paths });
  console.log(
    `GET /api/recommendations, 50 conexiones: ${recs.requestsPerSec} req/s, p50 ${recs.p50} ms, p99 ${recs.p99} ms`,
  );
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
