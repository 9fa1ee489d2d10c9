import { sql } from 'drizzle-orm';
import { festivalPath } from '#core/share';
import type { Database } from '#db/client';
import { siteUrl } from '../../mail/site-url';
import { sqlRows } from '../sql-rows';
import { fanOut } from './fan-out';

/** How long before a set starts the people who picked it in 'Mi horario' get a push. */
export const SET_REMINDER_MINUTES = 15;

/** Only the push channel: an email or a bell line a quarter of an hour before a set is read too late. */
const PUSH_ONLY = { inApp: false, email: false, push: true };

/** The users whose timetable of the festival picks lineup entry `entryId`. */
const pickersOf = (festivalId: number, entryId: number) =>
  sql`select user_id from timetables where festival_id = ${festivalId} and ${entryId} = any(picks)`;

/**
 * Push reminders of picked sets: every set of an approved, not cancelled edition that starts within
 * the next SET_REMINDER_MINUTES is told to the people who picked it, through the outbox like every
 * other alert and under their 'Recordatorios' push preference. The event key carries the start
 * time, so each pick is reminded once per start (a moved set is reminded again at its new time);
 * the outbox's unique key makes the runs of every minute, and a run repeated after a crash, a
 * no-op for those already written, while someone who picks the set a few minutes before it starts
 * is still reminded. The payload expires when the set starts: a push late for the set is dropped.
 */
export async function sendSetReminders(database: Database, now = new Date()): Promise<number> {
  const sets = await sqlRows<{
    id: number;
    festival_id: number;
    festival_name: string;
    artist: string;
    stage: string | null;
    starts_at: string;
  }>(
    database,
    sql`select l.id, e.festival_id, f.name as festival_name, a.name as artist, l.stage, to_json(l.starts_at) #>> '{}' as starts_at
        from lineup_entries l
        join festival_editions e on e.id = l.edition_id
        join festivals f on f.id = e.festival_id
        join artists a on a.id = l.artist_id
        where f.status = 'approved' and e.status <> 'cancelled' and l.live_status <> 'cancelled'
          and l.starts_at > ${now.toISOString()}::timestamptz
          and l.starts_at <= ${now.toISOString()}::timestamptz + make_interval(mins => ${SET_REMINDER_MINUTES})
          and exists (select 1 from timetables t where t.festival_id = e.festival_id and l.id = any(t.picks))`,
  );
  let written = 0;
  for (const set of sets) {
    const startsAt = new Date(set.starts_at);
    const minutes = Math.max(1, Math.round((startsAt.getTime() - now.getTime()) / 60_000));
    const path = `${festivalPath(set.festival_id, set.festival_name)}/horario`;
    const where = set.stage ? `${set.stage} · ${set.festival_name}` : set.festival_name;
    const counts = await database.transaction((tx) =>
      fanOut(
        tx,
        {
          eventKey: `set:${set.id}:${startsAt.toISOString()}`,
          type: 'reminder',
          message: `${set.artist} empieza en ${minutes} minutos (${where}).`,
          url: path,
          channels: PUSH_ONLY,
          payload: {
            subject: `${set.artist} empieza en ${minutes} minutos`,
            heading: set.artist,
            paragraphs: [where],
            action: { label: 'Ver mi horario', url: siteUrl(path) },
            reason: `Recibes este aviso porque elegiste a ${set.artist} en tu horario de ${set.festival_name}.`,
            expiresAt: startsAt.toISOString(),
          },
        },
        pickersOf(set.festival_id, set.id),
      ),
    );
    written += counts.push;
  }
  return written;
}
