import { describe, expect, it } from 'vitest';
import { clockDay, clockTime, festivalTimeZone, otherClock, zoneName } from './time-zone';

describe('festival time zone', () => {
  it('comes from the coordinates: the Canary Islands are not the mainland, Portugal is not Spain', () => {
    expect(festivalTimeZone({ latitude: 41.3553, longitude: 2.1347 })).toBe('Europe/Madrid'); // Barcelona
    expect(festivalTimeZone({ latitude: 28.1235, longitude: -15.4363 })).toBe('Atlantic/Canary'); // Las Palmas
    expect(festivalTimeZone({ latitude: 38.7223, longitude: -9.1393 })).toBe('Europe/Lisbon');
    expect(festivalTimeZone({ latitude: 51.5072, longitude: -0.1276 })).toBe('Europe/London');
  });

  it('is unknown without coordinates or with impossible ones', () => {
    expect(festivalTimeZone({ latitude: null, longitude: 2 })).toBeNull();
    expect(festivalTimeZone({})).toBeNull();
    expect(festivalTimeZone({ latitude: 120, longitude: 2 })).toBeNull();
  });

  it('reads an instant on the festival clock, not the device one', () => {
    const set = new Date('2030-07-10T22:30:00Z');
    expect(clockTime(set, 'Europe/Madrid')).toBe('00:30');
    expect(clockTime(set, 'Atlantic/Canary')).toBe('23:30');
    expect(clockDay(set, 'Europe/Madrid')).toBe('2030-07-11');
    expect(clockDay(set, 'Atlantic/Canary')).toBe('2030-07-10');
  });

  it('names the zone and knows when a device reads another time', () => {
    const july = new Date('2030-07-10T12:00:00Z');
    expect(zoneName('Atlantic/Canary', july)).toBe('hora de verano de Europa occidental');
    expect(otherClock('Europe/Madrid', 'Europe/Paris', july)).toBe(false);
    expect(otherClock('Europe/Madrid', 'Europe/London', july)).toBe(true);
    expect(otherClock('Atlantic/Canary', 'Europe/London', july)).toBe(false);
  });
});
