/**
 * Fan-out figures: one lineup change announced to 100,000 people who favourited the festival and
 * 100,000 who follow the artist added, through the alerts' INSERT ... SELECT into notifications and
 * the outbox, in the admin's own transaction (functions/lib/domain/alerts). Then how fast the worker
 * drains the email rows with a sender that does nothing (the worker's own cost per row, without a
 * mail server), and that a second identical save writes nothing. PostgreSQL server, a database of
 * its own dropped at the end; the server's default statement timeout (5 s) as in production.
 *
 *   npm run bench -- followers      (BENCH_FOLLOWERS=100000, PG_URL to override)
 */
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { openDatabase } from '#db/client';
import { createScratchDatabase } from './support/scratch-database';
import { replaceLineup } from '../functions/lib/domain/editions/write-lineups';
import { deliverDue } from '../functions/lib/outbox/deliver';

const FOLLOWERS = Number(process.env.BENCH_FOLLOWERS ?? 100_000);
const DRAIN = 5_000;

const scratch = await createScratchDatabase('followers');
const handle = await openDatabase({ url: scratch.url, poolSize: 4 });
const database = handle.db;
const count = async (query: ReturnType<typeof sql>) =>
  Number(((await database.execute(query)) as unknown as { rows: { n: string }[] }).rows[0].n);

try {
  await handle.migrate();
  const seedStart = performance.now();
  await database.execute(
    sql`insert into users (email, name) select 'f' || g || '@bench.test', 'Fan ' || g from generate_series(1, ${FOLLOWERS} + 1) g`,
  );
  const start = new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10);
  await database.execute(
    sql`insert into festivals (name, dedupe_key, status, location, start_date, end_date)
      values ('Bench Fest', 'bench fest|', 'approved', 'Madrid, España', ${start}, ${start})`,
  );
  const [{ id: editionId }] = (
    (await database.execute(sql`select id from festival_editions limit 1`)) as unknown as { rows: { id: number }[] }
  ).rows;
  await database.execute(sql`insert into artists (name, slug) values ('Bench Artist', 'bench-artist')`);
  const [{ id: artistId }] = (
    (await database.execute(sql`select id from artists where slug = 'bench-artist'`)) as unknown as {
      rows: { id: number }[];
    }
  ).rows;
  await database.execute(
    sql`insert into favorites (user_id, festival_id) select id, (select id from festivals limit 1) from users where id > 1`,
  );
  await database.execute(
    sql`insert into artist_follows (user_id, artist_id) select id, ${artistId} from users where id > 1`,
  );
  // A tenth in daily digest mode, a tenth with festival emails off: the preferences join does real work.
  await database.execute(
    sql`insert into user_preferences (user_id, digest) select id, 'daily' from users where id % 10 = 0`,
  );
  await database.execute(
    sql`insert into user_preferences (user_id, channels) select id, '{"festivals":{"inApp":true,"email":false,"push":false}}' from users where id % 10 = 1`,
  );
  await database.execute(sql`analyze`);
  console.log(
    `seeded ${FOLLOWERS.toLocaleString('en')} fans of the festival and followers of the artist in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
  );

  const t0 = performance.now();
  await replaceLineup(
    database,
    editionId,
    [{ artist_id: artistId, billing: 'regular', day: null, stage: null, starts_at: null, ends_at: null }],
    { id: 1, role: 'admin' },
  );
  const ms = performance.now() - t0;
  const notifications = await count(sql`select count(*) as n from notifications`);
  const emails = await count(sql`select count(*) as n from outbox where channel = 'email'`);
  const held = await count(sql`select count(*) as n from outbox where status = 'held'`);
  const rows = notifications + emails;
  console.log(
    `lineup save announced to ${FOLLOWERS.toLocaleString('en')} fans + ${FOLLOWERS.toLocaleString('en')} followers: ` +
      `${(ms / 1000).toFixed(2)} s in one transaction`,
  );
  console.log(
    `  ${notifications.toLocaleString('en')} in-app notifications, ${emails.toLocaleString('en')} email rows ` +
      `(${held.toLocaleString('en')} held for digests): ${Math.round(rows / (ms / 1000)).toLocaleString('en')} rows/s`,
  );

  const t1 = performance.now();
  await replaceLineup(
    database,
    editionId,
    [{ artist_id: artistId, billing: 'regular', day: null, stage: null, starts_at: null, ends_at: null }],
    { id: 1, role: 'admin' },
  );
  const again =
    (await count(sql`select count(*) as n from notifications`)) +
    (await count(sql`select count(*) as n from outbox where channel = 'email'`)) -
    rows;
  console.log(`same save again: ${((performance.now() - t1) / 1000).toFixed(2)} s, ${again} new rows`);

  const t2 = performance.now();
  const stats = await deliverDue(database, {
    senders: { email: async () => undefined },
    limit: DRAIN,
  });
  const drainS = (performance.now() - t2) / 1000;
  console.log(
    `worker drain, no-op sender, no rate limit: ${stats.sent.toLocaleString('en')} rows in ${drainS.toFixed(1)} s = ` +
      `${Math.round(stats.sent / drainS)} rows/s (one transaction per row; real sends go at MAIL_PER_SECOND)`,
  );
  console.log(
    `load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
} finally {
  await handle.close();
  await scratch.drop();
}
