import { eq } from 'drizzle-orm';
import type { Database } from '#db/client';
import { pushSubscriptionsTable } from '#db/schema';
import { forbidden, notFound } from '../../errors';

/** Devices one account may subscribe: a person's phones and computers, not a script's thousands. */
export const MAX_PUSH_DEVICES = 20;

/**
 * Subscribes a browser. An endpoint is one browser profile: subscribed again by another account
 * (someone else signed in on that device), it moves to that account, so a shared computer never
 * shows the previous person's alerts. The oldest device goes when an account passes the limit.
 */
export async function subscribePush(
  database: Database,
  userId: number,
  input: { endpoint: string; keys: { p256dh: string; auth: string } },
): Promise<void> {
  await database.transaction(async (tx) => {
    await tx
      .insert(pushSubscriptionsTable)
      .values({ userId, endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth })
      .onConflictDoUpdate({
        target: pushSubscriptionsTable.endpoint,
        set: { userId, p256dh: input.keys.p256dh, auth: input.keys.auth, createdAt: new Date() },
      });
    const devices = await tx
      .select({ id: pushSubscriptionsTable.id })
      .from(pushSubscriptionsTable)
      .where(eq(pushSubscriptionsTable.userId, userId))
      .orderBy(pushSubscriptionsTable.createdAt);
    for (const device of devices.slice(0, Math.max(0, devices.length - MAX_PUSH_DEVICES))) {
      await tx.delete(pushSubscriptionsTable).where(eq(pushSubscriptionsTable.id, device.id));
    }
  });
}

export const PUSH_NOT_FOUND = 'Este dispositivo no está suscrito.';
export const NOT_YOUR_DEVICE = 'Esta suscripción es de otra cuenta.';

/** Removes the caller's own subscription; another account's answers 403 and stays. */
export async function unsubscribePush(database: Database, userId: number, endpoint: string): Promise<void> {
  const [row] = await database
    .select()
    .from(pushSubscriptionsTable)
    .where(eq(pushSubscriptionsTable.endpoint, endpoint));
  if (!row) throw notFound(PUSH_NOT_FOUND, 'push_subscription_not_found');
  if (row.userId !== userId) throw forbidden(NOT_YOUR_DEVICE, 'not_owner');
  await database.delete(pushSubscriptionsTable).where(eq(pushSubscriptionsTable.id, row.id));
}
