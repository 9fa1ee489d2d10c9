import type { FestivalEditionFields } from './lineup-types';
import { accessibilityLines } from './trip-facts';

/**
 * The trip facts in a festival's JSON-LD where schema.org has a property for them: each price
 * tier as an Offer (inside an AggregateOffer of the edition), the minimum age as the Event's
 * typicalAgeRange, and the accessibility facts that are yes or no as the Place's amenityFeature.
 */

type TripFacts = Partial<Pick<FestivalEditionFields, 'tickets' | 'tiers' | 'conditions' | 'accessibility'>>;

const SCHEMA = 'https://schema.org/';

function tierAvailability(tier: FestivalEditionFields['tiers'][number], now: number) {
  if (tier.sold_out) return `${SCHEMA}SoldOut`;
  return tier.on_sale_at && Date.parse(tier.on_sale_at) > now ? `${SCHEMA}PreSale` : `${SCHEMA}InStock`;
}

/** The edition's offers: its tiers when it has them, else its ticket facts. Null when there is nothing to offer. */
export function offersJsonLd(facts: TripFacts, now = Date.now()): Record<string, unknown> | null {
  const tiers = facts.tiers ?? [];
  const tickets = facts.tickets;
  if (tiers.length > 0) {
    const prices = tiers.map((t) => t.price);
    return {
      '@type': 'AggregateOffer',
      lowPrice: Math.min(...prices),
      highPrice: Math.max(...prices),
      priceCurrency: tiers[0].currency,
      offerCount: tiers.length,
      availability: tiers.every((t) => t.sold_out) ? `${SCHEMA}SoldOut` : `${SCHEMA}InStock`,
      offers: tiers.map((tier) => ({
        '@type': 'Offer',
        name: tier.name,
        category: tier.kind,
        price: tier.price,
        priceCurrency: tier.currency,
        availability: tierAvailability(tier, now),
        ...(tier.on_sale_at ? { validFrom: tier.on_sale_at } : {}),
        ...(tier.ends_at ? { validThrough: tier.ends_at } : {}),
        ...((tier.url ?? tickets?.ticket_url) ? { url: tier.url ?? tickets?.ticket_url } : {}),
      })),
    };
  }
  if (!tickets || (!tickets.ticket_url && tickets.price_from === null)) return null;
  const range = tickets.price_to !== null && tickets.price_from !== null && tickets.price_to > tickets.price_from;
  return {
    '@type': range ? 'AggregateOffer' : 'Offer',
    ...(range
      ? { lowPrice: tickets.price_from, highPrice: tickets.price_to }
      : tickets.price_from !== null
        ? { price: tickets.price_from }
        : {}),
    priceCurrency: tickets.currency,
    availability: tickets.sold_out ? `${SCHEMA}SoldOut` : `${SCHEMA}InStock`,
    ...(tickets.ticket_url ? { url: tickets.ticket_url } : {}),
    ...(tickets.on_sale_at ? { validFrom: tickets.on_sale_at } : {}),
  };
}

/** '18-' when the edition has a minimum age (with or without a guardian below it); nothing otherwise. */
export function typicalAgeRange(facts: TripFacts): string | undefined {
  const c = facts.conditions;
  return c && c.age_policy && c.age_policy !== 'all_ages' && c.minimum_age !== null ? `${c.minimum_age}-` : undefined;
}

/** The accessibility facts someone confirmed as yes or no, as the Place's features. */
export function amenityFeatures(facts: TripFacts): Record<string, unknown>[] {
  if (!facts.accessibility) return [];
  return accessibilityLines(facts.accessibility)
    .filter((line) => line.value === 'Sí' || line.value === 'No')
    .map((line) => ({ '@type': 'LocationFeatureSpecification', name: line.label, value: line.value === 'Sí' }));
}
