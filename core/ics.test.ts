import { describe, expect, it } from 'vitest';
import { escapeIcsText, festivalToIcs, foldIcsLine, icsFileName } from './ics';

const festival = {
  id: 7,
  name: 'Sónar, Barcelona; edición 2026',
  description: 'Música **avanzada** y arte.\nTres días.',
  location: 'Barcelona, España',
  address: 'Fira Montjuïc',
  start_date: '2026-06-18',
  end_date: '2026-06-20',
  website: 'https://sonar.es/',
  latitude: 41.37,
  longitude: 2.15,
  hasValidCoordinates: true,
};

const unfold = (ics: string) => ics.replace(/\r\n /g, '');

describe('festivalToIcs', () => {
  const ics = festivalToIcs(festival, {
    url: 'https://festivales.example/festival/7/sonar',
    now: new Date('2026-01-02T03:04:05.678Z'),
  })!;

  it('is an RFC 5545 calendar with CRLF lines of at most 75 octets', () => {
    expect(ics.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '').includes('\n')).toBe(false);
    for (const line of ics.split('\r\n')) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
  });

  it('is an all-day event whose DTEND is the day after the last day', () => {
    const text = unfold(ics);
    expect(text).toContain('DTSTART;VALUE=DATE:20260618\r\n');
    expect(text).toContain('DTEND;VALUE=DATE:20260621\r\n');
    expect(text).toContain('DTSTAMP:20260102T030405Z\r\n');
    expect(text).toContain('UID:festival-7-20260618@festivales\r\n');
  });

  it('escapes text and includes place, description, url and coordinates', () => {
    const text = unfold(ics);
    expect(text).toContain('SUMMARY:Sónar\\, Barcelona\\; edición 2026\r\n');
    expect(text).toContain('LOCATION:Barcelona\\, España - Fira Montjuïc\r\n');
    expect(text).toContain(
      'DESCRIPTION:Música avanzada y arte. Tres días.\\n\\nWeb oficial: https://sonar.es/\\n\\nhttps://festivales.example/festival/7/sonar',
    );
    expect(text).toContain('URL:https://festivales.example/festival/7/sonar\r\n');
    expect(text).toContain('GEO:41.37;2.15\r\n');
  });

  it('lists the lineup in the description, headliners first, and leaves it out while none is announced', () => {
    const lineup = [
      { artist: { name: 'Bicep' }, billing: 'regular' as const },
      { artist: { name: 'The Chemical Brothers' }, billing: 'headliner' as const },
      { artist: { name: 'Amelie Lens' }, billing: 'regular' as const },
    ];
    const text = unfold(festivalToIcs({ ...festival, lineup })!);
    expect(text).toContain('Tres días.\\n\\nCartel: The Chemical Brothers\\, Bicep\\, Amelie Lens\\n\\nWeb oficial');
    expect(unfold(festivalToIcs({ ...festival, lineup: [] })!)).not.toContain('Cartel');
  });

  it('makes a one-day event without an end date and refuses undated festivals', () => {
    const single = unfold(festivalToIcs({ ...festival, end_date: null, hasValidCoordinates: false })!);
    expect(single).toContain('DTEND;VALUE=DATE:20260619');
    expect(single).not.toContain('GEO:');
    expect(festivalToIcs({ ...festival, start_date: null })).toBeNull();
  });
});

describe('ics helpers', () => {
  it('escapes backslashes first', () => {
    expect(escapeIcsText('a\\b;c,d\ne')).toBe('a\\\\b\\;c\\,d\\ne');
  });

  it('folds without splitting multi-byte characters', () => {
    const line = `DESCRIPTION:${'é'.repeat(80)}`;
    const folded = foldIcsLine(line);
    expect(folded.replace(/\r\n /g, '')).toBe(line);
    for (const part of folded.split('\r\n')) expect(new TextEncoder().encode(part).length).toBeLessThanOrEqual(75);
    expect(foldIcsLine('SHORT:x')).toBe('SHORT:x');
  });

  it('names the file after the festival', () => {
    expect(icsFileName(festival)).toBe('sonar-barcelona-edicion-2026-2026-06-18.ics');
    expect(icsFileName({ name: '!!!', start_date: null })).toBe('festival.ics');
  });
});
