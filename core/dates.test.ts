import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  formatDate,
  formatDateRange,
  isIsoDate,
  monthNames,
  monthShortNames,
  parseDateInput,
  parseIsoDate,
  todayIso,
  weekdayNames,
  weekdayShortNames,
} from './dates';

describe('Spanish month and weekday names (written out)', () => {
  const intl = (options: Intl.DateTimeFormatOptions, count: number, day: (i: number) => number) => {
    const format = new Intl.DateTimeFormat('es', { ...options, timeZone: 'UTC' });
    return Array.from({ length: count }, (_, i) => format.format(day(i)));
  };

  it("are the words the runtime's Spanish locale data gives", () => {
    expect(monthNames).toEqual(intl({ month: 'long' }, 12, (i) => Date.UTC(2001, i, 1)));
    expect(monthShortNames).toEqual(intl({ month: 'short' }, 12, (i) => Date.UTC(2001, i, 1)));
    // 1 January 2001 was a Monday.
    expect(weekdayNames).toEqual(intl({ weekday: 'long' }, 7, (i) => Date.UTC(2001, 0, 1 + i)));
    expect(weekdayShortNames).toEqual(intl({ weekday: 'short' }, 7, (i) => Date.UTC(2001, 0, 1 + i)));
  });
});

describe('parseDateInput (dates typed in the proposal form)', () => {
  it.each([
    // DD-MM-YYYY, the typed form
    ['15-07-2026', '2026-07-15'],
    ['5-7-2026', '2026-07-05'],
    ['01-01-2027', '2027-01-01'],
    // DD/MM/YYYY (and dots)
    ['15/07/2026', '2026-07-15'],
    ['15.07.2026', '2026-07-15'],
    // YYYY-MM-DD
    ['2026-07-15', '2026-07-15'],
    ['2026/07/15', '2026-07-15'],
    ['2026-7-5', '2026-07-05'],
    // trimmed
    ['  15-07-2026 \t', '2026-07-15'],
    // a time is ignored: the written calendar date, no time-zone shift
    ['2026-07-15T10:00:00Z', '2026-07-15'],
    ['2026-07-15T23:30:00-05:00', '2026-07-15'],
    ['2026-07-15T00:30:00.000+14:00', '2026-07-15'],
    ['2026-07-15 23:59', '2026-07-15'],
    ['15-07-2026 20:00', '2026-07-15'],
    // any other parsable date
    ['July 15, 2026', '2026-07-15'],
    ['15 July 2026', '2026-07-15'],
    ['Jul 5 2026', '2026-07-05'],
    ['Wed Jul 15 2026', '2026-07-15'],
    // Spanish, as formatDate writes it
    ['15 de julio de 2026', '2026-07-15'],
    ['Miércoles, 15 de julio de 2026', '2026-07-15'],
    ['1 ene 2027', '2027-01-01'],
    ['3 sept. 2026', '2026-09-03'],
    // leap years
    ['29-02-2024', '2024-02-29'],
    ['29-02-2000', '2000-02-29'],
  ])('%j -> %j', (input, expected) => {
    expect(parseDateInput(input)).toBe(expected);
  });

  it.each([
    [''],
    ['   '],
    // not real calendar dates
    ['31-02-2026'],
    ['29-02-2026'],
    ['29-02-1900'],
    ['31-04-2026'],
    ['00-01-2026'],
    ['32-01-2026'],
    ['15-13-2026'],
    ['2026-13-01'],
    ['2026-02-30'],
    ['2026-02-30T10:00:00Z'],
    ['31 de febrero de 2026'],
    ['February 30, 2026'],
    // ambiguous or partial
    ['07/15/2026'],
    ['15-07/2026'],
    ['15-07-26'],
    ['2026'],
    ['2026-07'],
    ['July 2026'],
    ['20260715'],
    // not dates
    ['not a date'],
    ['Festival 2026'],
    ['15 de nada de 2026'],
    ['15 de constructor de 2026'],
    ['15-07-2026 garbage'],
  ])('%j -> null', (input) => {
    expect(parseDateInput(input)).toBeNull();
  });
});

describe('isIsoDate', () => {
  it.each([
    ['2026-07-15', true],
    ['2024-02-29', true],
    ['2026-02-29', false],
    ['2026-04-31', false],
    ['2026-00-10', false],
    ['2026-7-15', false],
    ['15-07-2026', false],
    [' 2026-07-15', false],
    ['2026-07-15T00:00:00Z', false],
    ['0000-01-01', false],
    ['', false],
  ])('%j -> %s', (input, expected) => {
    expect(isIsoDate(input)).toBe(expected);
  });
});

describe('parseIsoDate', () => {
  it.each([
    ['2026-07-15', 2026, 6, 15],
    ['2024-02-29', 2024, 1, 29],
    ['0050-03-01', 50, 2, 1],
  ])('%j is local midnight of that day', (iso, year, month, day) => {
    const d = parseIsoDate(iso);
    expect([d?.getFullYear(), d?.getMonth(), d?.getDate(), d?.getHours(), d?.getMinutes()]).toEqual([
      year,
      month,
      day,
      0,
      0,
    ]);
  });

  it.each([['2026-02-30'], ['15-07-2026'], ['']])('%j -> null', (iso) => {
    expect(parseIsoDate(iso)).toBeNull();
  });
});

describe("formatDate ('d de MMMM de yyyy')", () => {
  it.each([
    ['2026-07-15', '15 de julio de 2026'],
    ['2026-01-01', '1 de enero de 2026'],
    ['2026-12-31', '31 de diciembre de 2026'],
    [' 2026-09-05 ', '5 de septiembre de 2026'],
    [null, 'Fecha no disponible'],
    [undefined, 'Fecha no disponible'],
    ['', 'Fecha no disponible'],
    ['garbage', 'Fecha no disponible'],
    ['2026-02-30', 'Fecha no disponible'],
  ])('%j -> %j', (iso, expected) => {
    expect(formatDate(iso)).toBe(expected);
  });

  it('shows a timestamp on its local day', () => {
    expect(formatDate(new Date(2026, 6, 15, 23, 30).toISOString())).toBe('15 de julio de 2026');
    expect(formatDate(new Date(2026, 6, 15, 0, 30).toISOString())).toBe('15 de julio de 2026');
  });
});

describe("formatDateRange ('start - end')", () => {
  it.each([
    ['2026-07-15', '2026-07-17', '15 de julio de 2026 - 17 de julio de 2026'],
    ['2026-12-30', '2027-01-02', '30 de diciembre de 2026 - 2 de enero de 2027'],
    ['2026-07-15', '2026-07-15', '15 de julio de 2026'],
    ['2026-07-15', null, '15 de julio de 2026'],
    ['2026-07-15', undefined, '15 de julio de 2026'],
    ['2026-07-15', '', '15 de julio de 2026'],
    ['2026-07-15', 'garbage', '15 de julio de 2026'],
    [null, '2026-07-17', 'Fecha no disponible'],
    [undefined, undefined, 'Fecha no disponible'],
    ['garbage', '2026-07-17', 'Fecha no disponible'],
  ])('(%j, %j) -> %j', (start, end, expected) => {
    expect(formatDateRange(start, end)).toBe(expected);
  });
});

describe('todayIso', () => {
  it.each([
    [new Date(2026, 5, 15, 12, 0), '2026-06-15'],
    [new Date(2026, 0, 5, 0, 0, 0, 0), '2026-01-05'],
    [new Date(2026, 11, 31, 23, 59, 59, 999), '2026-12-31'],
  ])('%s -> %j', (now, expected) => {
    expect(todayIso(now)).toBe(expected);
  });

  it('defaults to the current local date', () => {
    vi.useFakeTimers({ now: new Date(2026, 5, 15, 12, 0) });
    try {
      expect(todayIso()).toBe('2026-06-15');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('in a time zone west of UTC', () => {
  const original = process.env.TZ;
  afterEach(() => {
    if (original === undefined) delete process.env.TZ;
    else process.env.TZ = original;
  });

  it('still reads YYYY-MM-DD as that local day', () => {
    process.env.TZ = 'America/Los_Angeles';
    // The pitfall the module avoids: this is UTC midnight, the 14th locally.
    expect(new Date('2026-07-15').getDate()).toBe(14);
    expect(parseIsoDate('2026-07-15')?.getDate()).toBe(15);
    expect(formatDate('2026-07-15')).toBe('15 de julio de 2026');
    expect(parseDateInput('2026-07-15T02:00:00Z')).toBe('2026-07-15');
    expect(parseDateInput('July 15, 2026')).toBe('2026-07-15');
    expect(todayIso(new Date(2026, 6, 15, 23, 30))).toBe('2026-07-15');
  });
});
