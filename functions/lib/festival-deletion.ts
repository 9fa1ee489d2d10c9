import type { Database } from '#db/client';
import { deleteFestivalRows } from './domain/festivals/delete-festival';
import { written } from './cache/written';
import { removeStoredObjects } from './domain/uploads/stored-objects';

/**
 * Deletes a festival with everything that hangs from it (genres, comments, media, votes, reports,
 * favourites, uploads cascade in the database) and then the stored objects of its media and uploads.
 * Records the deletion in the audit log. Returns false when there was no such festival.
 */
export async function deleteFestivalWithMedia(database: Database, id: number, actorId: number): Promise<boolean> {
  const keys = await deleteFestivalRows(database, id, actorId);
  if (keys === null) return false;
  // Everything kept about the festival: its row, editions, comments and gallery.
  for (const aggregate of ['festival', 'edition', 'comment', 'media'] as const) written(aggregate, id);
  await removeStoredObjects(database, keys);
  return true;
}
