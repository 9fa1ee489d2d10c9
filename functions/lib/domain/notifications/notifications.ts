import { and, eq, sql } from 'drizzle-orm';
import type { NotificationType } from '#core/types';
import type { Executor } from '#db/client';
import { notificationsTable } from '#db/schema';
import type { Notification } from '#core/response-schemas';
import { notFound } from '../../errors';
import type { FieldsOf } from '../sql-json';

/**
 * The bell: moderation decisions (`notify`, in the transaction of the decision) and alerts
 * (../alerts writes them with an event key, once per user and event). Each user reads and marks
 * only their own.
 */

/** The bell shows recent ones; older notifications stay in the table. */
export const NOTIFICATIONS_LIMIT = 100;

const notificationFields = {
  id: notificationsTable.id,
  type: notificationsTable.type,
  message: notificationsTable.message,
  url: notificationsTable.url,
  read: notificationsTable.read,
  created_at: notificationsTable.createdAt,
} satisfies FieldsOf<Notification>;

const toNotification = (row: {
  id: number;
  type: Notification['type'];
  message: string;
  url: string | null;
  read: boolean;
  created_at: Date;
}): Notification => ({
  ...row,
  created_at: row.created_at.toISOString(),
});

/** Tells a user about a moderation decision (type 'festival' or 'media', a message, unread); runs inside the caller's transaction. */
export async function notify(tx: Executor, userId: number, type: NotificationType, message: string): Promise<void> {
  await tx.insert(notificationsTable).values({ userId, type, message });
}

/** The user's newest notifications. */
export async function listNotifications(database: Executor, userId: number): Promise<Notification[]> {
  const rows = await database
    .select(notificationFields)
    .from(notificationsTable)
    .where(eq(notificationsTable.userId, userId))
    // NULLS LAST as in notifications_user_created_idx, so the newest are read off the index.
    .orderBy(sql`${notificationsTable.createdAt} desc nulls last`, sql`${notificationsTable.id} desc nulls last`)
    .limit(NOTIFICATIONS_LIMIT);
  return rows.map(toNotification);
}

/** Marks notification `id` read for its owner; another user's answers the same 404 as none, and stays unread. */
export async function markNotificationRead(database: Executor, userId: number, id: number): Promise<Notification> {
  const [row] = await database
    .update(notificationsTable)
    .set({ read: true })
    .where(and(eq(notificationsTable.id, id), eq(notificationsTable.userId, userId)))
    .returning(notificationFields);
  if (row) return toNotification(row);
  throw notFound('Notificación no encontrada.', 'notification_not_found');
}
