import { eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database } from '#db/client';
import { newsletterSubscriptionsTable } from '#db/schema';
import { siteUrl } from '../../mail/site-url';
import { enqueue } from '../../outbox/enqueue';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A token that cannot be one of ours is answered like an unknown one, without a query that would fail on the uuid cast. */
export const isToken = (token: string | undefined): token is string => Boolean(token && UUID.test(token));

export const unsubscribeUrl = (token: string) => siteUrl(`/api/newsletter/unsubscribe?token=${token}`);

/**
 * Stores the address and, while it is not confirmed, queues the double opt-in message in the same
 * transaction. A second subscription of an unconfirmed address writes nothing new (the outbox key
 * is the subscription), so the form cannot be used to flood someone's mailbox.
 */
export async function subscribe(database: Database, email: string): Promise<void> {
  await database.transaction(async (tx) => {
    await tx.insert(newsletterSubscriptionsTable).values({ email }).onConflictDoNothing();
    const [row] = await tx
      .select()
      .from(newsletterSubscriptionsTable)
      .where(sql`lower(${newsletterSubscriptionsTable.email}) = lower(${email})`);
    if (!row || row.confirmedAt) return;
    await enqueue(tx, [
      {
        eventKey: `newsletter-confirm:${row.id}`,
        channel: 'email',
        kind: 'newsletter-confirm',
        to: { email: row.email },
        payload: {
          subject: 'Confirma tu suscripción a la newsletter de Festivales',
          heading: '¿Confirmas tu suscripción?',
          paragraphs: [
            'Alguien (esperamos que tú) ha suscrito esta dirección a la newsletter de Festivales: una vez al mes, los festivales nuevos, los carteles anunciados y lo que empieza el mes siguiente.',
            'Si no has sido tú, ignora este correo: sin confirmar no te enviaremos nada más.',
          ],
          action: { label: 'Confirmar suscripción', url: siteUrl(`/api/newsletter/confirm?token=${row.token}`) },
          reason: 'Recibes este correo porque se pidió una suscripción con esta dirección en Festivales.',
          unsubscribeUrl: unsubscribeUrl(row.token),
        },
      },
    ]);
  });
}

/** Confirms the subscription of a confirmation link; false when the token is not ours (or was unsubscribed). */
export async function confirm(database: Database, token: string): Promise<boolean> {
  if (!isToken(token)) return false;
  const [row] = await database
    .update(newsletterSubscriptionsTable)
    .set({ confirmedAt: sql`coalesce(${newsletterSubscriptionsTable.confirmedAt}, now())` })
    .where(eq(newsletterSubscriptionsTable.token, token))
    .returning({ id: newsletterSubscriptionsTable.id });
  return Boolean(row);
}

/** One-click unsubscribe: the row goes (we keep no address we may not write to). */
export async function unsubscribe(database: Database, token: string): Promise<boolean> {
  if (!isToken(token)) return false;
  const rows = await database
    .delete(newsletterSubscriptionsTable)
    .where(eq(newsletterSubscriptionsTable.token, token))
    .returning({ id: newsletterSubscriptionsTable.id });
  return rows.length > 0;
}

export async function subscriberCounts(
  database: Database,
): Promise<{ subscribers: number; confirmed: number; pending: number }> {
  const [confirmed] = await database
    .select({ n: sql<number>`count(*)::int` })
    .from(newsletterSubscriptionsTable)
    .where(isNotNull(newsletterSubscriptionsTable.confirmedAt));
  const [pending] = await database
    .select({ n: sql<number>`count(*)::int` })
    .from(newsletterSubscriptionsTable)
    .where(isNull(newsletterSubscriptionsTable.confirmedAt));
  return { subscribers: confirmed.n + pending.n, confirmed: confirmed.n, pending: pending.n };
}
