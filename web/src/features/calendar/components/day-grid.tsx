import { weekdayNames, weekdayShortNames } from '#core/dates';
import { dayTitle, moreLabel, visibleItems, type CalendarDay } from '#core/calendar';
import type { CalendarFestival } from '#core/festival-page';
import { FestivalChip } from './festival-chip';

interface DayGridProps {
  days: CalendarDay[];
  byDay: Map<string, CalendarFestival[]>;
  /** 2 in month view, 3 in week view. */
  perDay: number;
  variant: 'month' | 'week';
  selected: string | null;
  onOpenDay: (iso: string, opener: HTMLElement) => void;
  caption: string;
}

const countLabel = (n: number) => (n === 0 ? 'sin festivales' : n === 1 ? '1 festival' : `${n} festivales`);

/** Month (42 cells) and week (7 cells) views: a table of days, weeks starting on Monday. */
export function DayGrid({ days, byDay, perDay, variant, selected, onOpenDay, caption }: DayGridProps) {
  const weeks: CalendarDay[][] = [];
  for (let i = 0; i < days.length; i += 7) weeks.push(days.slice(i, i + 7));
  return (
    <table className={`cal-grid cal-grid-${variant}`}>
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          {weekdayNames.map((name, i) => (
            <th key={name} scope="col" abbr={name}>
              <span aria-hidden="true">{weekdayShortNames[i]}</span>
              <span className="visually-hidden">{name}</span>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeks.map((week) => (
          <tr key={week[0].iso}>
            {week.map((day) => {
              const items = byDay.get(day.iso) ?? [];
              const { shown, more } = visibleItems(items, perDay);
              const classes = [
                'cal-cell',
                day.inMonth || variant === 'week' ? '' : 'is-outside',
                day.isToday ? 'is-today' : '',
                selected === day.iso ? 'is-selected' : '',
                items.length ? 'has-items' : '',
              ]
                .filter(Boolean)
                .join(' ');
              return (
                <td
                  key={day.iso}
                  className={classes}
                  onClick={(e) => onOpenDay(day.iso, e.currentTarget.querySelector('button') ?? e.currentTarget)}
                >
                  <button
                    type="button"
                    className="cal-day-number"
                    aria-label={`${dayTitle(day.iso)}${day.isToday ? ' (hoy)' : ''}: ${countLabel(items.length)}`}
                    aria-haspopup="dialog"
                    onClick={(e) => {
                      e.stopPropagation();
                      onOpenDay(day.iso, e.currentTarget);
                    }}
                  >
                    {day.day}
                  </button>
                  {shown.length > 0 && (
                    <ul className="cal-chips">
                      {shown.map((f) => (
                        <li key={f.id}>
                          <FestivalChip festival={f} day={day.iso} detailed={variant === 'week'} />
                        </li>
                      ))}
                    </ul>
                  )}
                  {more > 0 && (
                    <button
                      type="button"
                      className="cal-more"
                      aria-haspopup="dialog"
                      aria-label={`${moreLabel(more)}: ver los ${items.length} festivales del ${dayTitle(day.iso)}`}
                      onClick={(e) => {
                        e.stopPropagation();
                        onOpenDay(day.iso, e.currentTarget);
                      }}
                    >
                      {moreLabel(more)}
                    </button>
                  )}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
