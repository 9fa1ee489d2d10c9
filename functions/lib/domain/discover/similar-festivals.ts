import { sql } from 'drizzle-orm';
import { todayIso } from '#core/dates';
import { toCard } from '#core/festival-card';
import type { SimilarFestival } from '#core/responses/discover';
import type { Database } from '#db/client';
import type { AuthUser } from '../../app-env';
import { cachedBody, type CachedBody } from '../../cached-body';
import { kept } from '../../cache/kept';
import { sqlRows } from '../sql-rows';
import { visibleFestival } from '../festivals/festival-answer';
import { catalogFestival } from '../festivals/festival-store';

/*
 * GET /api/festivals/{id}/similar: the festival's neighbours the database keeps in festival_similar
 * (migration festival-similar-functions), shown as catalogue cards, upcoming first.
 */

/** Cards the answer holds at most. */
export const SIMILAR_MAX = 8;

interface SimilarRow {
  similar_id: number;
  score: number;
  genres: string[];
  distance_km: number | null;
  artists: { id: number; name: string }[] | string;
}

/** A festival's similar rows with the shared artists' names, strongest first: one statement. */
export async function similarRows(database: Database, festivalIds: number[]) {
  if (festivalIds.length === 0) return [];
  const ids = sql.join(
    festivalIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const rows = await sqlRows<SimilarRow & { festival_id: number }>(
    database,
    sql`select s.festival_id, s.similar_id, s.score, s.genres, s.distance_km,
        coalesce((select json_agg(json_build_object('id', a.id, 'name', a.name) order by u.n)
          from unnest(s.artist_ids) with ordinality u(id, n) join artists a on a.id = u.id), '[]') as artists
      from festival_similar s where s.festival_id in (${ids})
      order by s.festival_id, s.score desc, s.similar_id`,
  );
  return rows.map((row) => ({
    festivalId: Number(row.festival_id),
    similarId: Number(row.similar_id),
    score: Number(row.score),
    genres: row.genres ?? [],
    distanceKm: row.distance_km === null ? null : Number(row.distance_km),
    artists: (typeof row.artists === 'string' ? JSON.parse(row.artists) : row.artists) as {
      id: number;
      name: string;
    }[],
  }));
}

/** Whether a festival has not ended by `today` (YYYY-MM-DD). */
export const isUpcoming = (f: { start_date: string | null; end_date: string | null }, today: string) =>
  (f.end_date ?? f.start_date ?? '') >= today;

/** Up to 8 approved festivals from the rows, upcoming first, then by score. */
async function similarAnswer(database: Database, id: number, today: string): Promise<SimilarFestival[]> {
  const rows = await similarRows(database, [id]);
  const items: (SimilarFestival & { upcoming: boolean })[] = [];
  for (const row of rows) {
    const festival = await catalogFestival(database, row.similarId);
    if (!festival) continue;
    items.push({
      festival: toCard(festival),
      score: Math.round(row.score * 1000) / 1000,
      reasons: { shared_artists: row.artists, genres: row.genres, distance_km: row.distanceKm },
      upcoming: isUpcoming(festival, today),
    });
  }
  items.sort((a, b) => Number(b.upcoming) - Number(a.upcoming) || b.score - a.score);
  return items.slice(0, SIMILAR_MAX).map(({ upcoming: _upcoming, ...item }) => item);
}

/**
 * Kept per festival under the cache's one rule. Its stamp is the festival's similar version (moved
 * by the database whenever its rows change), the catalogue's (the cards and who is approved) and the
 * day (what is upcoming). Made of every festival and edition write, not only this festival's: a
 * change to another festival's lineup can change this one's neighbours.
 */
const answers = kept<number, CachedBody>({
  madeOf: ['festival', 'edition', 'artist'],
  maxBytes: 8 * 1024 * 1024,
  sizeOf: (body) => body.body.length * 2,
  stamp: async (id, database) => {
    const [row] = await sqlRows<{ stamp: string }>(
      database,
      sql`select coalesce((select version from festival_similar_versions where festival_id = ${id}), 0)::text
        || ':' || coalesce((select version from catalogue_version where id = 1), 0)::text as stamp`,
    );
    return `${row?.stamp}:${todayIso()}`;
  },
  load: async (id, database) => cachedBody(await similarAnswer(database, id, todayIso())),
});

/**
 * The answer for an approved festival (kept), an empty list for a pending one its proposer or an
 * admin may see (it has no neighbours until approved), and the 404 of a missing festival for anyone
 * else.
 */
export async function similarFestivals(database: Database, id: number, user: AuthUser | null) {
  if (await catalogFestival(database, id)) return { kept: await answers.get(id, database) };
  await visibleFestival(database, id, user);
  return { kept: null };
}
