import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import type { Festival } from '#core/response-schemas';
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

describe('renderIcs', () => {
  const now = new Date('2026-11-24T15:00:00Z');

  it('ends every content line with CRLF, the last included, and folds lines at 75 octets', () => {
    const ours = renderIcs('Mis festivales favoritos', festivals, now);
    expect(ours.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(ours.replace(/\r\n/g, '').includes('\n')).toBe(false);
    const lines = ours.slice(0, -2).split('\r\n');
    expect(lines.every((line) => new TextEncoder().encode(line).length <= 75)).toBe(true);
    // A long name fills its first line to 75 octets before the fold.
    const summary = lines.findIndex((line) => line.startsWith('SUMMARY:xxx'));
    expect(new TextEncoder().encode(lines[summary]).length).toBe(75);
    expect(renderIcs('Vacío', [], now)).toBe(
      'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Festivales//Calendario//ES\r\nMETHOD:PUBLISH\r\nNAME:Vacío\r\n' +
        'X-WR-CALNAME:Vacío\r\nREFRESH-INTERVAL;VALUE=DURATION:PT6H\r\nX-PUBLISHED-TTL:PT6H\r\nEND:VCALENDAR\r\n',
    );
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
