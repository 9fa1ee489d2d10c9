import type { LineupEntry } from '#core/lineup-types';
import { clockDay, clockTime } from '#core/time-zone';

/** A set with its times: what the timetable draws. */
export interface TimedSet {
  id: number;
  artist: string;
  stage: string;
  day: string;
  start: Date;
  end: Date;
  /** On the day: 'delayed' (by `delay` minutes, already in its times), 'moved' or 'cancelled'. */
  live?: 'on_time' | 'delayed' | 'moved' | 'cancelled';
  delay?: number;
}

/**
 * The lineup's sets that have a start time, by start; a set without an end lasts an hour. A set
 * without a day belongs to its start's date on the festival's clock (`zone`; null: the device's).
 */
export function timedSets(lineup: LineupEntry[], zone: string | null): TimedSet[] {
  return lineup
    .filter((e) => e.starts_at)
    .map((e) => {
      const start = new Date(e.starts_at!);
      return {
        id: e.id,
        artist: e.artist.name,
        stage: e.stage ?? 'Escenario',
        day: e.day ?? clockDay(start, zone),
        start,
        end: e.ends_at ? new Date(e.ends_at) : new Date(start.getTime() + 60 * 60_000),
        live: e.live_status ?? 'on_time',
        delay: e.delay_minutes ?? 0,
      };
    })
    .sort((a, b) => a.start.getTime() - b.start.getTime() || a.stage.localeCompare(b.stage, 'es'));
}

/** The festival's days in order, and for one day its stages in order of first appearance on the lineup. */
export function daysOf(sets: TimedSet[]): string[] {
  return [...new Set(sets.map((s) => s.day))].sort();
}

export function stagesOf(sets: TimedSet[]): string[] {
  return [...new Set(sets.map((s) => s.stage))];
}

/** Two sets clash when one starts before the other ends (back to back is not a clash). */
export const overlaps = (a: TimedSet, b: TimedSet) => a.start < b.end && b.start < a.end;

/** For each picked set, the other picked sets it clashes with. */
export function clashes(sets: TimedSet[], picks: ReadonlySet<number>): Map<number, TimedSet[]> {
  // A cancelled set clashes with nothing: it is not on.
  const picked = sets.filter((s) => picks.has(s.id) && s.live !== 'cancelled');
  const found = new Map<number, TimedSet[]>();
  for (const a of picked) {
    const others = picked.filter((b) => b.id !== a.id && overlaps(a, b));
    if (others.length) found.set(a.id, others);
  }
  return found;
}

const dayFormat = new Intl.DateTimeFormat('es-ES', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });

/** '20:30' on the festival's clock (`zone`; null: the device's, for a festival without coordinates). */
export const formatTime = (d: Date, zone: string | null) => clockTime(d, zone);
/** 'Sábado, 11 de julio' for a YYYY-MM-DD day. */
export function formatDay(day: string): string {
  const text = dayFormat.format(new Date(`${day}T00:00:00Z`));
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** 'Coincide con Charlotte de Witte (Carpa, 20:30)' */
export function clashText(others: TimedSet[], zone: string | null): string {
  return `Coincide con ${others.map((o) => `${o.artist} (${o.stage}, ${formatTime(o.start, zone)})`).join(' y ')}`;
}

/** The day being played now (between its first set's start and its last set's end), or null outside the festival. */
export function dayOfNow(sets: TimedSet[], now: Date): string | null {
  for (const day of daysOf(sets)) {
    const of = sets.filter((s) => s.day === day);
    const first = Math.min(...of.map((s) => s.start.getTime()));
    const last = Math.max(...of.map((s) => s.end.getTime()));
    if (first <= now.getTime() && now.getTime() < last) return day;
  }
  return null;
}
