import { useCallback, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import {
  calendarViews,
  itemsByDay,
  MONTH_VIEW_PER_DAY,
  monthDays,
  monthGrid,
  monthTitle,
  shiftAnchor,
  WEEK_VIEW_PER_DAY,
  weekGrid,
  weekTitle,
  type CalendarView,
} from '#core/calendar';
import { isIsoDate, todayIso } from '#core/dates';
import { useQuery } from '../../../lib/use-server-data';
import { calendarRangeQuery } from '../api/calendar';
import { useMediaQuery } from '../../../lib/use-media-query';
import { DayGrid } from './day-grid';
import { DayPanel } from './day-panel';
import { ListView } from './list-view';
import './calendar.css';
import './calendar-entries.css';

const viewLabels: Record<CalendarView, string> = { month: 'Mes', week: 'Semana', list: 'Lista' };
const viewParam: Record<CalendarView, string> = { month: 'mes', week: 'semana', list: 'lista' };
const stepLabels: Record<CalendarView, [string, string]> = {
  month: ['Mes anterior', 'Mes siguiente'],
  week: ['Semana anterior', 'Semana siguiente'],
  list: ['Mes anterior', 'Mes siguiente'],
};

/** /calendar: month, week and vertical list views over the approved festivals. */
export function CalendarPage() {
  const [params, setParams] = useSearchParams();
  const narrow = useMediaQuery('(max-width: 767.98px)');
  const today = todayIso();

  const requested = calendarViews.find((v) => viewParam[v] === params.get('vista')) ?? 'month';
  // The vertical list is forced under 768 px.
  const view: CalendarView = narrow ? 'list' : requested;
  const dateParam = params.get('fecha');
  const anchor = dateParam && isIsoDate(dateParam) ? dateParam : today;

  const [openDay, setOpenDay] = useState<string | null>(null);
  const opener = useRef<HTMLElement | null>(null);

  const update = useCallback(
    (next: { view?: CalendarView; anchor?: string }) => {
      setParams(
        (current) => {
          const p = new URLSearchParams(current);
          if (next.view) p.set('vista', viewParam[next.view]);
          if (next.anchor) {
            if (next.anchor === today) p.delete('fecha');
            else p.set('fecha', next.anchor);
          }
          return p;
        },
        { replace: true },
      );
    },
    [setParams, today],
  );

  const days = useMemo(
    () =>
      view === 'month'
        ? monthGrid(anchor, today)
        : view === 'week'
          ? weekGrid(anchor, today)
          : monthDays(anchor, today),
    [view, anchor, today],
  );
  const from = days[0].iso;
  const to = days[days.length - 1].iso;
  // Only the days shown, in date order, with their previews; the previous period stays while the next loads.
  const { data, isLoading: loading, error, refetch: reload } = useQuery(calendarRangeQuery(from, to));
  const byDay = useMemo(() => itemsByDay(data?.items ?? [], from, to), [data, from, to]);
  const inPeriod = useMemo(() => {
    const inside = view === 'month' ? days.filter((d) => d.inMonth) : days;
    const ids = new Set<number>();
    for (const d of inside) for (const f of byDay.get(d.iso) ?? []) ids.add(f.id);
    return ids.size;
  }, [days, byDay, view]);

  const nextFestival = data?.next ?? null;

  const periodTitle = view === 'week' ? weekTitle(anchor) : monthTitle(anchor);
  const [prevLabel, nextLabel] = stepLabels[view];

  const openPanel = (iso: string, from: HTMLElement) => {
    opener.current = from;
    setOpenDay(iso);
  };
  const closePanel = () => {
    setOpenDay(null);
    opener.current?.focus();
  };

  const periodCount =
    inPeriod === 0
      ? view === 'week'
        ? 'No hay festivales esta semana.'
        : 'No hay festivales este mes.'
      : `${inPeriod} ${inPeriod === 1 ? 'festival' : 'festivales'} ${view === 'week' ? 'esta semana' : 'este mes'}`;

  return (
    <div className="page cal-page">
      <div className="container">
        <header className="cal-header">
          <div>
            <h1 className="page-title">
              Calendario de <span className="gradient-text">festivales</span>
            </h1>
            <p className="muted cal-subtitle">
              Consulta qué festivales se celebran cada día y añádelos a tu calendario.
            </p>
          </div>
        </header>

        <div className="cal-toolbar card">
          <div className="cal-nav">
            <button
              type="button"
              className="btn btn-icon btn-ghost"
              aria-label={prevLabel}
              title={prevLabel}
              onClick={() => update({ anchor: shiftAnchor(anchor, view, -1) })}
            >
              <ChevronLeftIcon size={20} strokeWidth={2.2} />
            </button>
            <button type="button" className="btn btn-sm" onClick={() => update({ anchor: today })}>
              Hoy
            </button>
            <button
              type="button"
              className="btn btn-icon btn-ghost"
              aria-label={nextLabel}
              title={nextLabel}
              onClick={() => update({ anchor: shiftAnchor(anchor, view, 1) })}
            >
              <ChevronRightIcon size={20} strokeWidth={2.2} />
            </button>
          </div>
          <div className="cal-period">
            <h2 aria-live="polite">{periodTitle}</h2>
            {/* The count's line is kept while the range loads (blank): on a phone the navigation
                buttons sit below it, and drawing it later moved them (a layout shift). */}
            {!loading && !error ? (
              <p className="muted">{periodCount}</p>
            ) : (
              <p className="muted" aria-hidden="true">
                {'\u00a0'}
              </p>
            )}
          </div>
          {!narrow && (
            <div className="cal-views" role="group" aria-label="Vista del calendario">
              {calendarViews.map((v) => (
                <button
                  key={v}
                  type="button"
                  className={`cal-view-btn${v === view ? ' is-active' : ''}`}
                  aria-pressed={v === view}
                  onClick={() => update({ view: v })}
                >
                  {viewLabels[v]}
                </button>
              ))}
            </div>
          )}
        </div>

        {error ? (
          <div className="cal-empty card" role="alert">
            <p>No se pudieron cargar los festivales.</p>
            <button type="button" className="btn btn-sm" onClick={reload}>
              Reintentar
            </button>
          </div>
        ) : loading ? (
          // A status, so its name is allowed and read: a plain div may not carry aria-label.
          <div
            className={`cal-skeleton cal-skeleton-${view}`}
            role="status"
            aria-busy="true"
            aria-label="Cargando festivales..."
          >
            {Array.from({ length: view === 'month' ? 42 : view === 'week' ? 7 : 4 }, (_, i) => (
              <span key={i} />
            ))}
          </div>
        ) : (
          <>
            {view === 'list' ? (
              <ListView key={from} days={days} byDay={byDay} emptyText={periodCount} />
            ) : (
              <div className="cal-grid-wrap card">
                <DayGrid
                  days={days}
                  byDay={byDay}
                  perDay={view === 'month' ? MONTH_VIEW_PER_DAY : WEEK_VIEW_PER_DAY}
                  variant={view}
                  selected={openDay}
                  onOpenDay={openPanel}
                  caption={`Festivales de ${periodTitle}`}
                />
              </div>
            )}
            {inPeriod === 0 && nextFestival?.start_date && (
              <p className="cal-next">
                <button
                  type="button"
                  className="btn btn-sm"
                  onClick={() => update({ anchor: nextFestival.start_date! })}
                >
                  Ir al próximo festival: {nextFestival.name}
                </button>
              </p>
            )}
          </>
        )}
      </div>
      <DayPanel day={openDay} festivals={openDay ? (byDay.get(openDay) ?? []) : []} onClose={closePanel} />
    </div>
  );
}
