import { sql, type SQL } from 'drizzle-orm';
import { alertKindOf, type NotificationType } from '#core/types';
import type { Executor } from '#db/client';
import type { OutboxPayload } from '#db/schema';

/** One thing that happened, told to many users at once. */
export interface AlertEvent {
  /** Stable for the event ('edition:12:cancelled'): writing it twice tells nobody twice. */
  eventKey: string;
  type: NotificationType;
  /** The bell's line, in Spanish. */
  message: string;
  /** The page it leads to (site path). */
  url: string;
  /** The email and push content. */
  payload: Omit<OutboxPayload, 'url'>;
  /** Channels the source itself allows (a saved search's own choice), on top of the user's preferences. */
  channels?: { inApp: boolean; email: boolean; push: boolean };
}

export interface FanOutCounts {
  inApp: number;
  email: number;
  push: number;
}

/**
 * Tells every user `recipients` selects (a query with one column, `user_id`) about `event`, inside
 * the caller's transaction: the bell's notification, and outbox rows for email and push, each only
 * where the user's preferences for that kind of alert allow it (no preferences row: every channel
 * on). Emails of users in daily or weekly digest mode are held for their digest. Push rows only for
 * users with at least one subscribed device. Three INSERT ... SELECT statements whatever the
 * number of recipients, so a hundred thousand followers cost three statements, not a loop; the
 * unique keys (user and event for notifications, event, channel and recipient for the outbox) make
 * a repeated event a no-op.
 */
export async function fanOut(tx: Executor, event: AlertEvent, recipients: SQL): Promise<FanOutCounts> {
  const kind = alertKindOf[event.type];
  const allowed = (channel: 'inApp' | 'email' | 'push') =>
    event.channels && !event.channels[channel]
      ? sql`false`
      : sql`coalesce((p.channels -> ${kind} ->> ${channel})::boolean, true)`;
  const payload = JSON.stringify({ ...event.payload, url: event.url });
  // A festival with a hundred thousand fans writes that many rows per channel: past the 5 s the
  // database gives a request's statement (decision 022). This transaction alone gets longer, since
  // an announcement must reach everyone or no one.
  await tx.execute(sql`set local statement_timeout = '60s'`);
  const inApp = await tx.execute(sql`
    insert into notifications (user_id, type, message, url, event_key)
    select r.user_id, ${event.type}, ${event.message}, ${event.url}, ${event.eventKey}
    from (${recipients}) r left join user_preferences p on p.user_id = r.user_id
    where ${allowed('inApp')}
    on conflict do nothing`);
  const email = await tx.execute(sql`
    insert into outbox (event_key, channel, recipient, user_id, kind, payload, status)
    select ${event.eventKey}, 'email', 'u:' || r.user_id, r.user_id, ${event.type}, ${payload}::jsonb,
      case when coalesce(p.digest, 'immediate') = 'immediate' then 'pending' else 'held' end
    from (${recipients}) r left join user_preferences p on p.user_id = r.user_id
    where ${allowed('email')}
    on conflict do nothing`);
  const push = await tx.execute(sql`
    insert into outbox (event_key, channel, recipient, user_id, kind, payload)
    select ${event.eventKey}, 'push', 'u:' || r.user_id, r.user_id, ${event.type}, ${payload}::jsonb
    from (${recipients}) r left join user_preferences p on p.user_id = r.user_id
    where ${allowed('push')} and exists (select 1 from push_subscriptions s where s.user_id = r.user_id)
    on conflict do nothing`);
  return { inApp: affected(inApp), email: affected(email), push: affected(push) };
}

/** Rows an INSERT wrote, from node-postgres (`rowCount`) or PGlite (`affectedRows`). */
function affected(result: unknown): number {
  const r = result as { rowCount?: number | null; affectedRows?: number };
  return r.rowCount ?? r.affectedRows ?? 0;
}

/** The users who favourited a festival or said 'Voy' (decision 095): its reminders and news reach both. */
export const favouritersOf = (festivalId: number) =>
  sql`select user_id from favorites where festival_id = ${festivalId}
    union select user_id from festival_attendance where festival_id = ${festivalId} and status = 'going'`;

/** The users who follow an artist. */
export const followersOf = (artistId: number) => sql`select user_id from artist_follows where artist_id = ${artistId}`;
