import { z } from './zod';

/** A place for 'Cerca de': a city from the bundled list or what the geocoder found. */
export interface Place {
  name: string;
  /** Region or country, to tell places with the same name apart. */
  region: string | null;
  lat: number;
  lon: number;
}

/** Places suggested for one query at most. */
export const PLACES_SHOWN = 8;

/** GET /api/festivals/places query: what the person typed. */
export const placeQuerySchema = z.object({
  q: z
    .string({ error: 'Escribe un lugar (q).' })
    .trim()
    .min(2, { error: 'Escribe al menos 2 letras del lugar.' })
    .max(100, { error: 'El lugar no puede superar 100 caracteres.' }),
});
