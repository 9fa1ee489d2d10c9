import { eq } from 'drizzle-orm';
import type { Executor } from '#db/client';
import { usersTable } from '#db/schema';

/**
 * Holds the user's row until the transaction ends, so one user's writes that check a per-user
 * limit (a count, then an insert) run one after the other: two concurrent ones would otherwise both
 * count room for one more. Other users are not held up.
 */
export async function lockUserForLimit(tx: Executor, userId: number): Promise<void> {
  await tx.select({ id: usersTable.id }).from(usersTable).where(eq(usersTable.id, userId)).for('no key update');
}
