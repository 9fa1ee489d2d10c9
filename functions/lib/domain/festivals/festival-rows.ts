import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '#db/client';
import { festivalsTable } from '#db/schema';
import type { Festival } from '#core/response-schemas';

/*
 * How a festival is read from the database: the columns of its answer, its genres and the rating
 * counters in one query, and the mapping to the shape the API sends. The cached catalogue
 * (festival-store.ts) and every other reader of festivals use it.
 */

// Written with explicit aliases: drizzle renders columns unqualified in single-table selects, which
// would resolve to the inner table inside a correlated subquery.
const genresSql = sql<string[]>`coalesce((
  select array_agg(g.name order by fg.position, g.name)
  from festival_genres fg join genres g on g.id = fg.genre_id
  where fg.festival_id = "festivals"."id"), '{}')`;

// Ratings (averageRating and ratingsCount): one per user, approved comments only, read
// from the counters that triggers keep in festival_ratings (migration 0006), not aggregated here.
const ratingSql = sql<number>`coalesce((select round(r.ratings_sum::numeric / nullif(r.ratings_count, 0), 2)::float8
  from festival_ratings r where r.festival_id = "festivals"."id"), 0)`;
const ratingsCountSql = sql<number>`coalesce((select r.ratings_count from festival_ratings r where r.festival_id = "festivals"."id"), 0)`;

// 'Voy' / 'Me interesa' counts, kept by triggers in festival_attendance_counts (decision 095).
const goingSql = sql<number>`coalesce((select a.going_count from festival_attendance_counts a where a.festival_id = "festivals"."id"), 0)`;
const interestedSql = sql<number>`coalesce((select a.interested_count from festival_attendance_counts a where a.festival_id = "festivals"."id"), 0)`;

export const festivalSelection = {
  id: festivalsTable.id,
  name: festivalsTable.name,
  description: festivalsTable.description,
  location: festivalsTable.location,
  address: festivalsTable.address,
  start_date: festivalsTable.startDate,
  end_date: festivalsTable.endDate,
  website: festivalsTable.website,
  image_url: festivalsTable.imageUrl,
  status: festivalsTable.status,
  latitude: festivalsTable.latitude,
  longitude: festivalsTable.longitude,
  geocoded_from: festivalsTable.geocodedFrom,
  geocoded_at: festivalsTable.geocodedAt,
  transportation: festivalsTable.transportation,
  parking_info: festivalsTable.parkingInfo,
  accommodation: festivalsTable.accommodation,
  proposed_by: festivalsTable.proposedBy,
  created_at: festivalsTable.createdAt,
  genres: genresSql,
  averageRating: ratingSql.mapWith(Number),
  ratingsCount: ratingsCountSql.mapWith(Number),
  going_count: goingSql.mapWith(Number),
  interested_count: interestedSql.mapWith(Number),
};

export type FestivalRow = Omit<Festival, 'hasValidCoordinates' | 'geocoded_at' | 'created_at'> & {
  geocoded_at: Date | string | null;
  created_at: Date | string;
};

const validCoordinates = (lat: number | null, lon: number | null) =>
  lat !== null && lon !== null && Number.isFinite(lat) && Number.isFinite(lon) && !(lat === 0 && lon === 0);

export function toFestival(row: FestivalRow): Festival {
  return {
    ...row,
    genres: row.genres ?? [],
    hasValidCoordinates: validCoordinates(row.latitude, row.longitude),
    geocoded_at: row.geocoded_at ? new Date(row.geocoded_at).toISOString() : null,
    created_at: new Date(row.created_at).toISOString(),
  };
}

/** Festivals with genres and rating aggregates in one query. */
export async function selectFestivals(database: Database, where?: SQL): Promise<Festival[]> {
  const rows = await database
    .select(festivalSelection)
    .from(festivalsTable)
    .where(where)
    .orderBy(sql`${festivalsTable.startDate} asc nulls last`, festivalsTable.id);
  return rows.map(toFestival);
}

export async function findFestival(database: Database, id: number): Promise<Festival | null> {
  const [festival] = await selectFestivals(database, and(eq(festivalsTable.id, id)));
  return festival ?? null;
}
