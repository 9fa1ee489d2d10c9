import type { Festival } from './response-schemas';

/** Whether a body is a page of cards (GET /api/festivals/page) as the lists read it. */
export function isFestivalPage(value: unknown): value is { items: FestivalCard[]; total: number; genres: unknown[] } {
  const page = value as { items?: unknown; total?: unknown; genres?: unknown } | null;
  return (
    typeof page === 'object' &&
    page !== null &&
    Array.isArray(page.items) &&
    typeof page.total === 'number' &&
    Array.isArray(page.genres)
  );
}

/** Cards a page holds at most. */
export const FESTIVAL_PAGE_MAX = 100;

/** What a festival card, a favourite or a map popup shows: no description, no practical texts. */
export type FestivalCard = Pick<
  Festival,
  | 'id'
  | 'name'
  | 'location'
  | 'start_date'
  | 'end_date'
  | 'image_url'
  | 'status'
  | 'genres'
  | 'averageRating'
  | 'ratingsCount'
  | 'going_count'
  | 'interested_count'
  | 'latitude'
  | 'longitude'
  | 'hasValidCoordinates'
> & {
  /** Km from the 'Cerca de' place, when one was given and the festival has coordinates. */
  distanceKm?: number;
};

export function toCard(f: Festival, distanceKm?: number | null): FestivalCard {
  const card: FestivalCard = {
    id: f.id,
    name: f.name,
    location: f.location,
    start_date: f.start_date,
    end_date: f.end_date,
    image_url: f.image_url,
    status: f.status,
    genres: f.genres,
    averageRating: f.averageRating,
    ratingsCount: f.ratingsCount,
    going_count: f.going_count,
    interested_count: f.interested_count,
    latitude: f.latitude,
    longitude: f.longitude,
    hasValidCoordinates: f.hasValidCoordinates,
  };
  if (typeof distanceKm === 'number') card.distanceKm = Math.round(distanceKm * 10) / 10;
  return card;
}
