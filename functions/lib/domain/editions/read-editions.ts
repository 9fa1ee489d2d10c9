import { sql } from 'drizzle-orm';
import type { Edition, EditionSummary, FestivalEditionFields, LineupEntry, Tickets } from '#core/lineup-types';
import type { Database } from '#db/client';
import { sqlRows } from '../sql-rows';
import { isDatabaseUnavailable } from '../../errors';
import { cachedBody, PER_REQUEST_BROTLI_QUALITY, type CachedBody } from '../../cached-body';
import { writeGeneration } from '../write-generation';
import { VersionChecks, VersionedBodies } from './versioned-bodies';

type Row = Record<string, unknown>;

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

/** Every edition of a festival, newest first, with lineup and tickets. Two queries. */
async function readFestivalEditions(database: Database, festivalId: number): Promise<Edition[]> {
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
  }));
}

/** The current edition in full (the one whose dates the festival shows), every year in summary. Two queries. */
async function readFestivalEditionFields(database: Database, festivalId: number): Promise<FestivalEditionFields> {
  const [editions, entries] = await Promise.all([
    editionRows(database, festivalId),
    lineupRows(database, sql`le.edition_id = (select current_edition_id from festivals where id = ${festivalId})`),
  ]);
  const current = editions.find((row) => row.is_current === true);
  return {
    edition: current
      ? { id: Number(current.id), year: Number(current.year), status: current.status as EditionSummary['status'] }
      : null,
    lineup: entries.map(toEntry),
    tickets: current ? toTickets(current) : null,
    editions: editions.map(toSummary),
  };
}

/**
 * What the given festivals' editions are built from, in one statement of primary-key reads per
 * festival: the version triggers move on every write to its editions, lineups, tickets and the
 * names of its artists (festival_edition_versions), its comments' version (the rating of each
 * year) and which edition is current (moved by the daily refresh too, without touching an edition).
 */
async function editionsKeys(database: Database, festivalIds: number[]): Promise<Map<number, string>> {
  const rows = await sqlRows<{ id: number; editions: string | null; comments: string | null; current: number | null }>(
    database,
    sql`select i.id, (select version from festival_edition_versions where festival_id = i.id)::text as editions,
        (select comments_version from festival_list_versions where festival_id = i.id)::text as comments,
        (select current_edition_id from festivals where id = i.id) as current
      from unnest(${`{${festivalIds.join(',')}}`}::int[]) as i(id)`,
  );
  return new Map(rows.map((row) => [Number(row.id), `${row.editions ?? 0}:${row.comments ?? 0}:${row.current ?? ''}`]));
}

/**
 * Those keys as of at most a second ago, for every festival whose editions were asked for in the
 * last minute, read together in one background statement a second (decision 073): a request for
 * kept editions runs no SQL.
 * A write made through this process shows on the next request; one made elsewhere (the admin
 * function, the daily refresh, a script), within a second, like the festival page's answer.
 */
export const EDITIONS_FRESH_MS = 1000;
const editionsChecks = new VersionChecks<Database>(editionsKeys, {
  freshMs: EDITIONS_FRESH_MS,
  maxIds: 4096,
  generation: writeGeneration,
});
const editionsKey = (database: Database, festivalId: number) => editionsChecks.key(database, festivalId);

/**
 * Answers kept per festival under that key: its editions as built, the same serialised with their
 * ETag and compressed forms (made on first use, at the middle brotli quality: the best one takes
 * over a second on a long history), and the festival page's edition fields. 16 MB each, counting
 * a string's two bytes per character.
 */
interface EditionsAnswer {
  editions: Edition[];
  body: CachedBody;
}
const editionAnswers = new VersionedBodies<EditionsAnswer>(16 * 1024 * 1024, (answer) => answer.body.body.length * 2);
const editionFieldAnswers = new VersionedBodies<FestivalEditionFields>(
  16 * 1024 * 1024,
  (fields) => 2 * (1024 + 200 * fields.lineup.length + 100 * fields.editions.length),
);

async function editionsAnswer(database: Database, festivalId: number): Promise<EditionsAnswer> {
  const key = await editionsKey(database, festivalId);
  return editionAnswers.get(festivalId, key, async () => {
    const editions = await readFestivalEditions(database, festivalId);
    return { editions, body: cachedBody(editions, { brotliQuality: PER_REQUEST_BROTLI_QUALITY }) };
  });
}

/**
 * GET /api/festivals/{id}/editions: every edition, newest first, with lineup and tickets. No
 * statement while the kept answer is checked (editionsChecks), two more when it changed. Callers must not change it.
 */
export async function festivalEditions(database: Database, festivalId: number): Promise<Edition[]> {
  return (await editionsAnswer(database, festivalId)).editions;
}

/** The same answer serialised, with its ETag and compressed forms, for sendCachedBody. */
export async function festivalEditionsBody(database: Database, festivalId: number): Promise<CachedBody> {
  return (await editionsAnswer(database, festivalId)).body;
}

/**
 * The kept answer to GET /api/festivals/{id}/editions when it can be sent without waiting (its key
 * checked less than a second ago, no write here since), else undefined: the route then reads.
 */
export function keptFestivalEditionsBody(festivalId: number): CachedBody | undefined {
  const key = editionsChecks.peek(festivalId);
  return key === undefined ? undefined : editionAnswers.peek(festivalId, key)?.body;
}

/**
 * What GET /api/festivals/{id} adds: the current edition (the one whose dates the festival shows)
 * in full, every year in summary. Kept under the same key as the editions answer: no statement
 * while it is checked, two when it changed. Callers must not change it.
 */
export async function festivalEditionFields(database: Database, festivalId: number): Promise<FestivalEditionFields> {
  const key = await editionsKey(database, festivalId);
  return editionFieldAnswers.get(festivalId, key, () => readFestivalEditionFields(database, festivalId));
}

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

/**
 * The edition fields for a festival page answered from the last good catalogue while the database
 * is down: the page still shows the festival, without its lineup, instead of an error.
 */
export async function festivalEditionFieldsIfAvailable(
  database: Database,
  festivalId: number,
): Promise<FestivalEditionFields> {
  try {
    return await festivalEditionFields(database, festivalId);
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    return { edition: null, lineup: [], tickets: null, editions: [] };
  }
}
