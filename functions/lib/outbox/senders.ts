import { eq } from 'drizzle-orm';
import { mailSuppressionsTable, usersTable } from '#db/schema';
import { alertKindOf, type NotificationType } from '#core/types';
import { alertUnsubscribeUrl, type UnsubscribeScope } from '../alert-unsubscribe';
import { sendMail } from '../mail/send-mail';
import type { Executor } from '#db/client';
import { UndeliverableError, type OutboxRow, type Senders } from './deliver';

/** An alert's link stops that kind of alert by email; a digest's (or any other user message's) stops them all. */
const unsubscribeScopeOf = (kind: string): UnsubscribeScope => alertKindOf[kind as NotificationType] ?? 'all';

/** Mail for one outbox row: to the user's current address or the subscriber's, never to a suppressed one. */
export async function sendOutboxMail(row: OutboxRow, database: Executor): Promise<void> {
  let address = row.email;
  if (!address && row.userId) {
    const [user] = await database
      .select({ email: usersTable.email })
      .from(usersTable)
      .where(eq(usersTable.id, row.userId));
    address = user?.email ?? null;
  }
  if (!address) throw new UndeliverableError('El destinatario ya no tiene dirección de correo.');
  const [suppressed] = await database
    .select()
    .from(mailSuppressionsTable)
    .where(eq(mailSuppressionsTable.email, address.toLowerCase()));
  if (suppressed) throw new UndeliverableError(`Dirección suprimida tras un rebote: ${suppressed.reason}`);
  const unsubscribeUrl =
    row.payload.unsubscribeUrl ??
    (row.userId ? alertUnsubscribeUrl(row.userId, unsubscribeScopeOf(row.kind)) : undefined);
  if (!unsubscribeUrl && !row.payload.requested)
    throw new UndeliverableError('Mensaje sin enlace de baja: no se envía.');
  await sendMail({ ...row.payload, to: address, unsubscribeUrl, messageId: `<outbox-${row.id}@festivales>` });
}

export function defaultSenders(): Senders {
  return { email: sendOutboxMail };
}
