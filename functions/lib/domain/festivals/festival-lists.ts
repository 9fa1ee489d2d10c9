import { sql } from 'drizzle-orm';
import type { Database } from '#db/client';
import type { AuthUser } from '../../app-env';
import type { ListPage } from '../../cached-body';
import { kept } from '../../cache/kept';
import type { Aggregate } from '../../cache/written';
import { sqlRows } from '../sql-rows';
import { requireVisibleFestival } from './festival-access';
import { catalogFestival } from './festival-store';

/*
 * A festival's public lists (comments, gallery): pages kept per festival and range under the
 * cache's one rule, checked by the festival's list version, which triggers move on every write to
 * the rows behind a list (migration 0002, festival_list_versions) whoever made it. A page kept
 * for an approved festival is answered without SQL; the version is read when it is checked.
 */

/** The festival's list version: one primary-key read (0 before its first write). */
async function listVersion(database: Database, festivalId: number, column: 'comments_version' | 'media_version') {
  const [row] = await sqlRows<{ version: string | null }>(
    database,
    sql`select ${sql.raw(column)}::text as version from festival_list_versions where festival_id = ${festivalId}`,
  );
  return row?.version ?? '0';
}

/** Pages of one of a festival's lists, keyed "festival:range". */
export function festivalListPages<T>(
  aggregate: Extract<Aggregate, 'comment' | 'media'>,
  load: (database: Database, festivalId: number, range: string) => Promise<ListPage<T>>,
) {
  const column = aggregate === 'comment' ? 'comments_version' : 'media_version';
  const festivalOf = (key: string) => Number(key.slice(0, key.indexOf(':')));
  return kept<string, ListPage<T>>({
    madeOf: [aggregate],
    keyedBy: 'festival',
    idOf: festivalOf,
    maxBytes: 16 * 1024 * 1024,
    sizeOf: (page) => page.body.length * 2,
    // An author's name is in no version: the minute in the stamp makes a page again once a minute.
    stamp: async (key, database) =>
      `${await listVersion(database, festivalOf(key), column)}:${Math.floor(Date.now() / 60_000)}`,
    load: (key, database) => load(database, festivalOf(key), key.slice(key.indexOf(':') + 1)),
  });
}

/**
 * Whether `user` may see the festival's lists: an approved festival (the kept catalogue) for
 * anyone, and otherwise what festival-access.ts says (404 for anyone else). True when approved.
 */
export async function festivalListsVisible(database: Database, id: number, user: AuthUser | null): Promise<boolean> {
  if (await catalogFestival(database, id)) return true;
  await requireVisibleFestival(database, id, user);
  return false;
}
