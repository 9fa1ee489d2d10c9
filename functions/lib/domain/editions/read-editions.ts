import { sql } from 'drizzle-orm';
import type { Edition, EditionSummary, FestivalEditionFields, LineupEntry, Tickets } from '#core/lineup-types';
import type { FactSource, Tier } from '#core/price-tier-schemas';
import type { Accessibility, Conditions } from '#core/trip-fact-schemas';
import type { FactFilter } from '#core/trip-fact-filters';
import type { Database } from '#db/client';
import { sqlRows } from '../sql-rows';
import { cachedBody, PER_REQUEST_BROTLI_QUALITY, type CachedBody } from '../../cached-body';
import { kept } from '../../cache/kept';
import { isDatabaseUnavailable } from '../../errors';

type Row = Record<string, unknown>;

/** A json column: parsed already by one driver, a string from another. */
const parseJson = <T>(value: unknown): T | null =>
  value === null || value === undefined ? null : typeof value === 'string' ? (JSON.parse(value) as T) : (value as T);

const isoInstant = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).toISOString());

function toTickets(row: Row): Tickets | null {
  if (row.t_edition_id === null || row.t_edition_id === undefined) return null;
  return {
    price_from: row.price_from === null ? null : Number(row.price_from),
    price_to: row.price_to === null ? null : Number(row.price_to),
    currency: row.currency as string,
    ticket_url: (row.ticket_url as string | null) ?? null,
    on_sale_at: isoInstant(row.on_sale_at),
    sold_out: Boolean(row.sold_out),
  };
}

function toSummary(row: Row): EditionSummary {
  return {
    id: Number(row.id),
    year: Number(row.year),
    start_date: row.start_date as string,
    end_date: (row.end_date as string | null) ?? null,
    status: row.status as EditionSummary['status'],
    averageRating: row.average_rating === null ? 0 : Number(row.average_rating),
    ratingsCount: Number(row.ratings_count ?? 0),
  };
}

function toEntry(row: Row): LineupEntry {
  return {
    id: Number(row.id),
    artist: { id: Number(row.artist_id), name: row.artist_name as string, slug: row.artist_slug as string },
    billing: row.billing as LineupEntry['billing'],
    day: (row.day as string | null) ?? null,
    stage: (row.stage as string | null) ?? null,
    starts_at: isoInstant(row.starts_at),
    ends_at: isoInstant(row.ends_at),
    live_status: (row.live_status as LineupEntry['live_status']) ?? 'on_time',
    delay_minutes: Number(row.delay_minutes ?? 0),
  };
}

/**
 * Every edition of a festival with its tickets and its rating by year, newest first: one query.
 * The rating of a year counts each author once (their newest approved comment naming that year),
 * as the festival's own rating does; one festival's comments are read through its index.
 */
function editionRows(database: Database, festivalId: number) {
  return sqlRows(
    database,
    sql`select e.id, e.year, e.start_date, e.end_date, e.status, e.notes, e.id = f.current_edition_id as is_current,
        t.edition_id as t_edition_id, t.price_from, t.price_to, t.currency, t.ticket_url, t.on_sale_at, t.sold_out,
        edition_tiers_json(e.id) as tiers, edition_fact_source_json(e.id, 'tiers') as tiers_source,
        edition_conditions_json(e.id) as conditions, edition_accessibility_json(e.id) as accessibility,
        r.average_rating, r.ratings_count
      from festival_editions e
      join festivals f on f.id = e.festival_id
      left join edition_tickets t on t.edition_id = e.id
      left join lateral (
        select round(avg(u.rating)::numeric, 2)::float8 as average_rating, count(*)::int as ratings_count
        from (select distinct on (c.user_id) c.rating from comments c
              where c.festival_id = e.festival_id and c.status = 'approved' and c.edition_year = e.year
              order by c.user_id, c.created_at desc, c.id desc) u
      ) r on true
      where e.festival_id = ${festivalId}
      order by e.year desc`,
  );
}

/** Lineup entries of the given editions, in poster order, with their artist: one query. */
function lineupRows(database: Database, editionFilter: ReturnType<typeof sql>) {
  return sqlRows(
    database,
    sql`select le.id, le.edition_id, le.artist_id, a.name as artist_name, a.slug as artist_slug,
        le.billing, le.day, le.stage, le.starts_at, le.ends_at, le.live_status, le.delay_minutes
      from lineup_entries le join artists a on a.id = le.artist_id
      where ${editionFilter}
      order by le.edition_id, le.position`,
  );
}

/** Every edition of a festival, newest first, with lineup and tickets, as read now (the admin's answers). Two queries. */
export async function festivalEditions(database: Database, festivalId: number): Promise<Edition[]> {
  const [editions, entries] = await Promise.all([
    editionRows(database, festivalId),
    lineupRows(database, sql`le.edition_id in (select id from festival_editions where festival_id = ${festivalId})`),
  ]);
  const byEdition = new Map<number, LineupEntry[]>();
  for (const row of entries) {
    const list = byEdition.get(Number(row.edition_id)) ?? [];
    list.push(toEntry(row));
    byEdition.set(Number(row.edition_id), list);
  }
  return editions.map((row) => ({
    ...toSummary(row),
    notes: (row.notes as string | null) ?? null,
    lineup: byEdition.get(Number(row.id)) ?? [],
    tickets: toTickets(row),
    tiers: parseJson<Tier[]>(row.tiers) ?? [],
    tiers_source: parseJson<FactSource>(row.tiers_source) ?? null,
    conditions: parseJson<Conditions>(row.conditions) ?? null,
    accessibility: parseJson<Accessibility>(row.accessibility) ?? null,
  }));
}

/** A festival without editions: what its answer adds. */
export const NO_EDITION_FIELDS: FestivalEditionFields = {
  edition: null,
  lineup: [],
  tickets: null,
  tiers: [],
  tiers_source: null,
  conditions: null,
  accessibility: null,
  editions: [],
  sources: [],
};

/**
 * What GET /api/festivals/{id} adds to a festival: its current edition in full, every year in
 * summary. Built by the database and kept beside the editions' version (migration
 * edition-fields-functions): one primary-key read.
 */
export async function festivalEditionFields(database: Database, festivalId: number): Promise<FestivalEditionFields> {
  const [row] = await sqlRows<{ fields: FestivalEditionFields | string | null }>(
    database,
    sql`select fields from festival_edition_versions where festival_id = ${festivalId}`,
  );
  const fields = row?.fields;
  return fields
    ? typeof fields === 'string'
      ? (JSON.parse(fields) as FestivalEditionFields)
      : fields
    : NO_EDITION_FIELDS;
}

/**
 * What the given festival's editions are built from, in one statement of primary-key reads: the
 * version triggers move on every write to its editions, lineups, tickets and the names of its
 * artists (festival_edition_versions), its comments' version (the rating of each year) and which
 * edition is current (moved by the daily refresh too, without touching an edition).
 */
async function editionsStamp(festivalId: number, database: Database): Promise<string> {
  const [row] = await sqlRows<{ editions: string | null; comments: string | null; current: number | null }>(
    database,
    sql`select (select version from festival_edition_versions where festival_id = ${festivalId})::text as editions,
        (select comments_version from festival_list_versions where festival_id = ${festivalId})::text as comments,
        (select current_edition_id from festivals where id = ${festivalId}) as current`,
  );
  return `${row?.editions ?? 0}:${row?.comments ?? 0}:${row?.current ?? ''}`;
}

/**
 * GET /api/festivals/{id}/editions serialised, with its ETag and compressed forms (made on first
 * use, at the middle brotli quality: the best one takes over a second on a long history), kept per
 * festival under the cache's freshness rule and checked by its stamp. 16 MB, counting a string's
 * two bytes per character.
 */
const editionAnswers = kept<number, CachedBody>({
  madeOf: ['edition', 'comment', 'artist', 'festival'],
  keyedBy: 'festival',
  maxBytes: 16 * 1024 * 1024,
  sizeOf: (body) => body.body.length * 2,
  stamp: editionsStamp,
  load: async (festivalId, database) =>
    cachedBody(await festivalEditions(database, festivalId), { brotliQuality: PER_REQUEST_BROTLI_QUALITY }),
});

/** GET /api/festivals/{id}/editions: every edition, newest first, with lineup and tickets. */
export const festivalEditionsBody = (database: Database, festivalId: number): Promise<CachedBody> =>
  editionAnswers.get(festivalId, database);

/** Festivals whose current edition's tickets start at or below `max` euros ('Precio máximo'). */
export async function festivalIdsWithPriceUpTo(database: Database, max: number): Promise<Set<number>> {
  const rows = await sqlRows(
    database,
    sql`select f.id from festivals f
    join edition_tickets t on t.edition_id = f.current_edition_id
    where t.price_from <= ${max}`,
  );
  return new Set(rows.map((r) => Number(r.id)));
}

/** What each fact filter asks of the current edition's conditions (c) and accessibility (a). */
const factConditions: Record<FactFilter, ReturnType<typeof sql>> = {
  food: sql`c.food = 'allowed'`,
  sealedFood: sql`c.food in ('allowed', 'sealed_only')`,
  freeWater: sql`c.water = 'free_fountains'`,
  allAges: sql`c.age_policy = 'all_ages'`,
  minorsWithGuardian: sql`c.age_policy in ('all_ages', 'minors_with_guardian')`,
  // Getting in and being able to stay: step-free access and an adapted toilet.
  wheelchair: sql`a.step_free and a.adapted_toilets`,
  freeCompanion: sql`a.companion_ticket = 'free'`,
  signLanguage: sql`a.sign_language`,
  campingIncluded: sql`c.camping = 'included'`,
  cashOk: sql`(c.cashless = false or c.cash_accepted)`,
};

/** Festivals whose current edition says every one of `facts` (an unknown fact never matches): one query. */
export async function festivalIdsWithFacts(database: Database, facts: readonly FactFilter[]): Promise<Set<number>> {
  const rows = await sqlRows(
    database,
    sql`select f.id from festivals f
    left join edition_conditions c on c.edition_id = f.current_edition_id
    left join edition_accessibility a on a.edition_id = f.current_edition_id
    where f.status = 'approved' and ${sql.join(
      facts.map((fact) => sql`coalesce(${factConditions[fact]}, false)`),
      sql` and `,
    )}`,
  );
  return new Set(rows.map((r) => Number(r.id)));
}

/**
 * The edition fields for a page answered while the database is down: the page still shows the
 * festival, without its lineup, instead of an error.
 */
export async function festivalEditionFieldsIfAvailable(
  database: Database,
  festivalId: number,
): Promise<FestivalEditionFields> {
  try {
    return await festivalEditionFields(database, festivalId);
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    return NO_EDITION_FIELDS;
  }
}
