import pg from 'pg';

/**
 * Runs `work` while 5 connections write as visitors do, each a write every 50 ms: a pending comment
 * on the busiest festival or a vote (new or changed) on one of its gallery's photos. Each write moves
 * that festival's list version, so the next read of its comments or gallery rebuilds the page;
 * neither changes the catalogue (a pending comment carries no rating yet, a vote is not in a card).
 */
export async function withWriters(
  databaseUrl: string,
  commentsFestival: number,
  galleryFestival: number,
  work: () => Promise<void>,
) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 5 });
  const { rows: photos } = await pool.query<{ id: number }>(
    "select id from media where festival_id = $1 and status = 'approved' and hidden_at is null order by uploaded_at desc, id desc limit 12",
    [galleryFestival],
  );
  const { rows: people } = await pool.query<{ lo: number; hi: number }>(
    'select min(id)::int as lo, max(id)::int as hi from users',
  );
  const person = () => people[0].lo + Math.floor(Math.random() * (people[0].hi - people[0].lo + 1));
  let running = true;
  let writes = 0;
  const writer = async (n: number) => {
    while (running) {
      if (n % 2 === 0) {
        await pool.query(
          "insert into comments (festival_id, user_id, content, rating) values ($1, $2, 'Escrito durante la carga', $3)",
          [commentsFestival, person(), 1 + (writes % 5)],
        );
      } else {
        await pool.query(
          `insert into media_votes (media_id, user_id, rating) values ($1, $2, $3)
           on conflict (media_id, user_id) do update set rating = excluded.rating, updated_at = now()`,
          [photos[writes % photos.length].id, person(), 1 + (writes % 5)],
        );
      }
      writes += 1;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const writers = [0, 1, 2, 3, 4].map((n) => writer(n));
  const started = performance.now();
  try {
    await work();
  } finally {
    running = false;
    await Promise.all(writers);
    console.log(
      `  (writers: ${writes} writes, ${(writes / ((performance.now() - started) / 1000)).toFixed(0)} a second)`,
    );
    await pool.end();
  }
}
