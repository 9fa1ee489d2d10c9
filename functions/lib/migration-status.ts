import { sql } from 'drizzle-orm';
import journal from '../../migrations/meta/_journal.json';
import type { Database } from '#db/client';
import { pgErrorCode } from './errors';

/** Migrations this code was built with: the drizzle-kit journal, bundled into the function. */
export const expectedMigrations = journal.entries.length;

/** How many migrations drizzle's migrator has recorded; 0 on a database it never ran on. */
export async function appliedMigrations(database: Database): Promise<number> {
  try {
    const result = await database.execute(sql`select count(*)::int as applied from drizzle.__drizzle_migrations`);
    return Number((result as unknown as { rows: { applied: number }[] }).rows[0].applied);
  } catch (error) {
    // Undefined table or schema: nothing was ever migrated here.
    if (pgErrorCode(error) === '42P01' || pgErrorCode(error) === '3F000') return 0;
    throw error;
  }
}
