import { and, eq, isNotNull } from 'drizzle-orm';
import type { Database } from '#db/client';
import { festivalsTable, mediaTable, uploadsTable } from '#db/schema';
import { pendingKey } from '../../storage/pending';
import { recordAudit } from '../audit/audit';

/**
 * Deletes festival `id` and every row that hangs from it (genres, comments, media, votes, reports,
 * favourites and uploads cascade in the database), audited with the storage keys it leaves
 * behind. Returns those keys for the caller to remove once the rows are gone, or null when there
 * was no such festival.
 */
export async function deleteFestivalRows(database: Database, id: number, actorId: number): Promise<string[] | null> {
  return database.transaction(async (tx) => {
    const [festival] = await tx
      .select({ name: festivalsTable.name, status: festivalsTable.status })
      .from(festivalsTable)
      .where(eq(festivalsTable.id, id))
      .for('update');
    if (!festival) return null;
    const mediaKeys = await tx
      .select({ key: mediaTable.storageKey })
      .from(mediaTable)
      .where(and(eq(mediaTable.festivalId, id), isNotNull(mediaTable.storageKey)));
    const uploads = await tx
      .select({ key: uploadsTable.key, status: uploadsTable.status })
      .from(uploadsTable)
      .where(eq(uploadsTable.festivalId, id));
    await tx.delete(festivalsTable).where(eq(festivalsTable.id, id));
    // An upload not confirmed yet has only its private copy; the cascade removes its row, and with it the sweep's trace.
    const uploadKeys = uploads.map((u) => (u.status === 'issued' ? pendingKey(u.key) : u.key));
    const storedKeys = [...new Set([...mediaKeys.map((r) => r.key as string), ...uploadKeys])];
    await recordAudit(tx, {
      actorId,
      action: 'delete',
      entity: 'festival',
      entityId: id,
      details: { name: festival.name, status: festival.status, storage_keys: storedKeys },
    });
    return storedKeys;
  });
}
