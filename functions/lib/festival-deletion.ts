import type { Database } from '#db/client';
import { deleteFestivalRows } from './domain/festivals/delete-festival';
import { invalidateCatalog } from './domain/festivals/festival-store';
import { removeStoredObjects } from './domain/uploads/stored-objects';

/**
 * Deletes a festival with everything that hangs from it (genres, comments, media, votes, reports,
 * favourites, uploads cascade in the database) and then the stored objects of its media and uploads.
 * Records the deletion in the audit log. Returns false when there was no such festival.
 */
export async function deleteFestivalWithMedia(database: Database, id: number, actorId: number): Promise<boolean> {
  const keys = await deleteFestivalRows(database, id, actorId);
  if (keys === null) return false;
  invalidateCatalog();
  await removeStoredObjects(database, keys);
  return true;
}
