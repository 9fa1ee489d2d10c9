import { sql } from 'drizzle-orm';
import type { FestivalEditionFields } from '#core/lineup-types';
import type { Festival } from '#core/response-schemas';
import type { Database } from '#db/client';
import type { imageVariantsTable } from '#db/schema';
import type { AuthUser } from '../../app-env';
import { cachedBody, type CachedBody } from '../../cached-body';
import { kept } from '../../cache/kept';
import { isDatabaseUnavailable, notFound } from '../../errors';
import { imageInfo, imageInfoForUrl, keyCandidates } from '../../image-variant-records';
import { festivalEditionFields, NO_EDITION_FIELDS } from '../editions/read-editions';
import { sqlRows } from '../sql-rows';
import { FESTIVAL_NOT_FOUND, requireVisibleFestival } from './festival-access';
import { findFestival } from './festival-rows';
import { catalogFestival } from './festival-store';

/*
 * GET /api/festivals/{id}: a festival as its own page reads it, the catalogue's fields with its
 * current edition (lineup, tickets, years), the copies of its picture and its time zone.
 */

/**
 * Set times are read on the festival's clock whatever the visitor's device says (Gran Canaria is an
 * hour behind Barcelona); the page gets the zone here instead of shipping the zone map to phones.
 * The map (70 KB) is imported on the first festival answer, not when the function starts: every
 * list read would otherwise pay for it at a cold start.
 */
async function timeZoneOf(festival: Festival): Promise<string | null> {
  const { festivalTimeZone } = await import('#core/time-zone');
  return festivalTimeZone(festival);
}

/** A festival with what its page adds, read now (a pending proposal, a proposal's answer). Two queries. */
export async function festivalDetail(database: Database, festival: Festival) {
  const [editions, image, zone] = await Promise.all([
    festivalEditionFields(database, festival.id),
    imageInfoForUrl(database, festival.image_url).catch(() => null),
    timeZoneOf(festival),
  ]);
  return { ...festival, ...editions, image, time_zone: zone };
}

type VariantRow = typeof imageVariantsTable.$inferSelect;

/**
 * The edition fields the database keeps for the festival (migration edition-fields-functions), their
 * version and the record of its picture's copies: one statement of primary-key reads.
 */
async function readParts(database: Database, festival: Festival) {
  const candidates = festival.image_url ? keyCandidates(festival.image_url) : [];
  const image = candidates.length
    ? sql`(select to_json(i) from image_variants i where i.key in (${sql.join(
        candidates.map((key) => sql`${key}`),
        sql`, `,
      )}) order by length(i.key) desc limit 1)`
    : sql`null::json`;
  const [row] = await sqlRows<{
    version: string | null;
    fields: FestivalEditionFields | string | null;
    image: VariantRow | string | null;
  }>(
    database,
    sql`select v.version::text as version, v.fields, ${image} as image
      from (select 1) one left join festival_edition_versions v on v.festival_id = ${festival.id}`,
  );
  const parse = <T>(value: T | string | null | undefined) =>
    typeof value === 'string' ? (JSON.parse(value) as T) : value;
  return {
    version: row?.version ?? null,
    fields: parse(row?.fields) ?? NO_EDITION_FIELDS,
    image: parse(row?.image) ?? null,
  };
}

interface Answer {
  festival: Festival;
  /** The editions' version it was built under: null when built without the database. */
  version: string | null;
  body: CachedBody;
}

/**
 * Approved festivals' answers, kept per festival under the cache's one rule. A load is one
 * statement: the answer stays when neither the catalogue's festival nor the editions' version
 * moved, and is built again otherwise. While the database is down a festival read for the first
 * time is answered without its edition fields (the page still shows it), and one already kept stays.
 */
const answers = kept<number, Answer | null>({
  madeOf: ['festival', 'edition', 'comment', 'artist'],
  keyedBy: 'festival',
  maxBytes: 32 * 1024 * 1024,
  sizeOf: (answer) => (answer ? answer.body.body.length * 2 : 64),
  load: async (id, database, _stamp, old) => {
    const festival = await catalogFestival(database, id);
    if (!festival) return null;
    let parts: Awaited<ReturnType<typeof readParts>>;
    try {
      parts = await readParts(database, festival);
    } catch (error) {
      if (old || !isDatabaseUnavailable(error)) throw error;
      parts = { version: null, fields: NO_EDITION_FIELDS, image: null };
    }
    if (old && old.festival === festival && old.version !== null && old.version === parts.version) return old;
    const image = parts.image && festival.image_url ? imageInfo(parts.image, festival.image_url) : null;
    const detail = { ...festival, ...parts.fields, image, time_zone: await timeZoneOf(festival) };
    return { festival, version: parts.version, body: cachedBody(detail) };
  },
});

/**
 * The festival `user` may see (the catalogue's approved ones for anyone; a pending or rejected one
 * for its proposer and admins, festival-access.ts), or the 404 of a missing festival.
 */
export async function visibleFestival(database: Database, id: number, user: AuthUser | null): Promise<Festival> {
  const approved = await catalogFestival(database, id);
  if (approved) return approved;
  await requireVisibleFestival(database, id, user);
  const festival = await findFestival(database, id);
  if (!festival) throw notFound(FESTIVAL_NOT_FOUND, 'festival_not_found');
  return festival;
}

/**
 * GET /api/festivals/{id}: an approved festival's kept answer (`kept`), or a pending one's detail
 * read now for its proposer or an admin (`detail`); 404 for anyone else.
 */
export async function festivalAnswer(database: Database, id: number, user: AuthUser | null) {
  // The answer follows the catalogue: a festival the lists show changed is built again now.
  const approved = await catalogFestival(database, id);
  let answer = approved ? await answers.get(id, database) : null;
  if (approved && answer?.festival !== approved) answer = await answers.get(id, database, { refresh: true });
  if (answer) return { kept: answer.body, approved: true as const };
  const festival = await visibleFestival(database, id, user);
  return { detail: await festivalDetail(database, festival), approved: false as const };
}

/** Drops every kept festival answer (benchmarks of a festival nobody asked for before). */
export const forgetFestivalAnswers = () => answers.clear();
