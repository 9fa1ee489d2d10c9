import { and, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
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
 * transaction. The outbox key is the confirmation token: subscribing again while a link is still
 * valid writes nothing new, so the form cannot be used to flood someone's mailbox; after the link
 * expired (7 days) a new token and one new message are sent.
 */
export async function subscribe(database: Database, email: string): Promise<void> {
  await database.transaction(async (tx) => {
    await tx.insert(newsletterSubscriptionsTable).values({ email }).onConflictDoNothing();
    const s = newsletterSubscriptionsTable;
    const [row] = await tx
      .update(s)
      .set({
        confirmToken: sql`case when ${s.confirmExpiresAt} > now() then ${s.confirmToken} else gen_random_uuid() end`,
        confirmExpiresAt: sql`case when ${s.confirmExpiresAt} > now() then ${s.confirmExpiresAt} else now() + interval '7 days' end`,
      })
      .where(and(sql`lower(${s.email}) = lower(${email})`, isNull(s.confirmedAt)))
      .returning();
    if (!row?.confirmToken) return;
    await enqueue(tx, [
      {
        eventKey: `newsletter-confirm:${row.id}:${row.confirmToken}`,
        channel: 'email',
        kind: 'newsletter-confirm',
        to: { email: row.email },
        payload: {
          subject: 'Confirma tu suscripción a la newsletter de Festivales',
          heading: '¿Confirmas tu suscripción?',
          paragraphs: [
            'Alguien (esperamos que tú) ha suscrito esta dirección a la newsletter de Festivales: una vez al mes, ' +
              'los festivales nuevos, los carteles anunciados y lo que empieza el mes siguiente.',
            'Si no has sido tú, ignora este correo: sin confirmar no te enviaremos nada más. El enlace caduca en 7 días.',
          ],
          action: {
            label: 'Confirmar suscripción',
            url: siteUrl(`/api/newsletter/confirm?token=${row.confirmToken}`),
          },
          reason: 'Recibes este correo porque se pidió una suscripción con esta dirección en Festivales.',
          unsubscribeUrl: unsubscribeUrl(row.token),
        },
      },
    ]);
  });
}

/**
 * Confirms the subscription of a confirmation link (the POST of the page's button); false when the
 * token is not ours, was used, expired or the address unsubscribed.
 */
export async function confirm(database: Database, token: string): Promise<boolean> {
  if (!isToken(token)) return false;
  const s = newsletterSubscriptionsTable;
  const [row] = await database
    .update(s)
    .set({ confirmedAt: sql`now()`, confirmToken: null, confirmExpiresAt: null })
    .where(and(eq(s.confirmToken, token), gt(s.confirmExpiresAt, sql`now()`)))
    .returning({ id: s.id });
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
