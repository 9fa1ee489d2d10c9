import type { SQL } from 'drizzle-orm';
import type { Executor } from '#db/client';

/** The rows of a raw SQL query, whichever driver runs it (each wraps them in its own result type). */
export async function sqlRows<T = Record<string, unknown>>(database: Executor, query: SQL): Promise<T[]> {
  return ((await database.execute(query)) as unknown as { rows: T[] }).rows;
}
