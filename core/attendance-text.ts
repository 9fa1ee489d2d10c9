import type { AttendanceStatus } from './together-schemas';

const compact = new Intl.NumberFormat('es-ES', { notation: 'compact', maximumFractionDigits: 1 });

/** '230 van · 1,2 mil interesados'; null when nobody has said anything yet (the line is hidden). */
export function attendanceCountsText(going: number, interested: number): string | null {
  const parts: string[] = [];
  if (going > 0) parts.push(`${compact.format(going)} ${going === 1 ? 'va' : 'van'}`);
  if (interested > 0) parts.push(`${compact.format(interested)} ${interested === 1 ? 'interesado' : 'interesados'}`);
  return parts.length ? parts.join(' · ') : null;
}

/**
 * The counts a visitor sees: the server's, plus their own mark while it is only on this device
 * (signed out: the server does not count it yet; signed in it is already counted).
 */
export function countsWithOwn(
  counts: { going_count: number; interested_count: number },
  localOnly: AttendanceStatus | null,
): { going: number; interested: number } {
  return {
    going: counts.going_count + (localOnly === 'going' ? 1 : 0),
    interested: counts.interested_count + (localOnly === 'interested' ? 1 : 0),
  };
}
