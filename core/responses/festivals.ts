/** Festivals and what the lists, the calendar, the map and place search answer. (core/response-schemas.ts re-exports every file of this folder.) */
import { z } from '../zod';
import { festivalStatuses } from '../types';
import { isoDate, timestamp } from './common';

// Festivals

export const festivalResponse = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  location: z.string().nullable(),
  address: z.string().nullable(),
  start_date: isoDate.nullable(),
  end_date: isoDate.nullable(),
  website: z.string().nullable(),
  image_url: z.string().nullable(),
  status: z.enum(festivalStatuses),
  genres: z.array(z.string()),
  averageRating: z.number(),
  ratingsCount: z.number().int(),
  going_count: z.number().int().describe("Personas que han marcado 'Voy'."),
  interested_count: z.number().int().describe("Personas que han marcado 'Me interesa'."),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  hasValidCoordinates: z.boolean(),
  geocoded_from: z.string().nullable(),
  geocoded_at: timestamp.nullable(),
  transportation: z.string().nullable(),
  parking_info: z.string().nullable(),
  accommodation: z.string().nullable(),
  proposed_by: z.number().int().nullable(),
  created_at: timestamp,
});
export type Festival = z.output<typeof festivalResponse>;

/** A small reference to the festival an item belongs to, for the admin tables. */
export const festivalRefResponse = z.object({ id: z.number().int(), name: z.string() });
export type FestivalRef = z.output<typeof festivalRefResponse>;

/** Another pending or approved festival with the same name and location (the duplicate key: name and location ignoring case, accents and spacing). */
export const duplicateRefResponse = festivalRefResponse.extend({
  status: z.enum(['pending', 'approved']),
  proposed_by: z.number().int().nullable(),
});
export type DuplicateRef = z.output<typeof duplicateRefResponse>;

/** What a proposer typed beyond the festival itself: the artists of its lineup, in order, and where and from how much tickets sell. */
export const proposalExtrasResponse = z.object({
  lineup: z.array(z.string()),
  ticket_url: z.string().nullable(),
  price_from: z.number().nullable(),
});
export type ProposalExtras = z.output<typeof proposalExtrasResponse>;

/**
 * GET /api/admin/pending-festivals: proposals of different users may share a key; admins see the
 * clash, and what the proposal brings for its edition (lineup, tickets) to check before approving.
 */
export const pendingFestivalResponse = festivalResponse.extend({
  possibleDuplicates: z.array(duplicateRefResponse),
  proposal: proposalExtrasResponse,
});
export type PendingFestival = z.output<typeof pendingFestivalResponse>;

export const festivalCardResponse = festivalResponse
  .pick({
    id: true,
    name: true,
    location: true,
    start_date: true,
    end_date: true,
    image_url: true,
    status: true,
    genres: true,
    averageRating: true,
    ratingsCount: true,
    going_count: true,
    interested_count: true,
    latitude: true,
    longitude: true,
    hasValidCoordinates: true,
  })
  .extend({ distanceKm: z.number().nullable().optional() });

/** GET /api/festivals/page. */
export const festivalPageResponse = z.object({
  total: z.number().int(),
  offset: z.number().int(),
  limit: z.number().int(),
  items: z.array(festivalCardResponse),
  genres: z.array(z.object({ name: z.string(), count: z.number().int() })),
});

/** GET /api/festivals/calendar. */
export const calendarRangeResponse = z.object({
  items: z.array(
    festivalResponse
      .pick({ id: true, name: true, location: true, start_date: true, end_date: true, genres: true, status: true })
      .extend({ description: z.string() }),
  ),
  next: festivalResponse.pick({ id: true, name: true, start_date: true }).nullable(),
});

/** GET /api/festivals/map: the markers of the area shown, clustered for its zoom. */
export const mapViewResponse = z.object({
  located: z.number().int().describe('Festivales en el mapa (los que coinciden con la búsqueda, si la hay).'),
  withoutCoordinates: z.number().int().describe('Festivales sin coordenadas, que no aparecen en el mapa.'),
  center: z.tuple([z.number(), z.number()]).describe('Centro inicial: la media de las coordenadas, o Madrid.'),
  markers: z.array(
    z.discriminatedUnion('type', [
      z.object({
        type: z.literal('festival'),
        id: z.number().int(),
        lat: z.number(),
        lon: z.number(),
        name: z.string(),
        location: z.string().nullable(),
        start_date: z.string().nullable(),
        end_date: z.string().nullable(),
        genres: z.array(z.string()),
      }),
      z.object({
        type: z.literal('cluster'),
        id: z.number().int(),
        lat: z.number(),
        lon: z.number(),
        count: z.number().int(),
        zoom: z.number().int().describe('Zoom al que el grupo se separa.'),
      }),
    ]),
  ),
  results: z
    .object({
      total: z.number().int(),
      items: z.array(
        z.object({
          id: z.number().int(),
          name: z.string(),
          location: z.string().nullable(),
          lat: z.number().nullable(),
          lon: z.number().nullable(),
          zoom: z.number().int().nullable().describe('Zoom al que su marcador sale de todo grupo.'),
        }),
      ),
    })
    .nullable(),
});

/** GET /api/festivals/places: places for 'Cerca de'. */
export const placesResponse = z.object({
  items: z.array(
    z.object({
      name: z.string(),
      region: z.string().nullable().describe('Región o país.'),
      lat: z.number(),
      lon: z.number(),
    }),
  ),
});

/** POST /api/admin/festivals/geocode-missing. */
export const geocodeMissingResponse = z.object({
  geocoded: z.array(z.number().int()).describe('Festivales que han recibido coordenadas en esta llamada.'),
  notFound: z.array(z.number().int()).describe('Festivales que el geocodificador no ha encontrado.'),
  remaining: z.number().int().describe('Festivales aprobados que siguen sin coordenadas.'),
});
export type GeocodeMissingResult = z.output<typeof geocodeMissingResponse>;
