import { describe, expect, it } from 'vitest';
import {
  artistPath,
  formatLineupDay,
  formatOnSale,
  formatPrice,
  lineupGroupTitle,
  lineupView,
  ticketPriceText,
} from './lineup-view';
import type { LineupEntry } from './lineup-types';

let nextId = 1;
const entry = (
  name: string,
  billing: LineupEntry['billing'] = 'regular',
  day: string | null = null,
  stage: string | null = null,
): LineupEntry => ({
  id: nextId++,
  artist: { id: nextId, name, slug: name.toLowerCase() },
  billing,
  day,
  stage,
  starts_at: null,
  ends_at: null,
});

describe('lineupView', () => {
  it('keeps headliners in poster order and sorts the rest alphabetically, ignoring accents and case', () => {
    const view = lineupView([
      entry('Nina Kraviz', 'headliner'),
      entry('Ben UFO'),
      entry('Adam Beyer', 'headliner'),
      entry('Âme'),
      entry('amelie Lens'),
    ]);
    expect(view.headliners.map((e) => e.artist.name)).toEqual(['Nina Kraviz', 'Adam Beyer']);
    expect(view.groups).toHaveLength(1);
    expect(view.groups[0]!.day).toBeNull();
    expect(view.groups[0]!.entries.map((e) => e.artist.name)).toEqual(['Âme', 'amelie Lens', 'Ben UFO']);
  });

  it('groups by day then stage, unknown day or stage last', () => {
    const view = lineupView([
      entry('Zeta', 'regular', null, null),
      entry('Beta', 'regular', '2026-07-11', 'Main Stage'),
      entry('Alfa', 'regular', '2026-07-10', 'The Loft'),
      entry('Gamma', 'regular', '2026-07-10', 'Main Stage'),
      entry('Delta', 'regular', '2026-07-10', null),
    ]);
    expect(view.groups.map((g) => [g.day, g.stage])).toEqual([
      ['2026-07-10', 'Main Stage'],
      ['2026-07-10', 'The Loft'],
      ['2026-07-10', null],
      ['2026-07-11', 'Main Stage'],
      [null, null],
    ]);
  });
});

describe('lineup texts', () => {
  it('names the day with its weekday and the stage', () => {
    expect(formatLineupDay('2026-07-10')).toBe('Viernes 10 de julio');
    expect(lineupGroupTitle({ day: '2026-07-12', stage: 'Main Stage' })).toBe('Domingo 12 de julio · Main Stage');
    expect(lineupGroupTitle({ day: null, stage: 'The Loft' })).toBe('The Loft');
    expect(lineupGroupTitle({ day: null, stage: null })).toBeNull();
  });

  it('formats prices in Spanish euros', () => {
    expect(formatPrice(89)).toBe('89\u00a0€');
    expect(formatPrice(89.5)).toBe('89,50\u00a0€');
    expect(ticketPriceText({ price_from: 89, price_to: 180, currency: 'EUR', sold_out: false })).toBe(
      'Entradas de 89\u00a0€ a 180\u00a0€',
    );
    expect(ticketPriceText({ price_from: 89, price_to: null, currency: 'EUR', sold_out: false })).toBe(
      'Entradas desde 89\u00a0€',
    );
    expect(ticketPriceText({ price_from: 89, price_to: 180, currency: 'EUR', sold_out: true })).toBe('Agotadas');
    expect(ticketPriceText({ price_from: null, price_to: null, currency: 'EUR', sold_out: false })).toBeNull();
  });

  it('shows the on-sale instant in the given time zone', () => {
    expect(formatOnSale('2026-03-01T09:00:00.000Z', 'Europe/Madrid')).toBe('1 de marzo de 2026, 10:00');
  });

  it('builds artist paths with a clean slug', () => {
    expect(artistPath(7, 'amelie-lens')).toBe('/artista/7/amelie-lens');
    expect(artistPath(7, null)).toBe('/artista/7');
  });
});
