/**
 * Ratings figures: what reading the catalogue's averageRating and ratingsCount costs with a large
 * comments table, read from the counters the triggers keep (festival_ratings) against aggregating
 * comments at read time (the old way, and the one-rating-per-user rule done the same way), plus
 * what the triggers add to approving a comment and what the migration's backfill takes.
 * PostgreSQL server (a database of its own, dropped at the end).
 *
 *   npx tsx bench/ratings.ts      (BENCH_COMMENTS=1000000, PG_URL to override)
 */
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { openDatabase } from '#db/client';
import { createScratchDatabase } from './support/scratch-database';
import { selectFestivals } from '../functions/lib/domain/festivals/festival-rows';
import { percentile } from './support/measure';

const COMMENTS = Number(process.env.BENCH_COMMENTS ?? 1_000_000);
const FESTIVALS = 300;
const USERS = 5_000;
const RUNS = 15;

const scratch = await createScratchDatabase('ratings');
const handle = await openDatabase({ url: scratch.url, poolSize: 2 });
const database = handle.db;

async function timed(label: string, work: () => Promise<unknown>, runs = RUNS) {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await work();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  console.log(
    `${label.padEnd(58)} p50 ${percentile(times, 50).toFixed(1).padStart(8)} ms   p95 ${percentile(times, 95).toFixed(1).padStart(8)} ms`,
  );
}

try {
  await handle.migrate();
  const seedStart = performance.now();
  await database.execute(
    sql`insert into users (email, name) select 'r' || g || '@bench.test', 'Persona ' || g from generate_series(1, ${USERS}) g`,
  );
  await database.execute(sql`insert into festivals (name, dedupe_key, status, start_date)
    select 'Bench ' || g, 'bench ' || g || '|', 'approved', current_date + g from generate_series(1, ${FESTIVALS}) g`);
  // Seeded with the rating triggers off, then counted by the migration's own backfill SQL (timed).
  await database.execute(sql`alter table comments disable trigger comments_rating_insert`);
  await database.execute(sql`insert into comments (festival_id, user_id, content, rating, status, created_at)
    select 1 + g % ${FESTIVALS}, 1 + (g * 7) % ${USERS}, 'Comentario ' || g, 1 + g % 5,
      case when g % 3 = 0 then 'pending' else 'approved' end, now() - make_interval(secs => g)
    from generate_series(1, ${COMMENTS}) g`);
  await database.execute(sql`alter table comments enable trigger comments_rating_insert`);
  console.log(
    `seeded ${COMMENTS.toLocaleString('en')} comments on ${FESTIVALS} festivals in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
  );
  const backfillStart = performance.now();
  await database.execute(sql`insert into festival_user_ratings (festival_id, user_id, comment_id, rating)
    select distinct on (c.festival_id, c.user_id) c.festival_id, c.user_id, c.id, c.rating from comments c
    where c.status = 'approved' order by c.festival_id, c.user_id, c.created_at desc, c.id desc`);
  await database.execute(sql`insert into festival_ratings (festival_id, ratings_count, ratings_sum)
    select festival_id, count(*)::int, sum(rating)::int from festival_user_ratings group by festival_id`);
  console.log(
    `migration backfill (festival_user_ratings + festival_ratings): ${((performance.now() - backfillStart) / 1000).toFixed(2)} s`,
  );
  await database.execute(sql`vacuum analyze`);
  console.log(
    `load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}\n`,
  );

  await timed('catalogue ratings, counters (festival_ratings)', () =>
    database.execute(sql`select f.id, round(r.ratings_sum::numeric / nullif(r.ratings_count, 0), 2), r.ratings_count
      from festivals f left join festival_ratings r on r.festival_id = f.id where f.status = 'approved'`),
  );
  await timed('whole catalogue read with genres (selectFestivals)', () =>
    selectFestivals(database, sql`status = 'approved'`),
  );
  await timed('catalogue ratings, avg over all comments (before)', () =>
    database.execute(sql`select f.id, (select round(avg(c.rating)::numeric, 2) from comments c where c.festival_id = f.id),
      (select count(*) from comments c where c.festival_id = f.id) from festivals f where f.status = 'approved'`),
  );
  await timed(
    'catalogue ratings, newest approved per user at read time',
    () =>
      database.execute(sql`select l.festival_id, round(avg(l.rating)::numeric, 2), count(*) from (
      select distinct on (festival_id, user_id) festival_id, rating from comments where status = 'approved'
      order by festival_id, user_id, created_at desc, id desc) l group by l.festival_id`),
    5,
  );

  // Approving one pending comment: the update plus the trigger's work, in one transaction.
  const pending = (
    (await database.execute(
      sql`select id from comments where status = 'pending' order by id limit ${RUNS}`,
    )) as unknown as { rows: { id: number }[] }
  ).rows.map((r) => r.id);
  let next = 0;
  await timed('approve one comment (with rating triggers)', () =>
    database.execute(sql`update comments set status = 'approved' where id = ${pending[next++]}`),
  );
  await database.execute(sql`alter table comments disable trigger comments_rating_update`);
  const more = (
    (await database.execute(
      sql`select id from comments where status = 'pending' order by id desc limit ${RUNS}`,
    )) as unknown as { rows: { id: number }[] }
  ).rows.map((r) => r.id);
  next = 0;
  await timed('approve one comment (triggers disabled, for comparison)', () =>
    database.execute(sql`update comments set status = 'approved' where id = ${more[next++]}`),
  );
} finally {
  await handle.close();
  await scratch.drop();
}
