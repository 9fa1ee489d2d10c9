import { sql } from 'drizzle-orm';
import { todayIso } from '#core/dates';
import type { Database } from '#db/client';
import { sqlRows } from '../domain/sql-rows';
import { etagOf, favoriteFeedFestivals, lineupsOf, renderIcs } from './calendar-feed';

/** Changes when the way a feed is written changes, so calendars holding an older body fetch it again. */
const FEED_FORMAT = 2;

export type FavoriteFeedAnswer =
  | { found: false }
  | { found: true; etag: string; notModified: true }
  | { found: true; etag: string; notModified: false; body: Buffer };

/**
 * The private calendar of a feed token. Calendar programs poll it every few hours with the ETag
 * they hold. The ETag is the state the body is made of, read with the token in one statement of
 * indexed reads: the row the token finds (its owner and the feed's content_version, which triggers
 * (migration lineup-versions) move when the owner's favourites change, or the editions, lineups or
 * artists' names of festivals they favourited), the catalogue's version (decision 001), the day
 * (past festivals leave the feed) and the feed's format. So a poll that holds it gets a 304 without
 * the body being read or written, a rotated token stops at once, and no instance answers a body
 * older than the last committed change. A body is rendered only for a poll whose calendar is out of
 * date (tens of milliseconds for 200 festivals, every few hours per calendar): nothing is kept.
 */
export async function favoriteFeed(
  database: Database,
  token: string,
  ifNoneMatch: string | undefined,
  now = new Date(),
): Promise<FavoriteFeedAnswer> {
  const [owner] = await sqlRows<{ user_id: number; content: string; version: string | null }>(
    database,
    sql`select t.user_id, t.content_version::text as content, (select version::text from catalogue_version where id = 1) as version
        from feed_tokens t where t.token = ${token}::uuid`,
  );
  if (!owner) return { found: false };
  const userId = Number(owner.user_id);
  const etag = etagOf(`${FEED_FORMAT}:${userId}:${owner.content}:${owner.version}:${todayIso(now)}`);
  if (ifNoneMatch === etag) return { found: true, etag, notModified: true };
  const festivals = await favoriteFeedFestivals(database, userId, now);
  const lineups = await lineupsOf(
    database,
    festivals.map((f) => f.id),
  );
  const body = Buffer.from(renderIcs('Mis festivales favoritos', festivals, now, lineups), 'utf8');
  return { found: true, etag, notModified: false, body };
}
