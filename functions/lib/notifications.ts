import type { NotificationType } from '#core/types';
import type { Executor } from '#db/client';
import { notificationsTable } from '#db/schema';

/** Tells a user about a moderation decision (type 'festival' or 'media', a message, unread); runs inside the caller's transaction. */
export async function notify(tx: Executor, userId: number, type: NotificationType, message: string): Promise<void> {
  await tx.insert(notificationsTable).values({ userId, type, message });
}
