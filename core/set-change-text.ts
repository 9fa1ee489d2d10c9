import { clockTime } from './clock';
import type { LiveStatus } from './responses/organizers';

/** How a set's change on the day is told: the same words in the bell, the push, the festival page and the timetable. */

/** A set's live state: what a change moves and a revert puts back. */
export interface SetState {
  stage: string | null;
  starts_at: string | null;
  ends_at: string | null;
  live_status: LiveStatus;
  delay_minutes: number;
}

/** What the bell and the push say: the set's new time on the festival's own clock. */
export function setChangeText(
  artist: string,
  before: SetState,
  after: SetState,
  zone: string | null,
): { title: string; body: string } {
  const at = (iso: string | null) => (iso ? clockTime(new Date(iso), zone) : null);
  const times = after.starts_at ? `${at(after.starts_at)}${after.ends_at ? `–${at(after.ends_at)}` : ''}` : '';
  const where = after.stage ? ` en ${after.stage}` : '';
  const title = `Cambio de horario: ${artist}`;
  switch (after.live_status) {
    case 'cancelled':
      return { title, body: `${artist} se ha cancelado.` };
    case 'delayed':
      return { title, body: `${artist} se retrasa ${after.delay_minutes} min: ahora ${times}${where}.` };
    case 'moved':
      return { title, body: `${artist} cambia de escenario: ahora${where}${times ? `, ${times}` : ''}.` };
    default:
      return before.delay_minutes > 0 && !after.delay_minutes && before.starts_at !== after.starts_at
        ? { title, body: `${artist} vuelve a su hora: ${times}${where}.` }
        : { title, body: `${artist} tiene nuevo horario: ${times}${where}.` };
  }
}

/** The line of one change as 'Cambios de hoy' lists it (the festival page and the timetable). */
export function changeLine(
  change: {
    artist: string;
    status: LiveStatus;
    delay_minutes: number;
    stage: string | null;
    starts_at: string | null;
    ends_at: string | null;
    previous: { stage: string | null; starts_at: string | null; ends_at: string | null };
  },
  zone: string | null,
): string {
  return setChangeText(
    change.artist,
    { ...change.previous, live_status: 'on_time', delay_minutes: 0 },
    {
      stage: change.stage,
      starts_at: change.starts_at,
      ends_at: change.ends_at,
      live_status: change.status,
      delay_minutes: change.delay_minutes,
    },
    zone,
  ).body;
}
