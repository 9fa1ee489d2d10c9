import { dayTitle, type CalendarDay } from '#core/calendar';
import type { CalendarFestival } from '#core/festival-page';
import { FestivalChip } from './festival-chip';
import { FestivalEntry } from './festival-entry';

/** The vertical view (forced under 768 px): the period's days that have festivals, in order. */
export function ListView({ days, byDay, emptyText }: { days: CalendarDay[]; byDay: Map<string, CalendarFestival[]>; emptyText: string }) {
  const withItems = days.filter((d) => (byDay.get(d.iso)?.length ?? 0) > 0);
  if (withItems.length === 0) return <p className="cal-empty card">{emptyText}</p>;
  // A multi-day festival is listed on every day it spans; after its first day in the list it is a
  // compact line instead of the whole card again.
  const seen = new Set<number>();
  return (
    <ol className="cal-list">
      {withItems.map((day) => (
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
            {byDay.get(day.iso)!.map((f) => {
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
    </ol>
  );
}
