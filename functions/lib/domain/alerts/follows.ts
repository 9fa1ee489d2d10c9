import { and, asc, count, eq } from 'drizzle-orm';
import { MAX_FOLLOWS } from '#core/alert-schemas';
import type { Database } from '#db/client';
import { artistFollowsTable, artistsTable } from '#db/schema';
import { conflict, notFound } from '../../errors';
import { lockUserForLimit } from './user-limit-lock';

export const ARTIST_NOT_FOUND = 'Artista no encontrado.';
export const TOO_MANY_FOLLOWS = `Ya sigues a ${MAX_FOLLOWS} artistas: deja de seguir alguno para seguir a otro.`;

/**
 * GET /api/follows: the public artists the user follows, oldest first. An artist known only from
 * lineups of proposals still pending is not public (its name is someone's private proposal).
 */
export async function listFollows(database: Database, userId: number) {
  const rows = await database
    .select({
      id: artistsTable.id,
      name: artistsTable.name,
      slug: artistsTable.slug,
      followedAt: artistFollowsTable.createdAt,
    })
    .from(artistFollowsTable)
    .innerJoin(artistsTable, eq(artistsTable.id, artistFollowsTable.artistId))
    .where(and(eq(artistFollowsTable.userId, userId), eq(artistsTable.isPublic, true)))
    .orderBy(asc(artistFollowsTable.createdAt), asc(artistsTable.id));
  return {
    artists: rows.map((r) => ({ id: r.id, name: r.name, slug: r.slug, followed_at: r.followedAt.toISOString() })),
  };
}

/** A public artist, or the 404 of one that does not exist. */
async function assertArtist(database: Database, artistId: number) {
  const [artist] = await database
    .select({ id: artistsTable.id })
    .from(artistsTable)
    .where(and(eq(artistsTable.id, artistId), eq(artistsTable.isPublic, true)));
  if (!artist) throw notFound(ARTIST_NOT_FOUND, 'artist_not_found');
}

/** Follows an artist; following one twice is not an error. Returns whether it was new. */
export async function followArtist(database: Database, userId: number, artistId: number): Promise<boolean> {
  await assertArtist(database, artistId);
  return database.transaction(async (tx) => {
    await lockUserForLimit(tx, userId);
    const [{ n }] = await tx
      .select({ n: count() })
      .from(artistFollowsTable)
      .where(eq(artistFollowsTable.userId, userId));
    const [already] = await tx
      .select({ id: artistFollowsTable.artistId })
      .from(artistFollowsTable)
      .where(and(eq(artistFollowsTable.userId, userId), eq(artistFollowsTable.artistId, artistId)));
    if (already) return false;
    if (n >= MAX_FOLLOWS) throw conflict(TOO_MANY_FOLLOWS, 'too_many_follows');
    const inserted = await tx
      .insert(artistFollowsTable)
      .values({ userId, artistId })
      .onConflictDoNothing()
      .returning({ id: artistFollowsTable.artistId });
    return inserted.length > 0;
  });
}

/** Stops following; an artist not followed is not an error, an unknown one is. */
export async function unfollowArtist(database: Database, userId: number, artistId: number): Promise<void> {
  const deleted = await database
    .delete(artistFollowsTable)
    .where(and(eq(artistFollowsTable.userId, userId), eq(artistFollowsTable.artistId, artistId)))
    .returning({ id: artistFollowsTable.artistId });
  if (deleted.length === 0) await assertArtist(database, artistId);
}
