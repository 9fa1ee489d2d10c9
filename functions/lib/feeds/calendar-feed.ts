import { createHash } from 'node:crypto';
import { and, eq, gte, ilike, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import { addDaysIso } from '#core/calendar';
import { formatDateRange, todayIso } from '#core/dates';
import type { FeedQuery } from '#core/feed-schemas';
import { festivalPath } from '#core/share';
import type { Database, Executor } from '#db/client';
import { sqlRows } from '../domain/sql-rows';
import { favoritesTable, festivalGenresTable, festivalsTable, genresTable } from '#db/schema';
import { selectFestivals } from '../domain/festivals/festival-rows';
import { escapeHtml } from '../mail/layout';
import { siteUrl } from '../mail/site-url';
import type { Festival } from '#core/response-schemas';

/** Festivals that ended more than this many days ago leave the feeds. */
const PAST_DAYS = 30;

const current = (now: Date) =>
  and(
    eq(festivalsTable.status, 'approved'),
    isNotNull(festivalsTable.startDate),
    gte(sql`coalesce(${festivalsTable.endDate}, ${festivalsTable.startDate})`, addDaysIso(todayIso(now), -PAST_DAYS)),
  );

/**
 * The public feeds' festivals. `country` matches the place ("Barcelona, España"); `artist` the
 * description, where the catalogue names line-ups until festivals carry line-ups of their own.
 */
export function publicFeedFestivals(database: Database, query: FeedQuery, now = new Date()): Promise<Festival[]> {
  const conditions: (SQL | undefined)[] = [current(now)];
  if (query.genre) {
    const withGenre = database
      .select({ id: festivalGenresTable.festivalId })
      .from(festivalGenresTable)
      .innerJoin(genresTable, eq(genresTable.id, festivalGenresTable.genreId))
      .where(sql`lower(${genresTable.name}) = lower(${query.genre})`);
    conditions.push(inArray(festivalsTable.id, withGenre));
  }
  const like = (v: string) => `%${v.replace(/[\\%_]/g, '\\$&')}%`;
  if (query.country)
    conditions.push(
      or(ilike(festivalsTable.location, like(query.country)), ilike(festivalsTable.address, like(query.country))),
    );
  if (query.artist) {
    // The current edition's lineup, or the description where a festival names its artists only there.
    const onLineup = sql`exists (select 1 from lineup_entries le join artists a on a.id = le.artist_id
      where le.edition_id = ${festivalsTable.currentEditionId} and a.name ilike ${like(query.artist)})`;
    conditions.push(or(onLineup, ilike(festivalsTable.description, like(query.artist))));
  }
  return selectFestivals(database, and(...conditions));
}

/**
 * 'Cartel: …' of each festival's current edition, headliners first and then in poster order, as a
 * festival's own .ics writes it; festivals without a lineup are left out. One query.
 */
export async function lineupsOf(database: Executor, festivalIds: number[]): Promise<Map<number, string>> {
  const lineups = new Map<number, string>();
  if (festivalIds.length === 0) return lineups;
  const rows = await sqlRows<{ festival_id: number; name: string }>(
    database,
    sql`select f.id as festival_id, a.name
        from festivals f join lineup_entries le on le.edition_id = f.current_edition_id join artists a on a.id = le.artist_id
        where f.id in (${sql.join(
          festivalIds.map((id) => sql`${id}`),
          sql`, `,
        )})
        order by f.id, (le.billing = 'headliner') desc, le.position`,
  );
  const names = new Map<number, string[]>();
  for (const row of rows) {
    const list = names.get(Number(row.festival_id)) ?? [];
    if (!list.includes(row.name)) list.push(row.name);
    names.set(Number(row.festival_id), list);
  }
  for (const [id, list] of names) lineups.set(id, `Cartel: ${list.join(', ')}`);
  return lineups;
}

export function favoriteFeedFestivals(database: Database, userId: number, now = new Date()): Promise<Festival[]> {
  const favourites = database
    .select({ id: favoritesTable.festivalId })
    .from(favoritesTable)
    .where(eq(favoritesTable.userId, userId));
  return selectFestivals(database, and(current(now), inArray(festivalsTable.id, favourites)));
}

const pageOf = (f: Festival) => siteUrl(festivalPath(f.id, f.name));

/** RFC 5545 TEXT escaping: backslash, semicolon and comma escaped, line breaks written as \n. */
const escapeText = (value: string) => value.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\r\n|\r|\n/g, '\\n');

/** UTF-8 length of one code point. */
const utf8Length = (codePoint: number) => (codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4);

/**
 * RFC 5545 line folding: a CRLF and a space before the octet that would pass 74 on a line, never
 * inside a character. The same breaks ical-generator makes (so a feed's bytes, and the ETags
 * calendar programs hold, did not change when we stopped rendering through it), counted without
 * building a TextEncoder per character as it does.
 */
function fold(line: string): string {
  if (line.length <= 24) return line;
  let out = '';
  let octets = 0;
  for (const char of line) {
    const size = utf8Length(char.codePointAt(0)!);
    octets += size;
    if (octets > 74) {
      out += '\r\n ';
      octets = size;
    }
    out += char;
  }
  return out;
}

const compactDate = (iso: string) => iso.replace(/-/g, '');

/**
 * An iCalendar (RFC 5545): one all-day event per festival, DTEND the day after the last day
 * (all-day ends are exclusive), a UID that stays the same whatever changes, so calendars update the
 * event instead of adding another; the calendar's name and a refresh interval of 6 hours for the
 * programs that read them; the lineup, where known, in the description. Written line by line: ical-generator, which we used first, spent about
 * 150 ms on 200 festivals (it builds a TextEncoder for every character when folding), and
 * functions/lib/feeds/calendar-feed.test.ts checks this writes the very bytes it wrote.
 */
export function renderIcs(
  name: string,
  festivals: Festival[],
  now = new Date(),
  lineups = new Map<number, string>(),
): string {
  const host = new URL(siteUrl()).host;
  // The day, not the instant: the body (and its ETag) stays the same between changes.
  const stamp = `${compactDate(todayIso(now))}T000000Z`;
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Festivales//Calendario//ES',
    'METHOD:PUBLISH',
    `NAME:${escapeText(name)}`,
    `X-WR-CALNAME:${escapeText(name)}`,
    'REFRESH-INTERVAL;VALUE=DURATION:PT6H',
    'X-PUBLISHED-TTL:PT6H',
  ];
  for (const f of festivals) {
    if (!f.start_date) continue;
    const last = f.end_date && f.end_date >= f.start_date ? f.end_date : f.start_date;
    const description = [
      f.description,
      lineups.get(f.id),
      f.genres.length ? `Géneros: ${f.genres.join(', ')}` : '',
      f.website ? `Web oficial: ${f.website}` : '',
      pageOf(f),
    ]
      .filter(Boolean)
      .join('\n\n');
    const location = [f.address, f.location].filter(Boolean).join(', ');
    lines.push(
      'BEGIN:VEVENT',
      `UID:festival-${f.id}@${host}`,
      'SEQUENCE:0',
      `DTSTAMP:${stamp}`,
      `DTSTART;VALUE=DATE:${compactDate(f.start_date)}`,
      `DTEND;VALUE=DATE:${compactDate(addDaysIso(last, 1))}`,
      'X-MICROSOFT-CDO-ALLDAYEVENT:TRUE',
      'X-MICROSOFT-MSNCALENDAR-ALLDAYEVENT:TRUE',
      `SUMMARY:${escapeText(f.name)}`,
    );
    if (location) lines.push(`LOCATION:${escapeText(location)}`);
    lines.push(`DESCRIPTION:${escapeText(description)}`, `URL;VALUE=URI:${pageOf(f)}`, 'END:VEVENT');
  }
  lines.push('END:VCALENDAR');
  // RFC 5545 §3.1: every content line ends with CRLF, the last one too.
  return `${lines.map(fold).join('\r\n')}\r\n`;
}

/** RSS 2.0 of the same festivals, newest dates first as readers expect. */
export function renderRss(
  title: string,
  festivals: Festival[],
  feedUrl: string,
  lineups = new Map<number, string>(),
): string {
  const items = festivals
    .map((f) => {
      const when = formatDateRange(f.start_date, f.end_date);
      return `<item><title>${escapeHtml(f.name)}</title><link>${escapeHtml(pageOf(f))}</link><guid isPermaLink="false">festival-${f.id}</guid><description>${escapeHtml([when, f.location, lineups.get(f.id), f.description].filter(Boolean).join(' · '))}</description>${f.genres.map((g) => `<category>${escapeHtml(g)}</category>`).join('')}</item>`;
    })
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"><channel><title>${escapeHtml(title)}</title><link>${escapeHtml(siteUrl('/'))}</link><description>Festivales de música electrónica</description><language>es</language><atom:link href="${escapeHtml(feedUrl)}" rel="self" type="application/rss+xml"/>
${items}
</channel></rss>`;
}

/** A strong ETag of the body: calendar programs poll, and a 304 spares both sides. */
export const etagOf = (body: string) => `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
