/**
 * Admin panel load: every admin list fired in parallel, as the panel does on load, on a
 * throwaway database on the local PostgreSQL server with 2,000 approved festivals, 500 pending
 * festivals, media and comments, and 1,000 media reports. Target: the whole round within 150 ms (p95).
 *
 *   npx tsx bench/admin.ts              (ROUNDS=250, WARMUP=30, PG_URL to override the server,
 *                                        KEEP_DB=1 to keep the database for EXPLAIN afterwards)
 *
 * The API runs in a child process (the same apps as `npm start`, on @hono/node-server), so the
 * client's work does not share its event loop.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase, type Database } from '#db/client';
import { festivalDedupeKey } from '#core/festival-key';
import {
  commentsTable,
  contactMessagesTable,
  festivalsTable,
  mediaReportsTable,
  mediaTable,
  mediaVotesTable,
  usersTable,
} from '#db/schema';
import { reportReasons } from '#core/types';
import { addGeneratedFestivals } from './support/catalog-data';
import { percentile } from './support/measure';

const LISTS = [
  '/api/admin/pending-festivals',
  '/api/admin/festivals',
  '/api/admin/pending-media',
  '/api/admin/media',
  '/api/admin/users',
  '/api/admin/comments/pending',
  '/api/admin/media-reports',
  '/api/admin/contact-messages',
];
const ROUNDS = Number(process.env.ROUNDS ?? 250);
const WARMUP = Number(process.env.WARMUP ?? 30);
const SESSION_SECRET = 'bench-admin-session-secret-0123456789abcdef';

async function chunks<T>(rows: T[], size: number, insert: (batch: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

async function seed(database: Database) {
  const users = await database
    .insert(usersTable)
    .values([
      { email: 'admin@bench.test', name: 'Admin Bench', role: 'admin' as const },
      ...Array.from({ length: 300 }, (_, i) => ({
        email: `u${i}@bench.test`,
        name: `Usuaria ${i}`,
        avatarUrl: i % 2 ? `https://img.example.com/u${i}.png` : null,
      })),
    ])
    .returning({ id: usersTable.id });
  const adminId = users[0].id;
  const userIds = users.slice(1).map((u) => u.id);
  const pick = (i: number) => userIds[i % userIds.length];

  const approved = await addGeneratedFestivals(database, 2000, 'Bench');
  const pendingFestivals = Array.from({ length: 500 }, (_, i) => {
    const name = `Propuesta ${i}`;
    return {
      name,
      dedupeKey: festivalDedupeKey(name, 'Valencia, España'),
      location: 'Valencia, España',
      description: `Propuesta pendiente número ${i}, con una descripción de longitud realista para el panel de administración.`,
      startDate: '2031-07-01',
      endDate: '2031-07-03',
      status: 'pending' as const,
      proposedBy: pick(i),
      createdAt: new Date(Date.now() - i * 60_000),
    };
  });
  await chunks(pendingFestivals, 250, (batch) => database.insert(festivalsTable).values(batch));

  const media = (status: 'pending' | 'approved', count: number) =>
    Array.from({ length: count }, (_, i) => ({
      festivalId: approved[i % approved.length],
      userId: i % 10 === 0 ? null : pick(i),
      url: `https://cdn.example.com/media/${status}/${i}.jpg`,
      type: i % 7 === 0 ? ('video' as const) : ('image' as const),
      caption: `Foto ${i}`,
      status,
      uploadedAt: new Date(Date.now() - i * 30_000),
    }));
  await chunks(media('pending', 500), 250, (batch) => database.insert(mediaTable).values(batch));
  const approvedMedia: number[] = [];
  await chunks(media('approved', 1500), 250, async (batch) =>
    approvedMedia.push(
      ...(await database.insert(mediaTable).values(batch).returning({ id: mediaTable.id })).map((r) => r.id),
    ),
  );
  const votes = approvedMedia
    .slice(0, 1000)
    .flatMap((mediaId, i) => [0, 1, 2].map((k) => ({ mediaId, userId: pick(i + k * 97), rating: 1 + ((i + k) % 5) })));
  await chunks(votes, 500, (batch) => database.insert(mediaVotesTable).values(batch).onConflictDoNothing());

  const comments = (status: 'pending' | 'approved', count: number) =>
    Array.from({ length: count }, (_, i) => ({
      festivalId: approved[(i * 7) % approved.length],
      userId: pick(i),
      content: `Comentario ${status} ${i}: muy buen ambiente y mejor sonido.`,
      rating: 1 + (i % 5),
      status,
      createdAt: new Date(Date.now() - i * 45_000),
    }));
  await chunks([...comments('pending', 500), ...comments('approved', 3000)], 500, (batch) =>
    database.insert(commentsTable).values(batch),
  );

  const reports = Array.from({ length: 1000 }, (_, i) => ({
    mediaId: approvedMedia[i % approvedMedia.length],
    userId: i % 3 === 0 ? null : pick(i),
    reason: reportReasons[i % reportReasons.length],
    details: i % 2 ? `Detalles del reporte ${i}` : null,
    createdAt: new Date(Date.now() - i * 20_000),
  }));
  await chunks(reports, 500, (batch) => database.insert(mediaReportsTable).values(batch));

  const messages = Array.from({ length: 300 }, (_, i) => ({
    name: `Contacto ${i}`,
    email: `c${i}@example.com`,
    subject: `Asunto ${i}`,
    category: 'general',
    message: `Mensaje de contacto número ${i}.`,
    createdAt: new Date(Date.now() - i * 90_000),
  }));
  await database.insert(contactMessagesTable).values(messages);
  return adminId;
}

async function serve(url: string) {
  const { resetEnv } = await import('../functions/lib/env');
  resetEnv({ DATABASE_URL: url, SESSION_SECRET });
  const { Hono } = await import('hono');
  const { serve: listen } = await import('@hono/node-server');
  const { apiApps } = await import('../functions/server/api-apps');
  const { databaseHandle } = await import('../functions/lib/db');
  await databaseHandle();
  const root = new Hono();
  for (const app of apiApps) root.route('/', app);
  listen({ fetch: root.fetch, port: 0, hostname: '127.0.0.1' }, (info) => process.send!({ port: info.port }));
  process.on('SIGTERM', () => process.exit(0));
}

async function main() {
  const base = new URL(process.env.PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  const name = `festivales_bench_admin_${Date.now()}`;
  const admin = new pg.Client({ connectionString: base.toString() });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  let child: ReturnType<typeof fork> | undefined;
  try {
    const started = performance.now();
    const handle = await openDatabase({ url: url.toString() });
    await handle.migrate();
    const adminId = await seed(handle.db);
    await handle.db.execute('analyze');
    await handle.close();
    console.log(`Seeded ${name} in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    const { resetEnv } = await import('../functions/lib/env');
    resetEnv({ SESSION_SECRET });
    const { signSession } = await import('../functions/lib/auth');
    const token = await signSession({ id: adminId, sessionVersion: 0 });

    child = fork(fileURLToPath(import.meta.url), ['--serve', url.toString()], {
      execArgv: ['--import', 'tsx'],
      stdio: 'inherit',
    });
    const port = await new Promise<number>((resolve, reject) => {
      child!.once('message', (m: { port: number }) => resolve(m.port));
      child!.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
    });
    const headers = { Authorization: `Bearer ${token}` };

    const perList = new Map(LISTS.map((p) => [p, { times: [] as number[], bytes: 0, items: 0 }]));
    const rounds: number[] = [];
    for (let round = 0; round < WARMUP + ROUNDS; round++) {
      const t0 = performance.now();
      const results = await Promise.all(
        LISTS.map(async (path) => {
          const s = performance.now();
          const res = await fetch(`http://127.0.0.1:${port}${path}`, { headers });
          const body = await res.arrayBuffer();
          if (res.status !== 200)
            throw new Error(`${path}: ${res.status} ${Buffer.from(body).toString().slice(0, 200)}`);
          return { path, ms: performance.now() - s, body };
        }),
      );
      const total = performance.now() - t0;
      if (round < WARMUP) continue;
      rounds.push(total);
      for (const r of results) {
        const entry = perList.get(r.path)!;
        entry.times.push(r.ms);
        if (!entry.bytes) {
          entry.bytes = r.body.byteLength;
          entry.items = JSON.parse(Buffer.from(r.body).toString()).length;
        }
      }
    }

    const f = (ms: number) => ms.toFixed(1).padStart(6);
    console.log(
      `\nAdmin panel load: ${LISTS.length} lists in parallel, ${ROUNDS} rounds after ${WARMUP} warm-up, PostgreSQL ${base.host}`,
    );
    console.log(
      `  whole round   p50 ${f(percentile(rounds, 50))} ms  p95 ${f(percentile(rounds, 95))} ms  max ${f(Math.max(...rounds))} ms   (target p95 <= 150 ms)`,
    );
    for (const [path, entry] of perList) {
      console.log(
        `  ${path.padEnd(30)} p50 ${f(percentile(entry.times, 50))} ms  p95 ${f(percentile(entry.times, 95))} ms  ` +
          `${String(entry.items).padStart(5)} items  ${(entry.bytes / 1024).toFixed(0).padStart(5)} KB`,
      );
    }
  } finally {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child!.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    if (process.env.KEEP_DB) console.log(`Kept database ${url}`);
    else await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

if (process.argv[2] === '--serve') await serve(process.argv[3]);
else await main();
