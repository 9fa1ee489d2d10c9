import { useEffect, useRef } from 'react';
import { XIcon } from 'lucide-react';
import { dayTitle } from '#core/calendar';
import type { CalendarFestival } from '#core/festival-page';
import { FestivalEntry } from './festival-entry';

interface DayPanelProps {
  day: string | null;
  festivals: CalendarFestival[];
  onClose: () => void;
}

/**
 * The detail panel of a day: a modal <dialog>, so
 * focus stays inside, Escape closes it and the page behind is inert; a side sheet on wide screens.
 */
export function DayPanel({ day, festivals, onClose }: DayPanelProps) {
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (day && !dialog.open) {
      dialog.showModal();
      document.body.classList.add('scroll-locked');
    } else if (!day && dialog.open) {
      dialog.close();
    }
  }, [day]);

  useEffect(() => () => document.body.classList.remove('scroll-locked'), []);

  return (
    <dialog
      ref={ref}
      className="cal-panel"
      aria-labelledby="cal-panel-title"
      onClose={() => {
        document.body.classList.remove('scroll-locked');
        onClose();
      }}
      onClick={(e) => {
        // A click on the backdrop lands on the dialog element itself.
        if (e.target === e.currentTarget) ref.current?.close();
      }}
    >
      {day && (
        <div className="cal-panel-inner">
          <header className="cal-panel-header">
            <div>
              <h2 id="cal-panel-title">{dayTitle(day)}</h2>
              <p className="muted">
                {festivals.length === 0
                  ? 'Sin festivales'
                  : festivals.length === 1
                    ? '1 festival'
                    : `${festivals.length} festivales`}
              </p>
            </div>
            <button
              type="button"
              className="btn btn-icon btn-ghost cal-panel-close"
              aria-label="Cerrar"
              onClick={() => ref.current?.close()}
            >
              <XIcon size={22} />
            </button>
          </header>
          {festivals.length === 0 ? (
            <p className="cal-empty">No hay festivales este día.</p>
          ) : (
            <ul className="cal-panel-list">
              {festivals.map((f) => (
                <li key={f.id}>
                  <FestivalEntry festival={f} />
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </dialog>
  );
}
