import { europeanPlaces, placeCountry } from '#core/european-places';

/**
 * Where the generated catalogue places its festivals: the places of core/european-places.ts the
 * generator uses, in that list's order (it picks them by position), as city, country (as in the
 * real seed), latitude and longitude. The generator jitters them by a few kilometres so festivals
 * of one city do not share a map marker. Spain weighs more (a Spanish site).
 */
export type Place = readonly [city: string, country: string, latitude: number, longitude: number];

const generated: Place[] = europeanPlaces
  .filter((p) => p.generator !== false)
  .map((p) => [p.name, placeCountry(p), p.lat, p.lon]);

export const spanishPlaces: readonly Place[] = generated.filter(([, country]) => country === 'España');

export const otherEuropeanPlaces: readonly Place[] = generated.filter(([, country]) => country !== 'España');

/** Share of generated festivals placed in Spain; the rest spread evenly over the other cities. */
export const SPAIN_SHARE = 0.35;
