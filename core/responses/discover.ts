/** 'Festivales parecidos' and 'Para ti': festivals like another, and picks for a visitor with their reason. */
import { z } from '../zod';
import type { FestivalCard } from '../festival-card';
import { festivalCardResponse } from './festivals';

/** GET /api/festivals/{id}/similar: up to 8, upcoming first, each with what it shares. */
export const similarFestivalResponse = z.object({
  festival: festivalCardResponse,
  score: z.number(),
  reasons: z.object({
    shared_artists: z.array(z.object({ id: z.number().int(), name: z.string() })),
    genres: z.array(z.string()),
    distance_km: z.number().nullable(),
  }),
});
export const similarFestivalsResponse = z.array(similarFestivalResponse);
export type SimilarFestival = Omit<z.output<typeof similarFestivalResponse>, 'festival'> & { festival: FestivalCard };

export const recommendationKinds = ['artist', 'festival', 'genre', 'near'] as const;

/** GET /api/recommendations: an upcoming festival the visitor has not favourited, and why. */
export const recommendationResponse = z.object({
  festival: festivalCardResponse,
  reason: z.object({ kind: z.enum(recommendationKinds), text: z.string() }),
});
export const recommendationsResponse = z.array(recommendationResponse);
export type Recommendation = Omit<z.output<typeof recommendationResponse>, 'festival'> & { festival: FestivalCard };
