import type { Executor } from '#db/client';
import { outboxTable, type OutboxPayload } from '#db/schema';

export interface OutboxMessage {
  eventKey: string;
  channel: 'email' | 'push';
  kind: string;
  payload: OutboxPayload;
  /** A user of ours, or an address without an account (newsletter). */
  to: { userId: number } | { email: string };
  /** Held for the recipient's digest instead of going out alone. */
  held?: boolean;
}

export const recipientOf = (to: OutboxMessage['to']) =>
  'userId' in to ? `u:${to.userId}` : `e:${to.email.toLowerCase()}`;

/**
 * Writes deliveries into the outbox inside the caller's transaction, so they exist if and only if
 * the change that caused them commits. Writing one event twice for a recipient is a no-op.
 */
export async function enqueue(tx: Executor, messages: OutboxMessage[]): Promise<void> {
  if (!messages.length) return;
  await tx
    .insert(outboxTable)
    .values(
      messages.map((m) => ({
        eventKey: m.eventKey,
        channel: m.channel,
        kind: m.kind,
        payload: m.payload,
        recipient: recipientOf(m.to),
        userId: 'userId' in m.to ? m.to.userId : null,
        email: 'email' in m.to ? m.to.email : null,
        status: m.held ? ('held' as const) : ('pending' as const),
      })),
    )
    .onConflictDoNothing();
}
