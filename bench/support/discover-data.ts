/**
 * The generated catalogue of the discover benchmark, written straight into the database: festivals
 * in scenes (a scene's festivals share genres and book mostly the scene's artists), lineups of 30,
 * and the taste of generated visitors (each loves one scene). Deterministic for a seed.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '#db/client';

export const SCENES = 20;
export const LINEUP = 30;

/** Festivals, genres, artists and lineups; the similar rows are built afterwards by the caller. */
export async function writeCatalogue(database: Database, festivals: number, seed = 0.42) {
  const artists = festivals * 3;
  await database.transaction(async (tx) => {
    // Built in one go below: the commit-time refresh of each festival is left for the caller.
    await tx.execute(sql`set local festivales.similar_refresh = 'later'`);
    await tx.execute(sql`select setseed(${seed})`);
    await tx.execute(sql`insert into genres (name) select 'Escena ' || g from generate_series(0, 11) g
      on conflict do nothing`);
    await tx.execute(sql`create temp table bench_festivals on commit drop as
      with made as (
        insert into festivals (name, dedupe_key, location, start_date, end_date, status, latitude, longitude)
        select 'Banco ' || i, 'banco-' || i, 'Lugar ' || i, current_date + 30 + (i % 300), current_date + 32 + (i % 300),
          'approved', 36 + random() * 20, -9 + random() * 30
        from generate_series(1, ${festivals}) i
        returning id
      )
      select id, (row_number() over (order by id) - 1) % ${SCENES} as scene from made`);
    await tx.execute(sql`insert into festival_genres (festival_id, genre_id, position)
      select f.id, g.id, 0 from bench_festivals f join genres g on g.name = 'Escena ' || (f.scene % 12)
      union all
      select f.id, g.id, 1 from bench_festivals f join genres g on g.name = 'Escena ' || ((f.scene * 7 + 3) % 12)
      on conflict do nothing`);
    await tx.execute(sql`create temp table bench_artists on commit drop as
      with made as (
        insert into artists (name, slug) select 'Artista banco ' || k, 'artista-banco-' || k from generate_series(0, ${artists - 1}) k
        returning id
      )
      select id, (row_number() over (order by id) - 1) as k from made`);
    // 24 of the scene's artists (the first of a scene's pool more often: its well-known names) and 6 of anyone.
    await tx.execute(sql`insert into lineup_entries (edition_id, artist_id, position, billing)
      select e.id, p.artist_id, (row_number() over (partition by e.id order by p.artist_id) - 1)::smallint,
        case when row_number() over (partition by e.id order by p.artist_id) <= 3 then 'headliner' else 'regular' end
      from bench_festivals f
      join festivals fe on fe.id = f.id
      join festival_editions e on e.id = fe.current_edition_id
      cross join lateral (
        select distinct a.id as artist_id from generate_series(1, ${LINEUP}) s
        join bench_artists a on a.k = case when s <= 24
          then f.scene + ${SCENES} * floor(power(random(), 2) * ${artists / SCENES})::int
          else floor(random() * ${artists})::int end
      ) p`);
  });
}

export interface Visitor {
  scene: number;
  favorites: number[];
}

/** A small deterministic generator (mulberry32): the same visitors for the same seed. */
export function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Visitors with a coherent taste: each loves one scene and favourites 5 of its festivals, the
 * scene's best known more often (so popularity means something, and the baseline is fair).
 */
export function visitors(festivalIdsByScene: number[][], count: number, seed = 7): Visitor[] {
  const next = random(seed);
  return Array.from({ length: count }, () => {
    const scene = Math.floor(next() * festivalIdsByScene.length);
    const pool = festivalIdsByScene[scene];
    const favorites = new Set<number>();
    while (favorites.size < Math.min(5, pool.length)) favorites.add(pool[Math.floor(next() ** 2 * pool.length)]);
    return { scene, favorites: [...favorites] };
  });
}
