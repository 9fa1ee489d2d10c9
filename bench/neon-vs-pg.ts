/**
 * Warm requests through the Neon serverless driver (WebSocket, as on Lambda, through the local
 * WebSocket-to-TCP proxy of tests/support/neon-proxy.ts) against node-postgres, on the same PostgreSQL server, database and
 * queries. Prints both p50s; the target is Neon within 2 ms of node-postgres.
 *
 *   npm run bench:neon        (DATABASE_URL defaults to postgres://postgres@127.0.0.1:5432/test)
 *
 * Scenarios: a point query (findFestival: one festival with its genres and rating aggregates) and a
 * signed-in request through the users Lambda handler (GET /api/users/profile: token check, one
 * select). The drivers take turns request by request so that load on the machine hits both alike.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { openDatabase, type DatabaseHandle } from '#db/client';
import { seedIfEmpty } from '../functions/lib/seed-catalogue';
import { usersTable } from '#db/schema';
import { signSession } from '../functions/lib/auth';
import { useDatabase } from '../functions/lib/db';
import { resetEnv } from '../functions/lib/env';
import { findFestival } from '../functions/lib/domain/festivals/festival-rows';
import { handler as usersHandler } from '../functions/users/lambda';
import { withDatabaseName } from '../tests/support/global-setup';
import { startNeonProxy, useNeonProxy } from '../tests/support/neon-proxy';
import { adminUrl, withDatabase } from '../tests/support/postgres';
import { lambdaContext, lambdaEvent } from '../tests/deploy/support/lambda-event';

const WARMUP = 100;
const ROUNDS = 1000;
const TARGET_MS = 2;

const baseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const name = `festivales_bench_neon_${randomUUID().replace(/-/g, '').slice(0, 10)}`;
const url = withDatabaseName(baseUrl, name);

resetEnv({ SESSION_SECRET: 'bench-session-secret-with-enough-length-0123456789', DATABASE_URL: undefined });
await withDatabase(adminUrl(baseUrl), (client) => client.query(`create database ${name}`));
const proxy = await startNeonProxy();
useNeonProxy(proxy);

let pg: DatabaseHandle | undefined;
let neon: DatabaseHandle | undefined;
try {
  pg = await openDatabase({ url, driver: 'pg', poolSize: 1 });
  await pg.migrate();
  await seedIfEmpty(pg.db);
  const [user] = await pg.db
    .insert(usersTable)
    .values({ googleSub: 'bench', email: 'bench@festivales.test', name: 'Bench' })
    .returning();
  const token = await signSession(user);
  neon = await openDatabase({ url, driver: 'neon', poolSize: 1 });
  const handles = { 'node-postgres': pg, neon };

  const scenarios: { label: string; run: (handle: DatabaseHandle) => Promise<void> }[] = [
    {
      label: 'findFestival (point query)',
      run: async (handle) => {
        if (!(await findFestival(handle.db, 1))) throw new Error('festival 1 missing');
      },
    },
    {
      label: 'GET /api/users/profile (Lambda handler)',
      run: async (handle) => {
        useDatabase(handle);
        const event = lambdaEvent({
          method: 'GET',
          url: '/api/users/profile',
          headers: { authorization: `Bearer ${token}` },
        });
        const result = await usersHandler(event, lambdaContext);
        if (result.statusCode !== 200) throw new Error(`profile: ${result.statusCode}`);
      },
    },
  ];

  console.log(
    `PostgreSQL at ${new URL(baseUrl).host}; ${ROUNDS} warm rounds per driver and scenario (pool of 1, connection reused).`,
  );
  let worst = 0;
  for (const scenario of scenarios) {
    const times: Record<string, number[]> = { 'node-postgres': [], neon: [] };
    for (let i = 0; i < WARMUP + ROUNDS; i++) {
      for (const [driver, handle] of Object.entries(handles)) {
        const started = performance.now();
        await scenario.run(handle);
        if (i >= WARMUP) times[driver].push(performance.now() - started);
      }
    }
    const p = (values: number[], q: number) => [...values].sort((a, b) => a - b)[Math.floor(values.length * q)];
    const pgP50 = p(times['node-postgres'], 0.5);
    const neonP50 = p(times.neon, 0.5);
    worst = Math.max(worst, neonP50 - pgP50);
    console.log(
      `${scenario.label.padEnd(42)} node-postgres p50 ${pgP50.toFixed(2)} ms (p95 ${p(times['node-postgres'], 0.95).toFixed(2)})` +
        `   neon p50 ${neonP50.toFixed(2)} ms (p95 ${p(times.neon, 0.95).toFixed(2)})   difference ${(neonP50 - pgP50).toFixed(2)} ms`,
    );
  }
  console.log(
    worst <= TARGET_MS
      ? `Within ${TARGET_MS} ms of node-postgres.`
      : `Over the ${TARGET_MS} ms target by ${(worst - TARGET_MS).toFixed(2)} ms.`,
  );
} finally {
  await neon?.close();
  await pg?.close();
  await proxy.close();
  await withDatabase(adminUrl(baseUrl), (client) => client.query(`drop database if exists ${name} with (force)`));
}
