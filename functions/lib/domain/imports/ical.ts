import { TZDate } from '@date-fns/tz';
import ICAL from 'ical.js';
import { absoluteUrl, cleanText, emptyFestival, type ReadResult, type ReadSet } from './read-result';

/*
 * iCalendar feeds (RFC 5545) read with ical.js (decision 092): each VEVENT's summary, dates,
 * location and url. A feed with one event is the festival; with several, the one whose dates hold
 * the others is the festival and the others are its sets (summary the artist, location the stage);
 * without such an event the calendar's name names the festival and every event is a set.
 */

const pad = (n: number) => String(n).padStart(2, '0');
const dateOf = (time: ICAL.Time) => `${time.year}-${pad(time.month)}-${pad(time.day)}`;

/**
 * The instant a DTSTART/DTEND names, in UTC: exact for UTC times and for zones the feed defines or
 * IANA names; null for a floating time (no zone: the feed does not say which instant).
 */
function instantOf(property: ICAL.Property | null): string | null {
  if (!property) return null;
  const time = property.getFirstValue() as ICAL.Time;
  if (!time || time.isDate) return null;
  const tzid = property.getParameter('tzid');
  const zone = typeof tzid === 'string' ? tzid : null;
  if (time.zone === ICAL.Timezone.utcTimezone) return time.toJSDate().toISOString();
  if (zone && ICAL.TimezoneService.has(zone)) {
    return time.convertToZone(ICAL.Timezone.utcTimezone).toJSDate().toISOString();
  }
  if (zone) {
    const local = new TZDate(time.year, time.month - 1, time.day, time.hour, time.minute, time.second, zone);
    if (!Number.isNaN(local.getTime())) return new Date(local.getTime()).toISOString();
  }
  return null;
}

interface FeedEvent {
  summary: string | null;
  description: string | null;
  location: string | null;
  url: string | null;
  start: string;
  /** The last day it covers (an all-day DTEND is the day after). */
  lastDay: string;
  startsAt: string | null;
  endsAt: string | null;
  status: string | null;
}

function eventOf(component: ICAL.Component, base: string): FeedEvent | null {
  const startProperty = component.getFirstProperty('dtstart');
  const start = startProperty?.getFirstValue() as ICAL.Time | undefined;
  if (!start) return null;
  const endProperty = component.getFirstProperty('dtend');
  let end = endProperty?.getFirstValue() as ICAL.Time | undefined;
  let lastDay = dateOf(start);
  if (end) {
    if (end.isDate) {
      end = end.clone();
      end.adjust(-1, 0, 0, 0);
    }
    if (dateOf(end) > lastDay) lastDay = dateOf(end);
  }
  const value = (name: string) => {
    const v = component.getFirstPropertyValue(name);
    return typeof v === 'string' ? v : null;
  };
  return {
    summary: cleanText(value('summary'), 200),
    description: cleanText(value('description'), 20000),
    location: cleanText(value('location'), 200),
    url: absoluteUrl(value('url'), base),
    start: dateOf(start),
    lastDay,
    startsAt: instantOf(startProperty),
    endsAt: instantOf(endProperty),
    status: value('status')?.toUpperCase() ?? null,
  };
}

export function readCalendar(text: string, pageUrl: string): ReadResult | undefined {
  let calendar: ICAL.Component;
  try {
    calendar = new ICAL.Component(ICAL.parse(text) as unknown[]);
  } catch {
    return {
      kind: 'ical',
      festival: emptyFestival(),
      edition: null,
      lineup: [],
      tickets: [],
      warnings: ['El calendario no se ha podido leer: no es un iCalendar válido.'],
    };
  }
  // The zones the feed defines, registered while it is read and removed after: the service is shared.
  const zones: string[] = [];
  for (const definition of calendar.getAllSubcomponents('vtimezone')) {
    const tzid = definition.getFirstPropertyValue('tzid');
    if (typeof tzid === 'string' && !ICAL.TimezoneService.has(tzid)) {
      ICAL.TimezoneService.register(definition);
      zones.push(tzid);
    }
  }
  const warnings: string[] = [];
  let events: FeedEvent[];
  try {
    events = calendar
      .getAllSubcomponents('vevent')
      .map((component) => {
        try {
          return eventOf(component, pageUrl);
        } catch {
          warnings.push('Un evento del calendario no se ha podido leer: se ha saltado.');
          return null;
        }
      })
      .filter((e): e is FeedEvent => e !== null);
  } finally {
    for (const tzid of zones) ICAL.TimezoneService.remove(tzid);
  }
  if (events.length === 0) return undefined;

  const span = (e: FeedEvent) => Date.parse(e.lastDay) - Date.parse(e.start);
  const widest = [...events].sort((a, b) => span(b) - span(a))[0];
  const holdsOthers = events.every((e) => e === widest || (e.start >= widest.start && e.start <= widest.lastDay));
  const main = events.length === 1 || (holdsOthers && span(widest) > 0) ? widest : null;
  const sets: ReadSet[] = events
    .filter((e) => e !== main && e.summary)
    .map((e) => ({ name: e.summary!, day: e.start, stage: e.location, starts_at: e.startsAt, ends_at: e.endsAt }));

  const festival = emptyFestival();
  const calendarName = calendar.getFirstPropertyValue('x-wr-calname');
  festival.name = main?.summary ?? cleanText(typeof calendarName === 'string' ? calendarName : null, 200);
  festival.description = main?.description ?? null;
  festival.location = main?.location ?? null;
  festival.website = main?.url ?? null;
  if (!main)
    warnings.push(
      'El calendario no tiene un evento que abarque el festival: cada evento se ha leído como una actuación.',
    );
  const start = main?.start ?? events.map((e) => e.start).sort()[0];
  const end =
    main?.lastDay ??
    events
      .map((e) => e.lastDay)
      .sort()
      .at(-1)!;
  const cancelled = main?.status === 'CANCELLED';
  if (cancelled) warnings.push('El calendario indica que el evento está cancelado.');
  if (sets.some((s) => s.starts_at === null))
    warnings.push('Algunas actuaciones del calendario no llevan hora con zona horaria: se ha guardado solo el día.');
  return {
    kind: 'ical',
    festival,
    edition: {
      year: Number(start.slice(0, 4)),
      start_date: start,
      end_date: end,
      status: cancelled ? 'cancelled' : main?.status === 'TENTATIVE' ? 'announced' : 'confirmed',
      event_status: cancelled ? 'cancelled' : 'scheduled',
    },
    lineup: sets,
    tickets: [],
    warnings,
  };
}
