import { icsCalendar, icsText } from '#core/ics';
import { festivalPath } from '#core/share';
import type { Executor } from '#db/client';
import { siteUrl } from '../../mail/site-url';
import { approvedFestival, setsOf } from './timetables';

const utcStamp = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/**
 * GET /api/timetables/{festivalId}/calendar.ics: the picked sets of an approved festival as events,
 * written by the site's one iCalendar writer (core/ics.ts). Start and end stay UTC instants (…Z),
 * which every calendar places right in any zone; the festival's zone is only named, and each event
 * says the set's local times. A set without an end lasts an hour.
 */
export async function timetableCalendar(database: Executor, festivalId: number, picks: number[], now = new Date()) {
  const festival = await approvedFestival(database, festivalId);
  const sets = (await setsOf(database, festival.edition, picks)).filter((s) => s.startsAt);
  // The zone map is loaded on use: the function answers reads on nearly every call and exports rarely.
  const { clockTime, festivalTimeZone } = await import('#core/time-zone');
  const host = new URL(siteUrl()).host;
  const page = siteUrl(festivalPath(festival.id, festival.name));
  const zone = festivalTimeZone(festival);
  const name = `Mi horario: ${festival.name}`;
  const events = sets.map((set) => {
    const start = set.startsAt!;
    const end = set.endsAt ?? new Date(start.getTime() + 60 * 60_000);
    const localTimes = zone
      ? `${clockTime(start, zone)}–${clockTime(end, zone)}, hora local del festival (${zone})\n`
      : '';
    const location = [set.stage, festival.location].filter(Boolean).join(', ');
    return [
      `UID:set-${set.id}@${host}`,
      'SEQUENCE:0',
      `DTSTAMP:${utcStamp(now)}`,
      `DTSTART:${utcStamp(start)}`,
      `DTEND:${utcStamp(end)}`,
      icsText('SUMMARY', `${set.artist} · ${festival.name}`),
      location && icsText('LOCATION', location),
      icsText('DESCRIPTION', `${localTimes}${page}`),
      `URL;VALUE=URI:${page}`,
    ];
  });
  const body = icsCalendar(
    [
      'VERSION:2.0',
      'PRODID:-//Festivales//Mi horario//ES',
      'METHOD:PUBLISH',
      icsText('NAME', name),
      icsText('X-WR-CALNAME', name),
      zone && `X-WR-TIMEZONE:${zone}`,
    ],
    events,
  );
  return { body, fileName: `mi-horario-${festival.id}.ics` };
}
