import { and, eq } from 'drizzle-orm';
import type { Database } from '#db/client';
import { pushSubscriptionsTable } from '#db/schema';
import { notFound } from '../../errors';

/** Devices one account may subscribe: a person's phones and computers, not a script's thousands. */
export const MAX_PUSH_DEVICES = 20;

/**
 * Subscribes a browser, or renews its keys. An endpoint stays bound to the account that subscribed it:
 * another account sending the same endpoint (with keys of its own) gets the 404 of a subscription it
 * does not have, and the owner's row is untouched. A browser that changes hands unsubscribes when its
 * session ends (web/src/lib/auth.tsx), and the next person's subscription is a new endpoint. The
 * oldest device goes when an account passes the limit.
 */
export async function subscribePush(
  database: Database,
  userId: number,
  input: { endpoint: string; keys: { p256dh: string; auth: string } },
): Promise<void> {
  await database.transaction(async (tx) => {
    const [mine] = await tx
      .insert(pushSubscriptionsTable)
      .values({ userId, endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth })
      .onConflictDoUpdate({
        target: pushSubscriptionsTable.endpoint,
        set: { p256dh: input.keys.p256dh, auth: input.keys.auth, createdAt: new Date() },
        setWhere: eq(pushSubscriptionsTable.userId, userId),
      })
      .returning({ id: pushSubscriptionsTable.id });
    if (!mine) throw notFound(PUSH_NOT_FOUND, 'push_subscription_not_found');
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

export const PUSH_NOT_FOUND = 'Este dispositivo no está suscrito en tu cuenta.';
export const PUSH_SERVICE_REFUSED =
  'El endpoint no es de un servicio push de navegador (https en el puerto 443 de FCM, Mozilla, Apple o Windows).';

/** Removes the caller's own subscription; another account's answers the same 404 as none, and stays. */
export async function unsubscribePush(database: Database, userId: number, endpoint: string): Promise<void> {
  const [row] = await database
    .delete(pushSubscriptionsTable)
    .where(and(eq(pushSubscriptionsTable.endpoint, endpoint), eq(pushSubscriptionsTable.userId, userId)))
    .returning({ id: pushSubscriptionsTable.id });
  if (!row) throw notFound(PUSH_NOT_FOUND, 'push_subscription_not_found');
}
