import { attendanceCountsText, countsWithOwn } from '#core/attendance-text';
import { useAttendance } from '../../lib/attendance';

/** '230 van · 1,2 mil interesados' (hidden while nobody has said anything), the visitor's own mark included. */
export function AttendanceCounts({
  festivalId,
  counts,
  className = 'attendance-counts',
}: {
  festivalId: number;
  counts: { going_count?: number; interested_count?: number };
  className?: string;
}) {
  const { statusOf, localOnly } = useAttendance();
  const own = localOnly ? statusOf(festivalId) : null;
  const shown = countsWithOwn(
    { going_count: counts.going_count ?? 0, interested_count: counts.interested_count ?? 0 },
    own,
  );
  const text = attendanceCountsText(shown.going, shown.interested);
  return text ? <p className={className}>{text}</p> : null;
}
