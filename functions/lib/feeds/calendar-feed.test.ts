import ical, { ICalCalendarMethod } from 'ical-generator';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { addDaysIso } from '#core/calendar';
import type { Festival } from '#core/response-schemas';
import { festivalPath } from '#core/share';
import { siteUrl } from '../mail/site-url';
import { renderIcs } from './calendar-feed';

const festival = (over: Partial<Festival>): Festival =>
  ({
    id: 1,
    name: 'Fest',
    description: null,
    location: null,
    address: null,
    start_date: '2027-07-10',
    end_date: '2027-07-12',
    website: null,
    genres: [],
    ...over,
  }) as Festival;

const festivals: Festival[] = [
  festival({
    id: 7,
    name: 'Fest; "Uno", dos',
    description: 'Línea uno\nLínea dos, con comas; y puntos. '.repeat(3),
    genres: ['Techno', 'House'],
    website: 'https://x.example.com',
    location: 'Bilbao, España',
    address: 'Muelle 1',
  }),
  festival({
    id: 8,
    name: 'Ñandú 🎧 Fest — edición ünica',
    description: `${'ÁéÍóÚ ñ 🎶 '.repeat(30)}\r\nback\\slash`,
    end_date: null,
    location: 'Göteborg, Suecia',
  }),
  festival({ id: 9, name: 'Sin sitio', start_date: '2027-08-01', end_date: '2027-07-30' }),
  festival({ id: 10, name: 'x'.repeat(200), description: 'y'.repeat(500), address: 'Calle 2' }),
  festival({ id: 11, name: 'Sin fecha', start_date: null, end_date: null }),
];

/** What ical-generator wrote for the same festivals, as the feeds were first rendered. */
function throughIcalGenerator(name: string, list: Festival[], now: Date): string {
  const host = new URL(siteUrl()).host;
  const calendar = ical({
    name,
    prodId: { company: 'Festivales', product: 'Calendario', language: 'ES' },
    method: ICalCalendarMethod.PUBLISH,
    ttl: 60 * 60 * 6,
  });
  for (const f of list) {
    if (!f.start_date) continue;
    const last = f.end_date && f.end_date >= f.start_date ? f.end_date : f.start_date;
    const page = siteUrl(festivalPath(f.id, f.name));
    calendar.createEvent({
      id: `festival-${f.id}@${host}`,
      start: f.start_date,
      end: addDaysIso(last, 1),
      allDay: true,
      stamp: new Date(`${now.toISOString().slice(0, 10)}T00:00:00Z`),
      summary: f.name,
      description: [
        f.description,
        f.genres.length ? `Géneros: ${f.genres.join(', ')}` : '',
        f.website ? `Web oficial: ${f.website}` : '',
        page,
      ]
        .filter(Boolean)
        .join('\n\n'),
      location: [f.address, f.location].filter(Boolean).join(', ') || undefined,
      url: page,
    });
  }
  return calendar.toString();
}

describe('renderIcs', () => {
  const now = new Date('2026-11-24T15:00:00Z');

  it('writes the bytes ical-generator wrote (escaping, folding, all-day events), with the last line ended by CRLF', () => {
    // (ical-generator left the calendar's name unescaped; ours are plain words, and are escaped here. It also left
    // END:VCALENDAR without the CRLF that RFC 5545 §3.1 ends every line with.)
    expect(renderIcs('Mis festivales favoritos', festivals, now)).toBe(
      `${throughIcalGenerator('Mis festivales favoritos', festivals, now)}\r\n`,
    );
    expect(renderIcs('Vacío', [], now)).toBe(`${throughIcalGenerator('Vacío', [], now)}\r\n`);
  });

  it('is iCalendar a parser reads back: no line over 75 octets, texts as written', () => {
    const ours = renderIcs('Mis festivales favoritos', festivals, now);
    expect(ours.split('\r\n').every((line) => new TextEncoder().encode(line).length <= 75)).toBe(true);
    const events = new ICAL.Component(ICAL.parse(ours)).getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    expect(events.map((e) => e.summary)).toEqual(festivals.filter((f) => f.start_date).map((f) => f.name));
    expect(events[1].description).toContain('back\\slash');
    expect(events[2].endDate.toString()).toBe('2027-08-02');
  });
});
