import tzLookup from '@photostructure/tz-lookup';
import { clockTime, formatter } from './clock';

/**
 * A festival's clock. The catalogue stores no time zone: it is derived from the festival's
 * coordinates (Gran Canaria gives 'Atlantic/Canary', an hour behind Barcelona's 'Europe/Madrid'),
 * so set times read the same on every device, whatever zone the visitor's device is in.
 */
export function festivalTimeZone(place: { latitude?: number | null; longitude?: number | null }): string | null {
  const { latitude, longitude } = place;
  if (
    typeof latitude !== 'number' ||
    typeof longitude !== 'number' ||
    !Number.isFinite(latitude) ||
    !Number.isFinite(longitude)
  )
    return null;
  try {
    return tzLookup(latitude, longitude);
  } catch {
    // Coordinates out of range: no zone rather than a wrong one.
    return null;
  }
}

export { clockTime };

/** The calendar day (YYYY-MM-DD) of an instant on the festival's clock: a set at 01:00 belongs to that date there. */
export const clockDay = (date: Date, zone: string | null | undefined) =>
  formatter(zone, { year: 'numeric', month: '2-digit', day: '2-digit' }, 'en-CA').format(date);

/** The zone's name as Spanish speakers read it at that date: 'hora de verano de Europa occidental'. */
export function zoneName(zone: string, at: Date): string {
  return (
    formatter(zone, { timeZoneName: 'long' })
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName')?.value ?? zone
  );
}

/** Whether a device in `deviceZone` reads another time than the festival's at that date (London and Barcelona do; Paris and Barcelona do not). */
export function otherClock(zone: string, deviceZone: string | null | undefined, at: Date): boolean {
  const offset = (z: string | null | undefined) =>
    formatter(z, { timeZoneName: 'longOffset' }, 'en')
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName')?.value;
  return offset(zone) !== offset(deviceZone);
}
