import { addDaysIso, itemSpan, markdownToText } from './calendar';
import { slugify } from './slug';

/** What an 'Añadir a mi calendario' event needs from a festival. */
export interface IcsFestival {
  id: number;
  name: string;
  description?: string | null;
  location?: string | null;
  address?: string | null;
  start_date: string | null;
  end_date: string | null;
  website?: string | null;
  latitude?: number | null;
  longitude?: number | null;
  hasValidCoordinates?: boolean;
  /** The current edition's lineup, in its billing order (the festival's own record carries it). */
  lineup?: readonly { artist: { name: string }; billing: 'headliner' | 'regular' }[];
}

export interface IcsOptions {
  /** Absolute URL of the festival page. */
  url?: string;
  /** DTSTAMP; defaults to now. */
  now?: Date;
  /** Host part of the UID. */
  domain?: string;
}

/** RFC 5545 §3.3.11: backslash, semicolon, comma and newlines escaped in TEXT values. */
export function escapeIcsText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

const encoder = new TextEncoder();

/** RFC 5545 §3.1: lines longer than 75 octets are folded with CRLF + space, never inside a UTF-8 character. */
export function foldIcsLine(line: string): string {
  if (encoder.encode(line).length <= 75) return line;
  const parts: string[] = [];
  let current = '';
  let size = 0;
  let limit = 75;
  for (const char of line) {
    const bytes = encoder.encode(char).length;
    if (size + bytes > limit) {
      parts.push(current);
      current = '';
      size = 0;
      limit = 74; // continuation lines start with a space
    }
    current += char;
    size += bytes;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** 'Cartel: headliners, then the rest', as the festival page lists it; nothing while it is not announced. */
function lineupText(lineup: IcsFestival['lineup']): string {
  if (!lineup?.length) return '';
  const names = [
    ...lineup.filter((e) => e.billing === 'headliner'),
    ...lineup.filter((e) => e.billing !== 'headliner'),
  ].map((e) => e.artist.name);
  return `Cartel: ${[...new Set(names)].join(', ')}`;
}

const compactDate = (iso: string) => iso.replace(/-/g, '');

function utcStamp(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/**
 * One festival as an iCalendar file: an all-day VEVENT from its first to its last day (DTEND is
 * exclusive, so the day after the end). Null when the festival has no valid start date.
 */
export function festivalToIcs(festival: IcsFestival, options: IcsOptions = {}): string | null {
  const span = itemSpan(festival);
  if (!span) return null;
  const [start, end] = span;
  const description = [
    markdownToText(festival.description),
    lineupText(festival.lineup),
    festival.website ? `Web oficial: ${festival.website}` : '',
    options.url ?? '',
  ]
    .filter(Boolean)
    .join('\n\n');
  const place = [festival.location, festival.address].filter(Boolean).join(' - ');
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Festivales//Calendario de festivales//ES',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:festival-${festival.id}-${compactDate(start)}@${options.domain ?? 'festivales'}`,
    `DTSTAMP:${utcStamp(options.now ?? new Date())}`,
    `DTSTART;VALUE=DATE:${compactDate(start)}`,
    `DTEND;VALUE=DATE:${compactDate(addDaysIso(end, 1))}`,
    `SUMMARY:${escapeIcsText(festival.name)}`,
    place ? `LOCATION:${escapeIcsText(place)}` : '',
    description ? `DESCRIPTION:${escapeIcsText(description)}` : '',
    options.url ? `URL:${options.url}` : '',
    festival.hasValidCoordinates && festival.latitude != null && festival.longitude != null
      ? `GEO:${festival.latitude};${festival.longitude}`
      : '',
    'TRANSP:TRANSPARENT',
    'END:VEVENT',
    'END:VCALENDAR',
  ].filter(Boolean);
  return `${lines.map(foldIcsLine).join('\r\n')}\r\n`;
}

/** 'sonar-2026-06-18.ics' */
export function icsFileName(festival: Pick<IcsFestival, 'name' | 'start_date'>): string {
  const slug = slugify(festival.name) || 'festival';
  return `${slug}${festival.start_date ? `-${festival.start_date}` : ''}.ics`;
}
