import { sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { todayIso } from '#core/dates';
import type { Database } from '#db/client';
import { sqlRows } from '../domain/sql-rows';
import { etagOf, favoriteFeedFestivals, lineupsOf, renderIcs } from './calendar-feed';

/**
 * Private feeds by user: the ETag of the last body (cheap, many kept) and the body itself (large,
 * bounded by bytes). Each is valid only for the key it was made under.
 */
const etags = new LRUCache<number, { key: string; etag: string }>({ max: 100_000 });
const FEED_BODIES_MAX_BYTES = 16 * 1024 * 1024;
// Kept as UTF-8 bytes: what is sent, and what the bound counts (a 200-festival feed is about 180 KB).
const bodies = new LRUCache<number, { key: string; etag: string; body: Buffer }>({
  maxSize: FEED_BODIES_MAX_BYTES,
  sizeCalculation: (entry) => entry.body.byteLength,
});

export type FavoriteFeedAnswer =
  | { found: false }
  | { found: true; etag: string; notModified: true }
  | { found: true; etag: string; notModified: false; body: Buffer };

/**
 * The private calendar of a feed token. Calendar programs poll it every few hours with the ETag
 * they hold, and 200 festivals take tens of milliseconds to read and render, so the body is
 * rendered only when what it is made of changed. The key is the row the token finds: its owner
 * and the feed's content_version, which triggers (migration lineup-versions) move when the owner's
 * favourites change, or the editions, lineups or artists' names of festivals they favourited; with
 * the catalogue's version (raised on every write to festivals, their genres and ratings, decision
 * 001) and the day (past festivals leave the feed). One statement of indexed reads per request, so
 * a rotated token stops at once and no instance serves a body older than the last committed
 * change. Kept per process, bounded by bytes.
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
  const key = `${owner.content}:${owner.version}:${todayIso(now)}`;
  const known = etags.get(userId);
  if (known?.key === key && ifNoneMatch === known.etag) return { found: true, etag: known.etag, notModified: true };
  const cached = bodies.get(userId);
  if (cached?.key === key) return answer(cached.etag, cached.body, ifNoneMatch);
  const festivals = await favoriteFeedFestivals(database, userId, now);
  const text = renderIcs(
    'Mis festivales favoritos',
    festivals,
    now,
    await lineupsOf(
      database,
      festivals.map((f) => f.id),
    ),
  );
  const etag = etagOf(text);
  const body = Buffer.from(text, 'utf8');
  etags.set(userId, { key, etag });
  bodies.set(userId, { key, etag, body });
  return answer(etag, body, ifNoneMatch);
}

const answer = (etag: string, body: Buffer, ifNoneMatch: string | undefined): FavoriteFeedAnswer =>
  ifNoneMatch === etag ? { found: true, etag, notModified: true } : { found: true, etag, notModified: false, body };
