import { eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { festivalFilterQuerySchema } from '#core/festival-schemas';
import type { DuplicateRef, Festival, PendingFestival } from '#core/response-schemas';
import type { FestivalStatus } from '#core/types';
import type { Database, Executor } from '#db/client';
import { festivalsTable } from '#db/schema';
import { jsonObjectOf, type FieldsOf, type Selection } from '../sql-json';
import { sqlRows } from '../sql-rows';
import { catalogResponse, type CachedBody } from './festival-store';
import { festivalSelection } from './festival-rows';

/**
 * The admin's festival lists, built as JSON by Postgres and passed through as text (decision 012):
 * the panel fires all lists at once, and on Node's one thread mapping and serialising thousands of
 * rows per list was most of each round (bench/admin.ts). The fields are the catalogue's own
 * (`festivalSelection`), so both answers have the same keys, order and formats.
 */

/** Whether a festival can be put on the map: both coordinates, and not the 0,0 of an empty geocode. */
const hasValidCoordinatesSql = sql`${festivalsTable.latitude} is not null and ${festivalsTable.longitude} is not null
  and not (${festivalsTable.latitude} = 0 and ${festivalsTable.longitude} = 0)`;

const festivalFields = {
  ...festivalSelection,
  hasValidCoordinates: hasValidCoordinatesSql,
} satisfies FieldsOf<Festival>;

/** Another festival with the same duplicate key, as the pending queue names it (the subquery's rows are "o"). */
const other = alias(festivalsTable, 'o');
const duplicateRefFields = {
  id: other.id,
  name: other.name,
  status: other.status,
  proposed_by: other.proposedBy,
} satisfies FieldsOf<DuplicateRef>;

/**
 * What only an admin sees of a proposal: the other pending or approved festivals with its name and
 * location, and what its proposer typed for its edition (the lineup's artist names in order and
 * the tickets).
 */
const pendingFestivalFields = {
  ...festivalFields,
  possibleDuplicates: sql`(select coalesce(json_agg(${jsonObjectOf(duplicateRefFields)} order by ${other.status}, ${other.id}), '[]') from festivals "o"
      where ${other.dedupeKey} = ${festivalsTable.dedupeKey} and ${other.id} <> ${festivalsTable.id} and ${other.status} in ('pending', 'approved'))`,
  proposal: {
    lineup: sql`(select coalesce(json_agg(a.name order by le.position), '[]') from lineup_entries le
      join artists a on a.id = le.artist_id where le.edition_id = ${festivalsTable.currentEditionId})`,
    ticket_url: sql`(select t.ticket_url from edition_tickets t where t.edition_id = ${festivalsTable.currentEditionId})`,
    price_from: sql`(select t.price_from::float8 from edition_tickets t where t.edition_id = ${festivalsTable.currentEditionId})`,
  },
} satisfies FieldsOf<PendingFestival>;

const newestFirst = sql`${festivalsTable.createdAt} desc, ${festivalsTable.id} desc`;

interface Page {
  limit?: number;
  offset?: number;
}

/** The festivals matching `where`, newest first, as JSON text. */
async function festivalsJson(
  database: Executor,
  fields: Selection,
  where: SQL,
  { limit, offset = 0 }: Page = {},
): Promise<string> {
  const range = sql`${limit === undefined ? sql`` : sql`limit ${limit}`} offset ${offset}`;
  const [row] = await sqlRows<{ body: string | null }>(
    database,
    sql`select coalesce(json_agg(${jsonObjectOf(fields)} order by festivals.ord), '[]')::text as body
      from (select festivals.*, row_number() over (order by ${newestFirst}) as ord from festivals where ${where} order by ${newestFirst} ${range}) festivals`,
  );
  return row?.body ?? '[]';
}

/** The proposals awaiting moderation, newest first, with their possible duplicates and edition, as JSON text. */
export const pendingFestivalsJson = (database: Executor, range: { limit: number; offset: number }) =>
  festivalsJson(database, pendingFestivalFields, eq(festivalsTable.status, 'pending'), range);

/** The query of a plain GET /api/festivals, so the approved group shares its cached body. */
const WHOLE_CATALOGUE = festivalFilterQuerySchema.parse({});

// The approved part is the catalogue's cached answer (decision 001), read back once per snapshot.
const approvedByBody = new WeakMap<CachedBody, Festival[]>();
function approvedFestivals(cached: CachedBody): Festival[] {
  let festivals = approvedByBody.get(cached);
  if (!festivals) approvedByBody.set(cached, (festivals = JSON.parse(cached.body) as Festival[]));
  return festivals;
}

const festivalList = async (database: Database, status: FestivalStatus) =>
  JSON.parse(await festivalsJson(database, festivalFields, eq(festivalsTable.status, status))) as Festival[];

/**
 * Every festival the admin table lists, grouped by status: pending (newest first), approved (by
 * start date, as the public list), rejected (newest first); only one group when `status` is given.
 */
export async function adminFestivals(database: Database, status?: FestivalStatus): Promise<Festival[]> {
  const wants = (s: FestivalStatus) => !status || status === s;
  const groups = await Promise.all([
    wants('pending') ? festivalList(database, 'pending') : [],
    wants('approved') ? catalogResponse(database, WHOLE_CATALOGUE).then(approvedFestivals) : [],
    wants('rejected') ? festivalList(database, 'rejected') : [],
  ]);
  return groups.flat();
}
