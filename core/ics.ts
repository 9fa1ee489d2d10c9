import { addDaysIso, itemSpan } from './calendar';
import { markdownToText } from './text';
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

/** UTF-8 length of one code point. */
const utf8Length = (codePoint: number) => (codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4);

/**
 * RFC 5545 §3.1: a content line longer than 75 octets is folded with CRLF and a space, each
 * physical line at most 75 octets (the continuation's space included), never inside a character.
 */
export function foldIcsLine(line: string): string {
  if (line.length <= 18) return line;
  let out = '';
  let octets = 0;
  let limit = 75;
  for (const char of line) {
    const size = utf8Length(char.codePointAt(0)!);
    if (octets + size > limit) {
      out += '\r\n ';
      octets = 0;
      limit = 74; // after the continuation's space
    }
    out += char;
    octets += size;
  }
  return out;
}

/** A TEXT property, escaped: `icsText('SUMMARY', name)`. */
export const icsText = (name: string, value: string) => `${name}:${escapeIcsText(value)}`;

/**
 * The one iCalendar writer of the site (the festival download, the public and private feeds, 'Mi
 * horario'): a VCALENDAR with the given properties and one VEVENT per list of event properties,
 * each content line folded and ended with CRLF, the last one included. Lines are written as the
 * caller gives them (TEXT values through icsText); empty ones are left out.
 */
export function icsCalendar(
  properties: readonly (string | false | null | undefined)[],
  events: readonly (readonly (string | false | null | undefined)[])[],
): string {
  const lines = ['BEGIN:VCALENDAR', ...properties];
  for (const event of events) lines.push('BEGIN:VEVENT', ...event, 'END:VEVENT');
  lines.push('END:VCALENDAR');
  let out = '';
  for (const line of lines) if (line) out += `${foldIcsLine(line)}\r\n`;
  return out;
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
  return icsCalendar(
    ['VERSION:2.0', 'PRODID:-//Festivales//Calendario de festivales//ES', 'CALSCALE:GREGORIAN', 'METHOD:PUBLISH'],
    [
      [
        `UID:festival-${festival.id}-${compactDate(start)}@${options.domain ?? 'festivales'}`,
        `DTSTAMP:${utcStamp(options.now ?? new Date())}`,
        `DTSTART;VALUE=DATE:${compactDate(start)}`,
        `DTEND;VALUE=DATE:${compactDate(addDaysIso(end, 1))}`,
        icsText('SUMMARY', festival.name),
        place && icsText('LOCATION', place),
        description && icsText('DESCRIPTION', description),
        options.url && `URL:${options.url}`,
        festival.hasValidCoordinates &&
          festival.latitude != null &&
          festival.longitude != null &&
          `GEO:${festival.latitude};${festival.longitude}`,
        'TRANSP:TRANSPARENT',
      ],
    ],
  );
}

/** 'sonar-2026-06-18.ics' */
export function icsFileName(festival: Pick<IcsFestival, 'name' | 'start_date'>): string {
  const slug = slugify(festival.name) || 'festival';
  return `${slug}${festival.start_date ? `-${festival.start_date}` : ''}.ics`;
}
