import { sql } from 'drizzle-orm';
import type { Database } from '#db/client';
import { festivalsTable, mediaTable } from '#db/schema';
import { removeVariants } from '../../image-variant-removal';
import { hiddenKey } from '../../storage/pending';
import { sqlRows } from '../sql-rows';

/**
 * Deletes stored objects after the rows that pointed at them are gone, skipping keys something
 * still uses: a media row, or a festival whose image URL names the key (an admin's upload that
 * became a festival's picture outlives the admin's account). Failures are logged, not thrown: the
 * database change already happened and an orphaned object is harmless.
 */
export async function removeStoredObjects(database: Database, keys: string[]): Promise<void> {
  const unique = [...new Set(keys.filter(Boolean))];
  if (unique.length === 0) return;
  const keyList = sql.join(
    unique.map((key) => sql`(${key}::text)`),
    sql`, `,
  );
  const stillUsed = await sqlRows<{ key: string }>(
    database,
    sql`
    select k.key from (values ${keyList}) as k(key)
    where exists (select 1 from ${mediaTable} where ${mediaTable.storageKey} = k.key)
       or exists (select 1 from ${festivalsTable} where right(${festivalsTable.imageUrl}, length(k.key) + 1) = '/' || k.key)`,
  );
  const used = new Set(stillUsed.map((r) => r.key));
  // Loaded here, not with the module: the festivals function serves reads on nearly every
  // invocation and deletes rarely, and the storage brings the S3 client, the dearest part of its start.
  const { storage } = await import('../../storage/storage');
  const store = storage();
  const unused = unique.filter((key) => !used.has(key));
  await removeVariants(database, unused).catch((error: unknown) =>
    console.error('[storage] could not delete copies', error),
  );
  // A hidden photo lives under its hidden key (domain/media/hidden-files.ts): both go.
  await Promise.all(
    unused
      .flatMap((key) => [key, hiddenKey(key)])
      .map((key) =>
        store.delete(key).catch((error: unknown) => console.error('[storage] could not delete', key, error)),
      ),
  );
}
