import { describe, expect, it } from 'vitest';
import {
  addMonthsIso,
  dayTitle,
  itemsByDay,
  itemSpan,
  monthDays,
  monthGrid,
  monthTitle,
  moreLabel,
  shiftAnchor,
  spansDay,
  startOfWeekIso,
  visibleItems,
  weekdayOf,
  weekGrid,
  weekTitle,
} from './calendar';
import { MARKDOWN_TEXT_MAX_INPUT, markdownToText, truncateText } from './text';

describe('monthGrid (42 cells)', () => {
  it('always has 42 cells starting on the Monday on or before the 1st', () => {
    for (const anchor of ['2026-02-10', '2026-03-01', '2026-06-30', '2027-02-01', '2024-02-29']) {
      const grid = monthGrid(anchor, '2026-01-01');
      expect(grid).toHaveLength(42);
      expect(grid[0].weekday).toBe(0);
      expect(grid[0].iso <= `${anchor.slice(0, 7)}-01`).toBe(true);
      expect(grid.filter((d) => d.inMonth).length).toBe(monthDays(anchor, '2026-01-01').length);
      // consecutive days
      for (let i = 1; i < grid.length; i++) expect(weekdayOf(grid[i].iso)).toBe(i % 7);
    }
  });

  it('fills with the previous and next months and marks today', () => {
    // July 2026 starts on a Wednesday.
    const grid = monthGrid('2026-07-15', '2026-07-04');
    expect(grid[0]).toMatchObject({ iso: '2026-06-29', inMonth: false, day: 29 });
    expect(grid[2]).toMatchObject({ iso: '2026-07-01', inMonth: true, day: 1 });
    expect(grid[41]).toMatchObject({ iso: '2026-08-09', inMonth: false });
    expect(grid.filter((d) => d.isToday).map((d) => d.iso)).toEqual(['2026-07-04']);
  });

  it('handles a month that starts on Monday (the 1st is the first cell)', () => {
    expect(monthGrid('2026-06-10', '2000-01-01')[0].iso).toBe('2026-06-01');
  });

  it('handles February of a leap year', () => {
    expect(monthDays('2028-02-01', '2000-01-01')).toHaveLength(29);
    expect(monthDays('2027-02-01', '2000-01-01')).toHaveLength(28);
  });
});

describe('weekGrid and navigation', () => {
  it('gives Monday to Sunday across a month and a year boundary', () => {
    const week = weekGrid('2026-12-31', '2026-12-31');
    expect(week.map((d) => d.iso)).toEqual([
      '2026-12-28',
      '2026-12-29',
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
      '2027-01-03',
    ]);
    expect(week.find((d) => d.isToday)?.iso).toBe('2026-12-31');
    expect(startOfWeekIso('2026-07-19')).toBe('2026-07-13'); // Sunday -> Monday before
    expect(startOfWeekIso('2026-07-13')).toBe('2026-07-13');
  });

  it('moves a month (clamping the day) or a week at a time', () => {
    expect(addMonthsIso('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonthsIso('2026-12-15', 1)).toBe('2027-01-15');
    expect(addMonthsIso('2026-01-15', -1)).toBe('2025-12-15');
    expect(shiftAnchor('2026-07-20', 'month', 1)).toBe('2026-08-01');
    expect(shiftAnchor('2026-07-20', 'list', -1)).toBe('2026-06-01');
    expect(shiftAnchor('2026-07-20', 'week', 1)).toBe('2026-07-27');
    expect(shiftAnchor('2026-03-02', 'week', -1)).toBe('2026-02-23');
  });

  it('keeps days stable across daylight-saving changes', () => {
    // Europe switches clocks on the last Sundays of March and October.
    expect(weekGrid('2026-03-29', '2000-01-01').map((d) => d.iso)).toContain('2026-03-29');
    expect(monthGrid('2026-10-01', '2000-01-01').map((d) => d.iso)).toContain('2026-10-25');
    expect(new Set(monthGrid('2026-10-01', '2000-01-01').map((d) => d.iso)).size).toBe(42);
  });
});

describe('itemsByDay (multi-day spans)', () => {
  const a = { id: 1, start_date: '2026-07-30', end_date: '2026-08-02' };
  const b = { id: 2, start_date: '2026-08-01', end_date: null };
  const c = { id: 3, start_date: null, end_date: '2026-08-01' };
  const d = { id: 4, start_date: '2026-08-05', end_date: '2026-08-03' }; // end before start
  const e = { id: 5, start_date: 'not a date', end_date: null };

  it('puts a multi-day festival on every day it spans, clipped to the range', () => {
    const days = itemsByDay([a, b, c, d, e], '2026-08-01', '2026-08-31');
    expect(days.get('2026-08-01')?.map((x) => x.id)).toEqual([1, 2]);
    expect(days.get('2026-08-02')?.map((x) => x.id)).toEqual([1]);
    expect(days.get('2026-08-03')).toBeUndefined();
    expect(days.get('2026-08-05')?.map((x) => x.id)).toEqual([4]);
    expect(days.has('2026-07-31')).toBe(false);
    expect([...days.values()].flat().some((x) => x.id === 3 || x.id === 5)).toBe(false);
  });

  it('works out spans', () => {
    expect(itemSpan(a)).toEqual(['2026-07-30', '2026-08-02']);
    expect(itemSpan(b)).toEqual(['2026-08-01', '2026-08-01']);
    expect(itemSpan(c)).toBeNull();
    expect(itemSpan(d)).toEqual(['2026-08-05', '2026-08-05']);
    expect(spansDay(a, '2026-07-31')).toBe(true);
    expect(spansDay(a, '2026-08-03')).toBe(false);
  });

  it('handles a year-long festival cheaply and correctly', () => {
    const long = { start_date: '2020-01-01', end_date: '2030-12-31' };
    const days = itemsByDay([long], '2026-06-29', '2026-08-09');
    expect(days.size).toBe(42);
  });
});

describe('visibleItems and labels', () => {
  it('shows up to max then +N más', () => {
    expect(visibleItems([1, 2, 3, 4, 5], 2)).toEqual({ shown: [1, 2], more: 3 });
    expect(visibleItems([1, 2], 3)).toEqual({ shown: [1, 2], more: 0 });
    expect(moreLabel(3)).toBe('+3 más');
  });

  it('titles in Spanish', () => {
    expect(monthTitle('2026-07-15')).toBe('julio de 2026');
    expect(weekTitle('2026-07-15')).toBe('13 - 19 de julio de 2026');
    expect(weekTitle('2026-07-01')).toBe('29 de junio - 5 de julio de 2026');
    expect(weekTitle('2026-12-31')).toBe('28 de diciembre de 2026 - 3 de enero de 2027');
    expect(dayTitle('2026-07-15')).toBe('miércoles, 15 de julio de 2026');
  });
});

describe('truncateText (100 / 160 characters)', () => {
  it('leaves short text alone and cuts long text to max with ...', () => {
    expect(truncateText('Corto', 100)).toBe('Corto');
    expect(truncateText(null, 100)).toBe('');
    const long = 'Palabra '.repeat(40);
    const cut = truncateText(long, 100);
    expect(cut.length).toBeLessThanOrEqual(100);
    expect(cut.endsWith('...')).toBe(true);
    expect(cut.startsWith('Palabra Palabra')).toBe(true);
    const oneWord = 'x'.repeat(200);
    expect(truncateText(oneWord, 160)).toBe(`${'x'.repeat(157)}...`);
    expect(truncateText('a'.repeat(100), 100)).toBe('a'.repeat(100));
  });

  it('reduces markdown to text', () => {
    expect(markdownToText('## Título\n\nUn **gran** [festival](https://x.es) con `techno`.\n- uno\n- dos')).toBe(
      'Título Un gran festival con techno. uno dos',
    );
  });
});

describe('markdownToText (previews of descriptions)', () => {
  it('keeps a backtick that opens no code span, as CommonMark does, and strips those of code spans', () => {
    expect(markdownToText("20$' el abono y 5$`")).toBe("20$' el abono y 5$`");
    expect(markdownToText('Usa `techno` o ``a`b`` y un ` suelto')).toBe('Usa techno o a`b y un ` suelto');
    expect(markdownToText('```no cierra')).toBe('```no cierra');
    // Many lone backticks of many lengths: one pass, not one scan per backtick.
    const crafted = Array.from({ length: 4000 }, (_, i) => '`'.repeat((i % 50) + 1) + 'x').join('');
    expect(markdownToText(crafted)).toContain('x');
  });

  it('keeps image alt texts and link labels, drops tags, code blocks and list markers', () => {
    expect(
      markdownToText(
        '![Escenario](/img/a.jpg "x") y [Sónar](https://es.wikipedia.org/wiki/Sónar_(festival)) <b>hoy</b>',
      ),
    ).toBe('Escenario y Sónar hoy');
    expect(markdownToText('Antes\n```\ncódigo\n```\n> cita\n1. uno\n* dos ~~no~~')).toBe('Antes cita uno dos no');
    expect(markdownToText('[sin url] y [vacío]() y a < b > c')).toBe('[sin url] y vacío y a c');
  });

  it('reads at most the given number of characters', () => {
    expect(markdownToText('abcdef', 3)).toBe('abc');
    expect(markdownToText('x'.repeat(MARKDOWN_TEXT_MAX_INPUT + 10))).toHaveLength(MARKDOWN_TEXT_MAX_INPUT);
  });

  // A description is public input shown to anonymous visitors (share previews, calendar): the
  // reduction must stay linear whatever the text. The earlier patterns took 0.2-0.6 s on each of
  // these (each '[' or '<' scanned to the end of the text); a linear pass takes about a millisecond.
  it.each([
    ['[<', '[<'],
    ['![<', '![<'],
    ['[a](', '[a]('],
    ['![a](x(', '![a](x('],
    ['<a', '<a'],
    ['*', '*'],
    ['_', '_'],
    ['`', '`'],
    ['[', '['],
    ['```\n', '```\n'],
    ['\n1', '\n1'],
  ])('reduces 20,000 characters of %j quickly', (_label, unit) => {
    const crafted = unit.repeat(Math.ceil(20_000 / unit.length)).slice(0, 20_000);
    // Best of three, so one garbage collection or a busy neighbour on the machine cannot fail it.
    let best = Infinity;
    for (let i = 0; i < 3; i++) {
      const start = performance.now();
      markdownToText(crafted);
      best = Math.min(best, performance.now() - start);
    }
    expect(best).toBeLessThan(100);
  });
});
