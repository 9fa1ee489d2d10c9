import { describe, expect, it } from 'vitest';
import type { Tier } from './price-tier-schemas';
import { feesText, formatPrice, nextTierText, tierOutlook } from './price-tiers';

let ids = 0;
const tier = (values: Partial<Tier>): Tier => ({
  id: ++ids,
  kind: 'abono',
  name: `Tramo ${ids}`,
  price: 45,
  fees: null,
  fees_included: false,
  currency: 'EUR',
  on_sale_at: null,
  ends_at: null,
  sold_out: false,
  url: null,
  position: ids,
  ...values,
});

const now = new Date('2027-01-15T12:00:00');

describe('tierOutlook', () => {
  it('the current abono tier is the first on sale; the next starts the day after it ends', () => {
    const first = tier({ price: 45, ends_at: '2027-01-31' });
    const second = tier({ price: 65 });
    const outlook = tierOutlook([second, first, tier({ kind: 'parking', price: 10, position: 0 })], now);
    expect(outlook.current?.id).toBe(first.id);
    expect(outlook.next?.id).toBe(second.id);
    expect(nextTierText(outlook, now)).toBe('Próximo tramo: 65 € desde el 1 de febrero');
  });

  it('a tier sold out or past its last day is skipped; a future on-sale date is when the next starts', () => {
    const outlook = tierOutlook(
      [
        tier({ price: 15, sold_out: true }),
        tier({ price: 20, ends_at: '2027-01-10' }),
        tier({ price: 30 }),
        tier({ price: 50, on_sale_at: '2027-03-01T09:00:00+01:00' }),
      ],
      now,
    );
    expect(outlook.current?.price).toBe(30);
    expect(nextTierText(outlook, now)).toBe('Próximo tramo: 50 € desde el 1 de marzo');
  });

  it('day tickets lead when there is no abono; everything sold out says so', () => {
    const outlook = tierOutlook([tier({ kind: 'dia', sold_out: true }), tier({ kind: 'vip', sold_out: true })], now);
    expect(outlook).toMatchObject({ current: null, next: null, soldOut: true });
  });
});

describe('texts', () => {
  it('prices and fees in Spanish', () => {
    expect(formatPrice(45)).toBe('45 €');
    expect(formatPrice(4.5)).toBe('4,50 €');
    expect(formatPrice(30, 'GBP')).toBe('30 GBP');
    expect(feesText(tier({ fees_included: true, fees: 0 }))).toBe('gastos incluidos');
    expect(feesText(tier({ fees: 4.5 }))).toBe('+ 4,50 € de gastos');
    expect(feesText(tier({ fees: null }))).toBeNull();
  });
});
