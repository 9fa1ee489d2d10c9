import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '#db/client';
import { isoTimestamp as iso } from '../lib/domain/sql-json';

/**
 * The admin queues are built as JSON by Postgres and passed through as text: the panel fires all
 * lists at once, and on Node's one thread mapping and serialising thousands of rows per list was
 * most of each round (bench/admin.ts). The shape is core/response-schemas' Festival
 * (comments, media and reports: their field lists in functions/lib/domain); tests compare them with the objects the other routes send.
 */
export const JSON_CONTENT_TYPE = { 'Content-Type': 'application/json; charset=utf-8' };

export async function jsonArray(database: Executor, query: SQL): Promise<string> {
  const result = (await database.execute(query)) as unknown as { rows: Array<{ body: string | null }> };
  return result.rows[0]?.body ?? '[]';
}


export interface Page {
  limit?: number;
  offset?: number;
}

const page = ({ limit, offset = 0 }: Page) => sql`${limit === undefined ? sql`` : sql`limit ${limit}`} offset ${offset}`;

/**
 * Festival objects (genres and rating aggregates as in functions/lib/domain/festivals/festival-store.ts). With
 * `duplicates` (the pending queue), each also lists the other pending or approved festivals with
 * its name and location, which only admins may see, and what its proposer typed for its edition:
 * the lineup's artist names in order and the tickets (core/response-schemas PendingFestival).
 */
export function festivalsJson(where: SQL, orderBy: SQL, range: Page = {}, options: { duplicates?: boolean } = {}): SQL {
  const duplicates = options.duplicates
    ? sql`, 'possibleDuplicates', (select coalesce(json_agg(json_build_object('id', o.id, 'name', o.name, 'status', o.status, 'proposed_by', o.proposed_by)
        order by o.status, o.id), '[]') from festivals o
        where o.dedupe_key = f.dedupe_key and o.id <> f.id and o.status in ('pending', 'approved')),
      'proposal', json_build_object(
        'lineup', (select coalesce(json_agg(a.name order by le.position), '[]') from lineup_entries le
          join artists a on a.id = le.artist_id where le.edition_id = f.current_edition_id),
        'ticket_url', (select t.ticket_url from edition_tickets t where t.edition_id = f.current_edition_id),
        'price_from', (select t.price_from::float8 from edition_tickets t where t.edition_id = f.current_edition_id))`
    : sql``;
  return sql`select coalesce(json_agg(json_build_object(
      'id', f.id, 'name', f.name, 'description', f.description, 'location', f.location, 'address', f.address,
      'start_date', f.start_date, 'end_date', f.end_date, 'website', f.website, 'image_url', f.image_url, 'status', f.status,
      'latitude', f.latitude, 'longitude', f.longitude, 'geocoded_from', f.geocoded_from, 'geocoded_at', ${iso(sql`f.geocoded_at`)},
      'transportation', f.transportation, 'parking_info', f.parking_info, 'accommodation', f.accommodation,
      'proposed_by', f.proposed_by, 'created_at', ${iso(sql`f.created_at`)},
      'genres', coalesce(g.genres, '{}'),
      'averageRating', coalesce(round(r.ratings_sum::numeric / nullif(r.ratings_count, 0), 2)::float8, 0),
      'ratingsCount', coalesce(r.ratings_count, 0),
      'hasValidCoordinates', f.latitude is not null and f.longitude is not null and not (f.latitude = 0 and f.longitude = 0)
      ${duplicates}
    ) order by f.ord), '[]')::text as body
    from (select festivals.*, row_number() over (order by ${orderBy}) as ord from festivals where ${where} order by ${orderBy} ${page(range)}) f
    left join lateral (select array_agg(gn.name order by fg.position, gn.name) as genres
      from festival_genres fg join genres gn on gn.id = fg.genre_id where fg.festival_id = f.id) g on true
    left join festival_ratings r on r.festival_id = f.id`;
}
