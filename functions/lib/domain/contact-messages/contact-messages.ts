import { desc, eq, sql } from 'drizzle-orm';
import type { ContactBody } from '#core/community-schemas';
import type { Executor } from '#db/client';
import { contactMessagesTable } from '#db/schema';
import type { ContactMessage } from '#core/response-schemas';
import { notFound } from '../../errors';

/**
 * Messages of the contact form: anyone may send one (the sender's account is kept when signed
 * in); admins read them newest first and mark them read, once (the first reading time stays).
 */

const messageColumns = {
  id: contactMessagesTable.id,
  name: contactMessagesTable.name,
  email: contactMessagesTable.email,
  subject: contactMessagesTable.subject,
  category: contactMessagesTable.category,
  message: contactMessagesTable.message,
  user_id: contactMessagesTable.userId,
  read_at: contactMessagesTable.readAt,
  created_at: contactMessagesTable.createdAt,
};

const toMessage = (
  row: { read_at: Date | null; created_at: Date } & Omit<ContactMessage, 'read' | 'read_at' | 'created_at'>,
): ContactMessage => ({
  ...row,
  read: row.read_at !== null,
  read_at: row.read_at ? new Date(row.read_at).toISOString() : null,
  created_at: new Date(row.created_at).toISOString(),
});

/** Stores a message from the contact form; returns its id. */
export async function storeContactMessage(
  database: Executor,
  input: ContactBody,
  senderId: number | null,
): Promise<number> {
  const [row] = await database
    .insert(contactMessagesTable)
    .values({ ...input, category: input.category ?? null, userId: senderId })
    .returning({ id: contactMessagesTable.id });
  return row.id;
}

/** The messages, newest first. */
export async function listContactMessages(
  database: Executor,
  range: { limit: number; offset: number },
): Promise<ContactMessage[]> {
  const rows = await database
    .select(messageColumns)
    .from(contactMessagesTable)
    // NULLS LAST as in contact_messages_created_idx, so the newest page is read off the index.
    .orderBy(sql`${contactMessagesTable.createdAt} desc nulls last`, desc(contactMessagesTable.id))
    .limit(range.limit)
    .offset(range.offset);
  return rows.map(toMessage);
}

/** Marks message `id` read (keeping the first reading time) and returns it. */
export async function markContactMessageRead(database: Executor, id: number): Promise<ContactMessage> {
  const [row] = await database
    .update(contactMessagesTable)
    .set({ readAt: sql`coalesce(${contactMessagesTable.readAt}, now())` })
    .where(eq(contactMessagesTable.id, id))
    .returning(messageColumns);
  if (!row) throw notFound('Mensaje no encontrado', 'contact_message_not_found');
  return toMessage(row);
}
