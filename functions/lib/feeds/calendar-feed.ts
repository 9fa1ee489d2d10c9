import { createHash } from 'node:crypto';
import ical, { ICalCalendarMethod } from 'ical-generator';
import { and, eq, gte, ilike, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import { addDaysIso } from '#core/calendar';
import { formatDateRange, todayIso } from '#core/dates';
import type { FeedQuery } from '#core/feed-schemas';
import { festivalPath } from '#core/share';
import type { Database } from '#db/client';
import { favoritesTable, festivalGenresTable, festivalsTable, genresTable } from '#db/schema';
import { selectFestivals } from '../festival-store';
import { escapeHtml } from '../mail/layout';
import { siteUrl } from '../mail/site-url';
import type { Festival } from '#core/response-schemas';

/** Festivals that ended more than this many days ago leave the feeds. */
const PAST_DAYS = 30;

const current = (now: Date) => and(eq(festivalsTable.status, 'approved'), isNotNull(festivalsTable.startDate), gte(sql`coalesce(${festivalsTable.endDate}, ${festivalsTable.startDate})`, addDaysIso(todayIso(now), -PAST_DAYS)));

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
  if (query.country) conditions.push(or(ilike(festivalsTable.location, like(query.country)), ilike(festivalsTable.address, like(query.country))));
  if (query.artist) conditions.push(ilike(festivalsTable.description, like(query.artist)));
  return selectFestivals(database, and(...conditions));
}

export function favoriteFeedFestivals(database: Database, userId: number, now = new Date()): Promise<Festival[]> {
  const favourites = database.select({ id: favoritesTable.festivalId }).from(favoritesTable).where(eq(favoritesTable.userId, userId));
  return selectFestivals(database, and(current(now), inArray(festivalsTable.id, favourites)));
}

const pageOf = (f: Festival) => siteUrl(festivalPath(f.id, f.name));

/**
 * An iCalendar (RFC 5545) through ical-generator, which escapes and folds: one all-day event per
 * festival, DTEND the day after the last day (all-day ends are exclusive), a UID that stays the same
 * whatever changes, so calendars update the event instead of adding another.
 */
export function renderIcs(name: string, festivals: Festival[], now = new Date()): string {
  const host = new URL(siteUrl()).host;
  const calendar = ical({ name, prodId: { company: 'Festivales', product: 'Calendario', language: 'ES' }, method: ICalCalendarMethod.PUBLISH, ttl: 60 * 60 * 6 });
  for (const f of festivals) {
    if (!f.start_date) continue;
    const last = f.end_date && f.end_date >= f.start_date ? f.end_date : f.start_date;
    const description = [f.description, f.genres.length ? `Géneros: ${f.genres.join(', ')}` : '', f.website ? `Web oficial: ${f.website}` : '', pageOf(f)].filter(Boolean).join('\n\n');
    calendar.createEvent({
      id: `festival-${f.id}@${host}`,
      start: f.start_date,
      end: addDaysIso(last, 1),
      allDay: true,
      // The day, not the instant: the body (and its ETag) stays the same between changes.
      stamp: new Date(`${todayIso(now)}T00:00:00Z`),
      summary: f.name,
      description,
      location: [f.address, f.location].filter(Boolean).join(', ') || undefined,
      url: pageOf(f),
    });
  }
  return calendar.toString();
}

/** RSS 2.0 of the same festivals, newest dates first as readers expect. */
export function renderRss(title: string, festivals: Festival[], feedUrl: string): string {
  const items = festivals
    .map((f) => {
      const when = formatDateRange(f.start_date, f.end_date);
      return `<item><title>${escapeHtml(f.name)}</title><link>${escapeHtml(pageOf(f))}</link><guid isPermaLink="false">festival-${f.id}</guid><description>${escapeHtml([when, f.location, f.description].filter(Boolean).join(' · '))}</description>${f.genres.map((g) => `<category>${escapeHtml(g)}</category>`).join('')}</item>`;
    })
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"><channel><title>${escapeHtml(title)}</title><link>${escapeHtml(siteUrl('/'))}</link><description>Festivales de música electrónica</description><language>es</language><atom:link href="${escapeHtml(feedUrl)}" rel="self" type="application/rss+xml"/>
${items}
</channel></rss>`;
}

/** A strong ETag of the body: calendar programs poll, and a 304 spares both sides. */
export const etagOf = (body: string) => `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
