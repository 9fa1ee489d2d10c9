import { startTransition, useEffect, useRef, useState } from 'react';
import { dayTitle, type CalendarDay } from '#core/calendar';
import type { CalendarFestival } from '#core/festival-page';
import { FestivalChip } from './festival-chip';
import { FestivalEntry } from './festival-entry';

/** Festivals drawn with the first paint: more than a phone's screen holds. */
const FIRST_ENTRIES = 8;
/** Festivals added each time the reader nears the end of what is drawn: about two screens more. */
const NEXT_ENTRIES = 12;

interface ListViewProps {
  days: CalendarDay[];
  byDay: Map<string, CalendarFestival[]>;
  emptyText: string;
}

/**
 * The vertical view (forced under 768 px): the period's days that have festivals, in order.
 *
 * A busy month lists hundreds of festivals (thousands of elements): drawing them all at once kept
 * a phone busy for more than a second before it answered a tap. The first festivals are drawn
 * with the page and the next ones as the reader scrolls (or tabs) towards the end of what is
 * drawn, before they come into view.
 */
export function ListView({ days, byDay, emptyText }: ListViewProps) {
  const withItems = days.filter((d) => (byDay.get(d.iso)?.length ?? 0) > 0);
  const total = withItems.reduce((sum, d) => sum + byDay.get(d.iso)!.length, 0);
  const [budget, setBudget] = useState(FIRST_ENTRIES);
  const end = useRef<HTMLLIElement>(null);
  const complete = budget >= total;

  useEffect(() => {
    if (complete) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) startTransition(() => setBudget((b) => b + NEXT_ENTRIES));
      },
      { rootMargin: '800px 0px' },
    );
    if (end.current) observer.observe(end.current);
    return () => observer.disconnect();
  }, [budget, complete]);

  if (withItems.length === 0) return <p className="cal-empty card">{emptyText}</p>;
  // A multi-day festival is listed on every day it spans; after its first day in the list it is a
  // compact line instead of the whole card again.
  const seen = new Set<number>();
  let left = budget;
  const shown: { day: CalendarDay; festivals: CalendarFestival[] }[] = [];
  for (const day of withItems) {
    if (left <= 0) break;
    const festivals = byDay.get(day.iso)!.slice(0, left);
    left -= festivals.length;
    shown.push({ day, festivals });
  }
  return (
    <ol className="cal-list">
      {shown.map(({ day, festivals }) => (
        <li key={day.iso} className={`cal-list-day${day.isToday ? ' is-today' : ''}`}>
          <h2 className="cal-list-date">
            <span className="cal-list-daynum" aria-hidden="true">
              {day.day}
            </span>
            <span>
              {dayTitle(day.iso)}
              {day.isToday && <span className="badge badge-info cal-today-badge">Hoy</span>}
            </span>
          </h2>
          <ul className="cal-list-items">
            {festivals.map((f) => {
              const first = !seen.has(f.id);
              seen.add(f.id);
              return (
                <li key={f.id} className={first ? undefined : 'cal-list-continuing'}>
                  {first ? <FestivalEntry festival={f} /> : <FestivalChip festival={f} day={day.iso} detailed />}
                </li>
              );
            })}
          </ul>
        </li>
      ))}
      {!complete && <li ref={end} className="cal-list-end" aria-hidden="true" />}
    </ol>
  );
}
