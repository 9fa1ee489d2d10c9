import { TZDate } from '@date-fns/tz';

/**
 * An ISO instant as the value of a datetime-local input, and back, on the festival's clock when its
 * zone is known (`festivalTimeZone` in core): an admin in Madrid typing a Gran Canaria set's 20:00
 * means 20:00 there, as the poster says, not 20:00 in Madrid. Without a zone, the admin's own clock.
 */
export function toLocalInput(iso: string | null, zone?: string | null): string {
  if (!iso) return '';
  const d = zone ? new TZDate(iso, zone) : new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export function fromLocalInput(value: string, zone?: string | null): string | null {
  if (!value) return null;
  if (!zone) return new Date(value).toISOString();
  const [date, time] = value.split('T');
  const [year, month, day] = date.split('-').map(Number);
  const [hours, minutes] = time.split(':').map(Number);
  return new Date(new TZDate(year, month - 1, day, hours, minutes, zone).getTime()).toISOString();
}
