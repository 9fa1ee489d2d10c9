import { and, eq, inArray, sql } from 'drizzle-orm';
import { formatDateRange } from '#core/dates';
import type { Database } from '#db/client';
import { alertEventsTable, outboxTable, userPreferencesTable, type OutboxPayload } from '#db/schema';
import { enqueue } from '../../outbox/enqueue';
import { siteUrl } from '../../mail/site-url';
import { editionSnapshot } from './festival-events';
import { fanOut, favouritersOf } from './fan-out';
import { sendSetReminders } from './set-reminders';
import { sendPriceAlerts } from './price-alerts';
import { festivalPath } from '#core/share';
import { sqlRows } from '../sql-rows';

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/**
 * Runs `write` for an event only the first time any run reaches it: the marker row and the
 * event's rows commit together, so a crash leaves neither and the next run does both.
 */
async function once(
  database: Database,
  eventKey: string,
  write: (tx: Parameters<Parameters<Database['transaction']>[0]>[0]) => Promise<void>,
): Promise<boolean> {
  return database.transaction(async (tx) => {
    const inserted = await tx
      .insert(alertEventsTable)
      .values({ eventKey })
      .onConflictDoNothing()
      .returning({ eventKey: alertEventsTable.eventKey });
    if (inserted.length === 0) return false;
    await write(tx);
    return true;
  });
}

/**
 * Reminders to a festival's favouriters a week and a day before it starts. An edition starting
 * within the next 7 days (more than 1 away) gets the week's reminder, one starting today or
 * tomorrow the day's: a run missed on the exact day still sends it on the next, never twice.
 */
export async function sendReminders(database: Database, now = new Date()): Promise<number> {
  const today = isoDay(now);
  const editions = await sqlRows<{ id: number; start_date: string; days: number }>(
    database,
    sql`select e.id, e.start_date::text as start_date, (e.start_date - ${today}::date) as days
        from festival_editions e join festivals f on f.id = e.festival_id
        where f.status = 'approved' and e.status <> 'cancelled'
          and e.start_date between ${today}::date and ${today}::date + 7`,
  );
  let sent = 0;
  for (const row of editions) {
    const which = row.days <= 1 ? '1d' : '7d';
    const fired = await once(database, `reminder:${row.id}:${which}:${row.start_date}`, async (tx) => {
      const edition = (await editionSnapshot(tx, row.id))!;
      const when = row.days === 0 ? 'hoy' : row.days === 1 ? 'mañana' : `en ${row.days} días`;
      const message = `${edition.festivalName} empieza ${when} (${formatDateRange(edition.startDate, edition.endDate)}).`;
      const path = festivalPath(edition.festivalId, edition.festivalName);
      await fanOut(
        tx,
        {
          eventKey: `reminder:${row.id}:${which}:${row.start_date}`,
          type: 'reminder',
          message,
          url: path,
          payload: {
            subject: `${edition.festivalName} empieza ${when}`,
            heading: edition.festivalName,
            paragraphs: [message],
            action: { label: 'Ver el festival', url: siteUrl(path) },
            reason: `Recibes este recordatorio porque ${edition.festivalName} está entre tus favoritos o has marcado 'Voy' en Festivales.`,
          },
        },
        favouritersOf(edition.festivalId),
      );
    });
    if (fired) sent++;
  }
  return sent;
}

/** The hour (UTC) from which the day's and Monday's digests go out. */
const DIGEST_HOUR_UTC = 8;

/**
 * Digests: the emails held for users in daily mode go out together once a day, those in weekly
 * mode once a week (on Mondays), as one message listing them. The held rows are marked sent with
 * the digest's row in one transaction per user, so a crash repeats nothing and loses nothing.
 */
export async function sendDigests(database: Database, now = new Date()): Promise<number> {
  if (now.getUTCHours() < DIGEST_HOUR_UTC) return 0;
  const modes: Array<'daily' | 'weekly'> = now.getUTCDay() === 1 ? ['daily', 'weekly'] : ['daily'];
  const users = await database
    .selectDistinct({ userId: outboxTable.userId, digest: userPreferencesTable.digest })
    .from(outboxTable)
    .innerJoin(userPreferencesTable, eq(userPreferencesTable.userId, outboxTable.userId))
    .where(and(eq(outboxTable.status, 'held'), inArray(userPreferencesTable.digest, modes)));
  let sent = 0;
  for (const { userId, digest } of users) {
    const key = `digest:${userId}:${digest}:${isoDay(now)}`;
    await database.transaction(async (tx) => {
      // Rows held after today's digest went out wait for the next one.
      const [already] = await tx
        .select({ id: outboxTable.id })
        .from(outboxTable)
        .where(and(eq(outboxTable.eventKey, key), eq(outboxTable.channel, 'email')));
      if (already) return;
      const held = await tx
        .select({ id: outboxTable.id, payload: outboxTable.payload })
        .from(outboxTable)
        .where(and(eq(outboxTable.userId, userId!), eq(outboxTable.status, 'held')))
        .orderBy(outboxTable.id)
        .for('update', { skipLocked: true });
      if (held.length === 0) return;
      const payload: OutboxPayload = {
        subject:
          digest === 'daily'
            ? `Tu resumen diario de Festivales (${held.length})`
            : `Tu resumen semanal de Festivales (${held.length})`,
        heading: digest === 'daily' ? 'Tu resumen del día' : 'Tu resumen de la semana',
        paragraphs: ['Esto es lo que ha pasado con tus festivales, artistas y alertas:'],
        items: held.map((h) => ({
          title: h.payload.subject,
          url: h.payload.action?.url ?? siteUrl(h.payload.url ?? '/'),
          detail: h.payload.paragraphs[0],
        })),
        action: { label: 'Ver mis avisos', url: siteUrl('/cuenta') },
        reason: `Recibes este resumen porque elegiste el modo ${digest === 'daily' ? 'diario' : 'semanal'} en tu cuenta de Festivales.`,
        url: '/cuenta',
      };
      await enqueue(tx, [{ eventKey: key, channel: 'email', kind: 'digest', payload, to: { userId: userId! } }]);
      await tx
        .update(outboxTable)
        .set({ status: 'sent', sentAt: now })
        .where(
          inArray(
            outboxTable.id,
            held.map((h) => h.id),
          ),
        );
      sent++;
    });
  }
  return sent;
}

/**
 * Interval of the scheduled alerts in the local server, as on AWS, where the dispatcher cron runs
 * them every minute: a set's reminder is due a quarter of an hour before it, so the runs must be
 * closer than that.
 */
export const SCHEDULED_ALERTS_INTERVAL_MS = 60 * 1000;

/** Reminders of favourites and of picked sets, 'Sube de precio', then digests: what the scheduled job does on each run. */
export async function runScheduledAlerts(
  database: Database,
  now = new Date(),
): Promise<{ reminders: number; sets: number; prices: number; digests: number }> {
  return {
    reminders: await sendReminders(database, now),
    sets: await sendSetReminders(database, now),
    prices: await sendPriceAlerts(database, now),
    digests: await sendDigests(database, now),
  };
}
