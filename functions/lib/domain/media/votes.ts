import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '#db/client';
import { mediaTable, mediaVoteCountsTable, mediaVotesTable } from '#db/schema';
import { notFound } from '../../errors';
import { MEDIA_NOT_FOUND, publicMedia, voteAverage } from './read-media';
import { written } from '../../cache/written';

/**
 * Votes on gallery items: one per signed-in user and item (1 to 5), on items of the public gallery
 * only; voting again replaces the vote.
 */

/** Records `userId`'s vote on item `id` and returns the item's new average and count; 404 when the item is not public. */
export async function castVote(
  database: Executor,
  userId: number,
  id: number,
  rating: number,
): Promise<{ rating: number; votesCount: number }> {
  const voted = await database
    .insert(mediaVotesTable)
    .select(
      database
        .select({
          mediaId: mediaTable.id,
          userId: sql<number>`${userId}::int`.as('user_id'),
          rating: sql<number>`${rating}::smallint`.as('rating'),
          createdAt: sql<Date>`now()`.as('created_at'),
          updatedAt: sql<Date>`now()`.as('updated_at'),
        })
        .from(mediaTable)
        .where(and(eq(mediaTable.id, id), publicMedia)),
    )
    .onConflictDoUpdate({
      target: [mediaVotesTable.mediaId, mediaVotesTable.userId],
      set: { rating: sql`excluded.rating`, updatedAt: sql`now()` },
    })
    .returning({ mediaId: mediaVotesTable.mediaId });
  if (voted.length === 0) throw notFound(MEDIA_NOT_FOUND, 'media_not_found');
  // One statement, so already committed (or in the caller's transaction, which commits before the next read).
  written('media');
  // The item's counter row, moved by the vote's own statement and committed with it.
  const [stats] = await database
    .select({ rating: voteAverage.mapWith(Number), votesCount: mediaVoteCountsTable.votesCount })
    .from(mediaVoteCountsTable)
    .where(eq(mediaVoteCountsTable.mediaId, id));
  return stats;
}
