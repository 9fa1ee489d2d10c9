import { createHash } from 'node:crypto';
import { and, eq, gte, ilike, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import { addDaysIso } from '#core/calendar';
import { formatDateRange, todayIso } from '#core/dates';
import type { FeedQuery } from '#core/feed-schemas';
import { festivalPath } from '#core/share';
import type { Database, Executor } from '#db/client';
import { sqlRows } from '../domain/sql-rows';
import { favoritesTable, festivalAttendanceTable, festivalGenresTable, festivalsTable, genresTable } from '#db/schema';
import { selectFestivals } from '../domain/festivals/festival-rows';
import { escapeHtml } from '../mail/layout';
import { siteUrl } from '../mail/site-url';
import type { Festival } from '#core/response-schemas';
import { icsCalendar, icsText } from '#core/ics';

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
  // Favourites and the festivals the user goes to ('Voy', decision 095).
  const favourites = database
    .select({ id: favoritesTable.festivalId })
    .from(favoritesTable)
    .where(eq(favoritesTable.userId, userId))
    .union(
      database
        .select({ id: festivalAttendanceTable.festivalId })
        .from(festivalAttendanceTable)
        .where(and(eq(festivalAttendanceTable.userId, userId), eq(festivalAttendanceTable.status, 'going'))),
    );
  return selectFestivals(database, and(current(now), inArray(festivalsTable.id, favourites)));
}

const pageOf = (f: Festival) => siteUrl(festivalPath(f.id, f.name));

const compactDate = (iso: string) => iso.replace(/-/g, '');

/**
 * An iCalendar (RFC 5545): one all-day event per festival, DTEND the day after the last day
 * (all-day ends are exclusive), a UID that stays the same whatever changes, so calendars update the
 * event instead of adding another; the calendar's name and a refresh interval of 6 hours for the
 * programs that read them; the lineup, where known, in the description. Written by the site's one
 * iCalendar writer (core/ics.ts): ical-generator, which we used first, spent about 150 ms on 200
 * festivals (it builds a TextEncoder for every character when folding).
 */
export function renderIcs(
  name: string,
  festivals: Festival[],
  now = new Date(),
  lineups = new Map<number, string>(),
): string {
  const host = new URL(siteUrl()).host;
  // The day, not the instant: the body stays the same between changes.
  const stamp = `${compactDate(todayIso(now))}T000000Z`;
  const events = festivals
    .filter((f) => f.start_date)
    .map((f) => {
      const first = f.start_date!;
      const last = f.end_date && f.end_date >= first ? f.end_date : first;
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
      return [
        `UID:festival-${f.id}@${host}`,
        'SEQUENCE:0',
        `DTSTAMP:${stamp}`,
        `DTSTART;VALUE=DATE:${compactDate(first)}`,
        `DTEND;VALUE=DATE:${compactDate(addDaysIso(last, 1))}`,
        'X-MICROSOFT-CDO-ALLDAYEVENT:TRUE',
        'X-MICROSOFT-MSNCALENDAR-ALLDAYEVENT:TRUE',
        icsText('SUMMARY', f.name),
        location && icsText('LOCATION', location),
        icsText('DESCRIPTION', description),
        `URL;VALUE=URI:${pageOf(f)}`,
      ];
    });
  return icsCalendar(
    [
      'VERSION:2.0',
      'PRODID:-//Festivales//Calendario//ES',
      'METHOD:PUBLISH',
      icsText('NAME', name),
      icsText('X-WR-CALNAME', name),
      'REFRESH-INTERVAL;VALUE=DURATION:PT6H',
      'X-PUBLISHED-TTL:PT6H',
    ],
    events,
  );
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
      const description = [when, f.location, lineups.get(f.id), f.description].filter(Boolean).join(' · ');
      return (
        `<item><title>${escapeHtml(f.name)}</title><link>${escapeHtml(pageOf(f))}</link>` +
        `<guid isPermaLink="false">festival-${f.id}</guid><description>${escapeHtml(description)}</description>` +
        `${f.genres.map((g) => `<category>${escapeHtml(g)}</category>`).join('')}</item>`
      );
    })
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"><channel><title>${escapeHtml(title)}</title><link>${escapeHtml(siteUrl('/'))}</link><description>Festivales de música electrónica</description><language>es</language><atom:link href="${escapeHtml(feedUrl)}" rel="self" type="application/rss+xml"/>
${items}
</channel></rss>`;
}

/** A strong ETag of the body: calendar programs poll, and a 304 spares both sides. */
export const etagOf = (body: string) => `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
