import { isIsoDate, monthNames, weekdayNames } from './dates';

/**
 * Calendar grids (42 cells, 2 festivals a day in month view, 3 in week view),
 * worked out on YYYY-MM-DD strings so that no time zone can move a festival to another day.
 * Weeks start on Monday, as Spanish calendars do.
 */

export const MONTH_GRID_CELLS = 42;
export const MONTH_VIEW_PER_DAY = 2;
export const WEEK_VIEW_PER_DAY = 3;
export const CALENDAR_DESCRIPTION_LENGTH = 100;

export const calendarViews = ['month', 'week', 'list'] as const;
export type CalendarView = (typeof calendarViews)[number];

export interface CalendarDay {
  /** YYYY-MM-DD */
  iso: string;
  day: number;
  /** 0 = Monday ... 6 = Sunday */
  weekday: number;
  inMonth: boolean;
  isToday: boolean;
}

export interface DatedItem {
  start_date: string | null;
  end_date: string | null;
}

const DAY_MS = 86_400_000;
const pad = (n: number) => String(n).padStart(2, '0');

/** YYYY-MM-DD -> days since 1970-01-01 (UTC arithmetic, no DST jumps). */
export function dayNumber(iso: string): number {
  const [y, m, d] = iso.split('-').map(Number);
  return Math.round(Date.UTC(y, m - 1, d) / DAY_MS);
}

export function fromDayNumber(n: number): string {
  const date = new Date(n * DAY_MS);
  return `${String(date.getUTCFullYear()).padStart(4, '0')}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

export function addDaysIso(iso: string, days: number): string {
  return fromDayNumber(dayNumber(iso) + days);
}

/** Monday = 0 ... Sunday = 6. */
export function weekdayOf(iso: string): number {
  // 1970-01-01 was a Thursday (3 with Monday = 0).
  return (((dayNumber(iso) + 3) % 7) + 7) % 7;
}

/** The Monday of the week holding `iso`. */
export function startOfWeekIso(iso: string): string {
  return addDaysIso(iso, -weekdayOf(iso));
}

export function firstOfMonthIso(iso: string): string {
  return `${iso.slice(0, 7)}-01`;
}

/** Same day number in another month, clamped to that month's length (31 Jan + 1 month -> 28/29 Feb). */
export function addMonthsIso(iso: string, months: number): string {
  const [y, m, d] = iso.split('-').map(Number);
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${String(year).padStart(4, '0')}-${pad(month)}-${pad(Math.min(d, last))}`;
}

function toDay(iso: string, month: string, today: string): CalendarDay {
  return {
    iso,
    day: Number(iso.slice(8, 10)),
    weekday: weekdayOf(iso),
    inMonth: iso.slice(0, 7) === month,
    isToday: iso === today,
  };
}

/**
 * The month of `anchor` as 42 cells (6 weeks), from the Monday on or before the 1st;
 * days of the previous and next months fill the first and last rows.
 */
export function monthGrid(anchor: string, today: string): CalendarDay[] {
  const first = firstOfMonthIso(anchor);
  const start = dayNumber(startOfWeekIso(first));
  const month = anchor.slice(0, 7);
  return Array.from({ length: MONTH_GRID_CELLS }, (_, i) => toDay(fromDayNumber(start + i), month, today));
}

/** The seven days (Monday to Sunday) of the week holding `anchor`. */
export function weekGrid(anchor: string, today: string): CalendarDay[] {
  const start = dayNumber(startOfWeekIso(anchor));
  const month = anchor.slice(0, 7);
  return Array.from({ length: 7 }, (_, i) => toDay(fromDayNumber(start + i), month, today));
}

/** Every day of the month of `anchor`. */
export function monthDays(anchor: string, today: string): CalendarDay[] {
  const first = firstOfMonthIso(anchor);
  const next = addMonthsIso(first, 1);
  const count = dayNumber(next) - dayNumber(first);
  const month = anchor.slice(0, 7);
  return Array.from({ length: count }, (_, i) => toDay(addDaysIso(first, i), month, today));
}

/** The anchor after moving one step back (-1) or forward (+1) in a view. */
export function shiftAnchor(anchor: string, view: CalendarView, step: -1 | 1): string {
  return view === 'week' ? addDaysIso(anchor, 7 * step) : addMonthsIso(firstOfMonthIso(anchor), step);
}

/**
 * The days an item covers, as [first, last] (inclusive). A missing end means one day; an end
 * before the start is treated as a one-day event; no valid start means the item is not dated.
 */
export function itemSpan(item: DatedItem): [string, string] | null {
  const start = item.start_date && isIsoDate(item.start_date) ? item.start_date : null;
  if (!start) return null;
  const end = item.end_date && isIsoDate(item.end_date) && item.end_date >= start ? item.end_date : start;
  return [start, end];
}

export function spansDay(item: DatedItem, iso: string): boolean {
  const span = itemSpan(item);
  return span !== null && span[0] <= iso && iso <= span[1];
}

/**
 * Items per day for the days from `from` to `to` (inclusive): a multi-day festival appears on every
 * day it spans inside the range. Each day's list keeps the input order (sort the input first).
 * Cost is O(items + covered days), so a long festival does not scan the whole list per day.
 */
export function itemsByDay<T extends DatedItem>(items: readonly T[], from: string, to: string): Map<string, T[]> {
  const result = new Map<string, T[]>();
  const lo = dayNumber(from);
  const hi = dayNumber(to);
  for (const item of items) {
    const span = itemSpan(item);
    if (!span) continue;
    const first = Math.max(lo, dayNumber(span[0]));
    const last = Math.min(hi, dayNumber(span[1]));
    for (let n = first; n <= last; n++) {
      const iso = fromDayNumber(n);
      const list = result.get(iso);
      if (list) list.push(item);
      else result.set(iso, [item]);
    }
  }
  return result;
}

/** A day cell shows the first `max` items, then '+N más'. */
export function visibleItems<T>(items: readonly T[], max: number): { shown: T[]; more: number } {
  return { shown: items.slice(0, max), more: Math.max(0, items.length - max) };
}

export const moreLabel = (more: number) => `+${more} más`;

// Kept importable from here for the screens that read them with the calendar's helpers.
export { markdownToText, truncateText } from './text';

/** 'julio de 2026' */
export function monthTitle(anchor: string): string {
  const [y, m] = anchor.split('-').map(Number);
  return `${monthNames[m - 1]} de ${y}`;
}

/** '13 - 19 de julio de 2026', '29 de junio - 5 de julio de 2026', '28 de diciembre de 2026 - 3 de enero de 2027' */
export function weekTitle(anchor: string): string {
  const start = startOfWeekIso(anchor);
  const end = addDaysIso(start, 6);
  const [sy, sm, sd] = start.split('-').map(Number);
  const [ey, em, ed] = end.split('-').map(Number);
  if (sy !== ey) return `${sd} de ${monthNames[sm - 1]} de ${sy} - ${ed} de ${monthNames[em - 1]} de ${ey}`;
  if (sm !== em) return `${sd} de ${monthNames[sm - 1]} - ${ed} de ${monthNames[em - 1]} de ${ey}`;
  return `${sd} - ${ed} de ${monthNames[em - 1]} de ${ey}`;
}

/** 'lunes, 13 de julio de 2026' */
export function dayTitle(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number);
  return `${weekdayNames[weekdayOf(iso)]}, ${d} de ${monthNames[m - 1]} de ${y}`;
}
