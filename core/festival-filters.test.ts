import { describe, expect, it } from 'vitest';
import {
  defaultFilters,
  type FestivalFilters,
  type FestivalSort,
  festivalSorts,
  type FilterableFestival,
  filterFestivals,
  isSoon,
  isUpcoming,
  matchesFilters,
  normalizeText,
  setDateRange,
  setUpcoming,
  sortFestivals,
} from './festival-filters';

// Monday 15 June 2026, noon local time.
const now = new Date(2026, 5, 15, 12, 0);
const today = '2026-06-15';
const yesterday = '2026-06-14';
const tomorrow = '2026-06-16';

function fest(fields: Partial<FilterableFestival> = {}): FilterableFestival {
  return {
    name: 'Festival',
    location: null,
    genres: [],
    averageRating: 0,
    start_date: null,
    end_date: null,
    ...fields,
  };
}

describe('festivalSorts and defaultFilters (what Limpiar filtros resets to)', () => {
  it('lists the three orders', () => {
    expect(festivalSorts).toEqual(['date', 'name', 'rating', 'distance']);
  });

  it('clear all: no search, no genre, any rating, upcoming on, no dates, by date, any price, no trip facts', () => {
    expect(defaultFilters).toEqual({
      search: '',
      genre: '',
      minRating: 0,
      upcoming: true,
      from: '',
      to: '',
      sort: 'date',
      maxPrice: 0,
      facts: [],
    });
  });
});

describe('normalizeText', () => {
  it.each([
    ['Sónar', 'sonar'],
    ['BARCELONA, España', 'barcelona, espana'],
    ['Øya', 'oya'],
    ['', ''],
  ])('%j -> %j', (input, output) => {
    expect(normalizeText(input)).toBe(output);
  });
});

describe('isUpcoming (start, or end if no start, today or later)', () => {
  it.each([
    ['festival today', today, today, now, true],
    ['festival today, late at night', today, today, new Date(2026, 5, 15, 23, 59, 59, 999), true],
    ['festival today, at midnight', today, today, new Date(2026, 5, 15, 0, 0), true],
    ['starts tomorrow', tomorrow, '2026-06-18', now, true],
    ['starts next year', '2027-06-01', null, now, true],
    ['started yesterday, ends today', yesterday, today, now, false],
    ['started yesterday, ends tomorrow', yesterday, tomorrow, now, false],
    ['yesterday, no end', yesterday, null, now, false],
    ['only end, today', null, today, now, true],
    ['only end, tomorrow', null, tomorrow, now, true],
    ['only end, yesterday', null, yesterday, now, false],
    ['invalid start counts as none, end tomorrow', 'garbage', tomorrow, now, true],
    ['no dates', null, null, now, false],
    ['invalid dates', 'garbage', '2026-02-30', now, false],
  ] as const)('%s -> %s', (_label, start_date, end_date, at, expected) => {
    expect(isUpcoming(fest({ start_date, end_date }), at)).toBe(expected);
  });
});

describe('isSoon (starts after now, within 30 days)', () => {
  it.each([
    ['starts today', today, today, false],
    ['starts tomorrow', tomorrow, tomorrow, true],
    ['starts in 30 days', '2026-07-15', '2026-07-17', true],
    ['starts in 31 days', '2026-07-16', '2026-07-17', false],
    ['started yesterday', yesterday, tomorrow, false],
    ['only end date, tomorrow', null, tomorrow, false],
    ['no dates', null, null, false],
    ['invalid start', '2026-06-31', null, false],
  ] as const)('%s -> %s', (_label, start_date, end_date, expected) => {
    expect(isSoon(fest({ start_date, end_date }), now)).toBe(expected);
  });
});

describe('matchesFilters (search, genre, minimum rating, upcoming, date range)', () => {
  const sonar = fest({
    name: 'Sónar',
    location: 'Barcelona, España',
    genres: ['Techno', 'House'],
    averageRating: 4.5,
    start_date: '2026-07-16',
    end_date: '2026-07-18',
  });

  describe('search: artist names when the festival carries their keys, as the server searches lineups', () => {
    const withLineup = fest({ name: 'Awakenings', artistKeys: ['amelielens', 'charlottedewitte'] });
    it.each([
      ['Amélie Lens', true],
      ['DJ Charlotte de Witte', true],
      ['lens', true],
      // Fewer than 3 characters of a key match no artist (the name still counts).
      ['le', false],
      ['Nina Kraviz', false],
    ])('%s -> %s', (search, expected) => {
      expect(matchesFilters(withLineup, { search }, now)).toBe(expected);
    });
    it('matches nothing by artist when the festival has no keys', () => {
      expect(matchesFilters(fest({ name: 'Awakenings' }), { search: 'Amélie Lens' }, now)).toBe(false);
    });
  });

  describe('search: case- and accent-insensitive over name and location', () => {
    it.each([
      ['sonar', sonar, true],
      ['SÓNAR', fest({ name: 'Sonar' }), true],
      ['BARCELONA', sonar, true],
      ['espana', sonar, true],
      ['ona, esp', sonar, true],
      ['  sonar  ', sonar, true],
      ['mavera', fest({ name: 'Primavera Sound' }), true],
      ['oya', fest({ name: 'Øya Festival' }), true],
      ['oslo', fest({ name: 'Øya Festival', location: null }), false],
      ['madrid', sonar, false],
      ['techno', sonar, false], // genres are not searched
      ['', sonar, true],
      ['   ', sonar, true],
      [undefined, sonar, true],
    ])('%j in %j -> %s', (search, f, expected) => {
      expect(matchesFilters(f, { search }, now)).toBe(expected);
    });
  });

  describe('genre: exact match of one of the genres', () => {
    it.each([
      ['House', ['Techno', 'House'], true],
      ['Techno', ['Techno'], true],
      ['House', ['Tech House'], false],
      ['house', ['House'], false],
      ['Techno', [], false],
      ['', [], true],
      [undefined, ['Techno'], true],
    ])('%j in %j -> %s', (genre, genres, expected) => {
      expect(matchesFilters(fest({ genres }), { genre }, now)).toBe(expected);
    });
  });

  describe('minRating: averageRating, missing as 0', () => {
    it.each([
      [0, undefined, true],
      [undefined, null, true],
      [0, 0, true],
      [1, undefined, false],
      [1, null, false],
      [1, Number.NaN, false],
      [4, 3.99, false],
      [4, 4, true],
      [4, 4.5, true],
      [5, 5, true],
      [5, 4.9, false],
    ])('minRating %j with averageRating %j -> %s', (minRating, averageRating, expected) => {
      expect(matchesFilters(fest({ averageRating }), { minRating }, now)).toBe(expected);
    });
  });

  describe('upcoming', () => {
    it.each([
      [true, today, today, true],
      [true, tomorrow, null, true],
      [true, yesterday, today, false],
      [true, null, today, true],
      [true, '2026-01-01', '2026-01-03', false],
      [true, null, null, false],
      [false, '2026-01-01', '2026-01-03', true],
      [false, null, null, true],
      [undefined, '2026-01-01', '2026-01-03', true],
    ])('upcoming %j, %j to %j -> %s', (upcoming, start_date, end_date, expected) => {
      expect(matchesFilters(fest({ start_date, end_date }), { upcoming }, now)).toBe(expected);
    });
  });

  describe('date range: overlapping whole days, a valid start required', () => {
    it.each([
      // only from
      ['ends the day before from', { from: '2026-07-10' }, '2026-07-08', '2026-07-09', false],
      ['ends on the from day', { from: '2026-07-10' }, '2026-07-08', '2026-07-10', true],
      ['starts after from', { from: '2026-07-10' }, '2026-08-01', '2026-08-02', true],
      ['no end, starts before from', { from: '2026-07-10' }, '2026-07-09', null, false],
      ['no end, starts on from', { from: '2026-07-10' }, '2026-07-10', null, true],
      // only to
      ['starts on the to day', { to: '2026-07-31' }, '2026-07-31', '2026-08-02', true],
      ['starts the day after to', { to: '2026-07-31' }, '2026-08-01', '2026-08-02', false],
      ['starts long before to', { to: '2026-07-31' }, '2026-01-01', '2026-01-02', true],
      // both
      ['inside the range', { from: '2026-07-01', to: '2026-07-31' }, '2026-07-10', '2026-07-12', true],
      ['spans the whole range', { from: '2026-07-01', to: '2026-07-31' }, '2026-06-28', '2026-08-02', true],
      ['overlaps the start', { from: '2026-07-01', to: '2026-07-31' }, '2026-06-30', '2026-07-01', true],
      ['overlaps the end', { from: '2026-07-01', to: '2026-07-31' }, '2026-07-31', '2026-08-01', true],
      ['one-day range, same day', { from: '2026-07-10', to: '2026-07-10' }, '2026-07-10', null, true],
      ['before the range', { from: '2026-07-01', to: '2026-07-31' }, '2026-06-01', '2026-06-30', false],
      ['after the range', { from: '2026-07-01', to: '2026-07-31' }, '2026-08-01', '2026-08-03', false],
      ['ending today, range from today', { from: today }, yesterday, today, true],
      // without a valid start
      ['no start, end in range', { from: '2026-07-01', to: '2026-07-31' }, null, '2026-07-10', false],
      ['invalid start, end in range', { from: '2026-07-01' }, '2026-07-32', '2026-07-10', false],
      ['no dates, only from', { from: '2026-07-01' }, null, null, false],
      ['no dates, only to', { to: '2026-07-31' }, null, null, false],
      // no range
      ['no dates, empty range', { from: '', to: '' }, null, null, true],
      ['no dates, invalid bound ignored', { from: 'garbage' }, null, null, true],
    ] as const)('%s -> %s', (_label, range, start_date, end_date, expected) => {
      expect(matchesFilters(fest({ start_date, end_date }), range, now)).toBe(expected);
    });

    it('applies upcoming and a range together when both are given', () => {
      const past = fest({ start_date: '2026-06-01', end_date: '2026-06-03' });
      expect(matchesFilters(past, { from: '2026-06-01', to: '2026-06-30' }, now)).toBe(true);
      expect(matchesFilters(past, { from: '2026-06-01', to: '2026-06-30', upcoming: true }, now)).toBe(false);
    });
  });

  it.each([
    [
      'every filter satisfied',
      { search: 'barcelona', genre: 'House', minRating: 4, upcoming: true, from: '2026-07-01', to: '2026-07-31' },
      true,
    ],
    ['one filter fails (genre)', { search: 'barcelona', genre: 'Trance', minRating: 4, upcoming: true }, false],
    ['one filter fails (rating)', { search: 'barcelona', genre: 'House', minRating: 5 }, false],
    ['no filters', {}, true],
    ['defaults', defaultFilters, true],
  ] as const)('combined: %s -> %s', (_label, filters, expected) => {
    expect(matchesFilters(sonar, filters, now)).toBe(expected);
  });
});

describe('sortFestivals (date with undated last, name, rating)', () => {
  const list = [
    fest({ name: 'Zeta', start_date: '2026-08-01', averageRating: 3 }),
    fest({ name: 'ñandú', averageRating: 5 }),
    fest({ name: 'Ábaco', start_date: '2026-07-01', end_date: '2026-07-03', averageRating: 4.5 }),
    fest({ name: 'Beta', end_date: '2026-07-15', averageRating: 4.5 }),
    fest({ name: 'Nube', start_date: '2026-07-01', averageRating: null }),
    fest({ name: 'Omega', start_date: 'garbage', averageRating: 1 }),
    fest({ name: 'alfa', start_date: '2026-07-01', averageRating: undefined }),
  ];

  it.each([
    // Date ascending (only end date: by end), undated and invalid last, ties by name.
    ['date', ['Ábaco', 'alfa', 'Nube', 'Beta', 'Zeta', 'ñandú', 'Omega']],
    // Spanish collation: accents ignored, ñ after every n ('Nube' < 'ñandú' < 'Omega').
    ['name', ['Ábaco', 'alfa', 'Beta', 'Nube', 'ñandú', 'Omega', 'Zeta']],
    // Descending; ties by date then name; missing rating as 0.
    ['rating', ['ñandú', 'Ábaco', 'Beta', 'Zeta', 'Omega', 'alfa', 'Nube']],
    // Anything else falls back to date.
    ['bogus', ['Ábaco', 'alfa', 'Nube', 'Beta', 'Zeta', 'ñandú', 'Omega']],
  ])('%s -> %j', (sort, names) => {
    expect(sortFestivals(list, sort as FestivalSort).map((f) => f.name)).toEqual(names);
  });

  it('returns a new array and leaves the input alone', () => {
    const before = list.map((f) => f.name);
    const sorted = sortFestivals(list, 'name');
    expect(sorted).not.toBe(list);
    expect(list.map((f) => f.name)).toEqual(before);
  });
});

describe('filterFestivals: filter then sort', () => {
  const list = [
    { id: 1, ...fest({ name: 'Pasado', start_date: '2026-05-01', end_date: '2026-05-03', averageRating: 5 }) },
    { id: 2, ...fest({ name: 'Hoy', location: 'Madrid', start_date: today, end_date: tomorrow, averageRating: 3 }) },
    { id: 3, ...fest({ name: 'Después', location: 'Barcelona', start_date: '2026-07-10', averageRating: 4 }) },
    { id: 4, ...fest({ name: 'Sin fecha', averageRating: 4.8 }) },
    { id: 5, ...fest({ name: 'Antes', location: 'Sevilla', start_date: '2026-06-20', averageRating: 2 }) },
  ];

  it.each<[string, FestivalFilters, number[]]>([
    ['defaults: upcoming by date', defaultFilters, [2, 5, 3]],
    ['nothing: all by date, undated last', {}, [1, 2, 5, 3, 4]],
    ['upcoming by rating', { upcoming: true, sort: 'rating' }, [3, 2, 5]],
    ['range by name', { from: '2026-05-02', to: '2026-06-30', sort: 'name' }, [5, 2, 1]],
    ['search and rating', { search: 'e', minRating: 3 }, [3, 4]],
    ['search by location', { search: 'MADRID' }, [2]],
    ['nothing matches', { search: 'zzz' }, []],
  ])('%s -> %j', (_label, filters, ids) => {
    expect(filterFestivals(list, filters, now).map((f) => f.id)).toEqual(ids);
  });

  it('agrees with matchesFilters', () => {
    const filters: FestivalFilters = { search: 'e', minRating: 2 };
    const expected = list
      .filter((f) => matchesFilters(f, filters, now))
      .map((f) => f.id)
      .sort();
    expect(
      filterFestivals(list, filters, now)
        .map((f) => f.id)
        .sort(),
    ).toEqual(expected);
  });
});

describe('filter interplay reducers (upcoming-only and the date range exclude each other)', () => {
  it.each<[string, FestivalFilters, boolean, FestivalFilters]>([
    [
      'turning upcoming on clears the range',
      { search: 'x', upcoming: false, from: '2026-07-01', to: '2026-07-31' },
      true,
      { search: 'x', upcoming: true, from: '', to: '' },
    ],
    [
      'turning upcoming off keeps everything else',
      { genre: 'Techno', upcoming: true, from: '', to: '' },
      false,
      { genre: 'Techno', upcoming: false, from: '', to: '' },
    ],
  ])('setUpcoming: %s', (_label, before, on, after) => {
    expect(setUpcoming(before, on)).toEqual(after);
  });

  it.each<[string, FestivalFilters, string, string, Partial<FestivalFilters>]>([
    [
      'setting from turns upcoming off',
      defaultFilters,
      '2026-07-01',
      '',
      { upcoming: false, from: '2026-07-01', to: '' },
    ],
    [
      'setting to turns upcoming off',
      defaultFilters,
      '',
      '2026-07-31',
      { upcoming: false, from: '', to: '2026-07-31' },
    ],
    [
      'setting both turns upcoming off',
      defaultFilters,
      '2026-07-01',
      '2026-07-31',
      { upcoming: false, from: '2026-07-01', to: '2026-07-31' },
    ],
    [
      'clearing the range leaves upcoming off',
      { upcoming: false, from: '2026-07-01' },
      '',
      '',
      { upcoming: false, from: '', to: '' },
    ],
    ['an empty range leaves upcoming on', { upcoming: true }, '', '', { upcoming: true, from: '', to: '' }],
  ])('setDateRange: %s', (_label, before, from, to, expected) => {
    const after = setDateRange(before, from, to);
    expect(after).toMatchObject(expected);
    expect(after).toEqual({ ...before, ...expected });
  });

  it('does not mutate the filters it is given', () => {
    const before: FestivalFilters = { upcoming: true, from: '', to: '' };
    setDateRange(before, '2026-07-01', '');
    setUpcoming({ ...before, upcoming: false, from: '2026-07-01' }, true);
    expect(before).toEqual({ upcoming: true, from: '', to: '' });
    expect(setUpcoming(setDateRange(defaultFilters, '2026-07-01', ''), true)).toEqual(defaultFilters);
  });
});
