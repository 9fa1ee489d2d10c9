import type { LatLon } from './geo';
import type { FactFilter } from './trip-fact-filters';

/**
 * The filters of a festival list and their defaults, apart from the code that applies them
 * (festival-filters.ts), so that what only names a list (festivalPageUrl, the boot entry's first read)
 * imports no more than this.
 */

/** 'distance' orders by distance from the 'Cerca de' place; without a place it is the date order. */
export const festivalSorts = ['date', 'name', 'rating', 'distance'] as const;
export type FestivalSort = (typeof festivalSorts)[number];

export interface FestivalFilters {
  /** Case- and accent-insensitive substring over name and location; trimmed, empty = any. */
  search?: string;
  /** One of the festival's genres, exactly; empty = any. */
  genre?: string;
  /** 0 or undefined = any; else averageRating (missing as 0) >= minRating. */
  minRating?: number;
  /** 'Solo próximos festivales'. */
  upcoming?: boolean;
  /** YYYY-MM-DD range start. */
  from?: string;
  /** YYYY-MM-DD range end. */
  to?: string;
  /** Default 'date'. */
  sort?: FestivalSort;
  /** 'Cerca de': a place and a radius in km (none = any distance, festivals without coordinates last). */
  near?: Near | null;
  /**
   * 'Precio máximo' in euros: festivals whose current edition's tickets start at or below it; 0 or
   * undefined = any. Applied by the server, which holds the prices (cards do not carry them).
   */
  maxPrice?: number;
  /** What 'Antes de ir' and accessibility must say (core/trip-fact-filters.ts); applied by the server. */
  facts?: readonly FactFilter[];
}

export interface Near extends LatLon {
  radiusKm?: number | null;
}

/** What 'Limpiar filtros' resets to: no search, no genre, any rating, upcoming only, no dates. */
export const defaultFilters: Required<Pick<FestivalFilters, 'upcoming' | 'sort'>> & FestivalFilters = Object.freeze({
  search: '',
  genre: '',
  minRating: 0,
  upcoming: true,
  from: '',
  to: '',
  sort: 'date',
  maxPrice: 0,
  facts: [],
});
