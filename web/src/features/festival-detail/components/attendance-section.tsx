import { useState, type ReactNode } from 'react';
import { attendanceCountsText, countsWithOwn } from '#core/attendance-text';
import type { AttendanceStatus } from '#core/together-schemas';
import { useAttendance } from '../../../lib/attendance';
import type { FestivalDetail } from '../api/festival';
import './attendance-section.css';

const choices: { status: AttendanceStatus; label: string }[] = [
  { status: 'going', label: 'Voy' },
  { status: 'interested', label: 'Me interesa' },
];

/**
 * '¿Vas a ir?': 'Voy' or 'Me interesa' (one at a time; pressing the chosen one again clears it) and
 * how many people said so. Who they are stays private. `children`: what the group feature adds
 * (a plan with friends).
 */
export function AttendanceSection({ festival, children }: { festival: FestivalDetail; children?: ReactNode }) {
  const { statusOf, localOnly, setStatus } = useAttendance();
  const status = statusOf(festival.id);
  // The counts the server answered to this page's last change; until then, the festival's.
  const [counts, setCounts] = useState({
    going_count: festival.going_count,
    interested_count: festival.interested_count,
  });
  const [busy, setBusy] = useState(false);
  const shown = countsWithOwn(counts, localOnly ? status : null);
  const text = attendanceCountsText(shown.going, shown.interested);

  const choose = async (next: AttendanceStatus) => {
    setBusy(true);
    const answer = await setStatus(festival.id, status === next ? null : next);
    if (answer) setCounts({ going_count: answer.going_count, interested_count: answer.interested_count });
    setBusy(false);
  };

  return (
    <section className="detail-section attendance-section" aria-labelledby="asistencia-title">
      <h2 id="asistencia-title" className="section-title">
        ¿Vas a ir?
      </h2>
      <div className="attendance-row">
        <div className="attendance-choices" role="group" aria-label={`¿Vas a ir a ${festival.name}?`}>
          {choices.map((choice) => (
            <button
              key={choice.status}
              type="button"
              className={status === choice.status ? 'btn btn-primary' : 'btn'}
              aria-pressed={status === choice.status}
              disabled={busy}
              onClick={() => void choose(choice.status)}
            >
              {choice.label}
            </button>
          ))}
        </div>
        <p className="attendance-counts muted" aria-live="polite">
          {text ?? 'Sé la primera persona en decir si vas.'}
        </p>
        {children}
      </div>
    </section>
  );
}
