import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { usersTable } from '#db/schema';
import { testContext } from '../support/context';

/**
 * Interactive transactions through the driver under test (TEST_DB_DRIVER=neon: the Neon
 * serverless Pool over WebSocket, as in Lambda): commit, rollback on error, and concurrency.
 */
describe('transactions through the database driver', () => {
  const db = () => testContext().handle.db;
  const user = (tag: string) => ({ googleSub: `tx-${tag}`, email: `${tag}@tx.festivales.test`, name: tag });
  const count = async (tag: string) =>
    (
      await db()
        .select()
        .from(usersTable)
        .where(eq(usersTable.googleSub, `tx-${tag}`))
    ).length;

  it('commits, and rolls back everything when the callback throws', async () => {
    await db().transaction(async (tx) => {
      await tx.insert(usersTable).values(user('kept'));
    });
    await expect(
      db().transaction(async (tx) => {
        await tx.insert(usersTable).values(user('dropped'));
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(await count('kept')).toBe(1);
    expect(await count('dropped')).toBe(0);
  });

  it('rolls back on a constraint error inside the transaction and reports its code', async () => {
    const error = await db()
      .transaction(async (tx) => {
        await tx.insert(usersTable).values(user('dup-a'));
        await tx.insert(usersTable).values({ ...user('dup-b'), googleSub: 'tx-dup-a' });
      })
      .catch((e: unknown) => e as { cause?: { code?: string } });
    expect(error?.cause?.code).toBe('23505');
    expect(await count('dup-a')).toBe(0);
  });

  it('keeps concurrent transactions apart', async () => {
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        db()
          .transaction(async (tx) => {
            await tx.insert(usersTable).values(user(`parallel-${i}`));
            if (i % 2) throw new Error('odd');
          })
          .catch(() => undefined),
      ),
    );
    const kept = await Promise.all(Array.from({ length: 8 }, (_, i) => count(`parallel-${i}`)));
    expect(kept).toEqual([1, 0, 1, 0, 1, 0, 1, 0]);
  });
});
