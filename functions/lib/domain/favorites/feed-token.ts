import { sql } from 'drizzle-orm';
import type { Executor } from '#db/client';
import { feedTokensTable } from '#db/schema';

/**
 * The secret of a user's private favourites calendar: one per user; asking again replaces it, so
 * the old address stops working at once (a leaked link is revoked by asking for a new one).
 */
export async function renewFeedToken(database: Executor, userId: number): Promise<string> {
  const [row] = await database
    .insert(feedTokensTable)
    .values({ userId })
    .onConflictDoUpdate({
      target: feedTokensTable.userId,
      set: { token: sql`gen_random_uuid()`, createdAt: sql`now()` },
    })
    .returning({ token: feedTokensTable.token });
  return row.token;
}
