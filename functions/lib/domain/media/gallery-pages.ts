import type { Media } from '#core/response-schemas';
import type { Database } from '#db/client';
import type { AuthUser } from '../../app-env';
import type { ListPage } from '../../cached-body';
import { festivalListPages, festivalListsVisible } from '../festivals/festival-lists';
import { countPublicMedia, listPublicMedia } from './read-media';

async function readPage(
  database: Database,
  festivalId: number,
  limit: number,
  offset: number,
): Promise<ListPage<Media>> {
  const [total, items] = await Promise.all([
    countPublicMedia(database, festivalId),
    listPublicMedia(database, festivalId, limit, offset),
  ]);
  return { items, body: JSON.stringify(items), total };
}

/** Pages of a festival's public gallery, kept per festival and range (festival-lists.ts). */
const pages = festivalListPages<Media>('media', (database, festivalId, range) => {
  const [limit, offset] = range.split(':').map(Number);
  return readPage(database, festivalId, limit, offset);
});

/**
 * GET /api/media/festival/{id}: a page of the public gallery with each item's votes, kept for an
 * approved festival (no SQL while checked), read now for a proposal its proposer or an admin sees.
 * The caller's own votes are added by the route. 404 for a festival the caller may not see.
 */
export async function festivalGallery(
  database: Database,
  festivalId: number,
  range: { limit: number; offset: number },
  user: AuthUser | null,
): Promise<ListPage<Media>> {
  if (!(await festivalListsVisible(database, festivalId, user))) {
    return readPage(database, festivalId, range.limit, range.offset);
  }
  return pages.get(`${festivalId}:${range.limit}:${range.offset}`, database);
}
