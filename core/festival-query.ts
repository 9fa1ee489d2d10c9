import { festivalSorts } from './festival-filters';
import { isIsoDate } from './dates';
import { factFilterQueryShape } from './trip-fact-filters';
import { z } from './zod';

const isoDate = z
  .string()
  .trim()
  .refine((v) => v === '' || isIsoDate(v), { error: 'Fecha no válida: usa el formato AAAA-MM-DD.' })
  .optional()
  .transform((v) => v || undefined);

/**
 * GET /api/festivals query. Without parameters the list holds every
 * approved festival; each parameter applies the same rule as the web's filters (core/festival-filters).
 */
export const festivalFilterQuerySchema = z.object({
  search: z.string().trim().max(200, { error: 'La búsqueda no puede superar los 200 caracteres.' }).optional(),
  genre: z.string().trim().max(50, { error: 'Género no válido.' }).optional(),
  minRating: z.coerce
    .number({ error: 'La valoración mínima debe ser un número entre 1 y 5.' })
    .min(0, { error: 'La valoración mínima debe ser un número entre 1 y 5.' })
    .max(5, { error: 'La valoración mínima debe ser un número entre 1 y 5.' })
    .optional(),
  upcoming: z
    .enum(['true', 'false'], { error: "upcoming debe ser 'true' o 'false'." })
    .optional()
    .transform((v) => v === 'true'),
  from: isoDate,
  to: isoDate,
  sort: z.enum(festivalSorts, { error: 'Orden no válido: usa date, name, rating o distance.' }).optional(),
  /** Festivals with this artist on a lineup (any edition). */
  artist: z.coerce
    .number({ error: 'Artista no válido.' })
    .int({ error: 'Artista no válido.' })
    .positive({ error: 'Artista no válido.' })
    .max(2147483647, { error: 'Artista no válido.' })
    .optional(),
  /** 'Precio máximo': the current edition's tickets start at or below this many euros. */
  maxPrice: z.coerce
    .number({ error: 'El precio máximo debe ser un número de euros.' })
    .min(0, { error: 'El precio máximo no puede ser negativo.' })
    .max(10000, { error: 'El precio máximo no puede superar 10000 €.' })
    .optional(),
  /** 'Antes de ir' and accessibility of the current edition (core/trip-fact-filters.ts). */
  ...factFilterQueryShape,
  limit: z.coerce
    .number({ error: 'limit debe ser un número entre 1 y 5000.' })
    .int({ error: 'limit debe ser un número entre 1 y 5000.' })
    .min(1, { error: 'limit debe ser un número entre 1 y 5000.' })
    .max(5000, { error: 'limit debe ser un número entre 1 y 5000.' })
    .optional(),
  offset: z.coerce
    .number({ error: 'offset debe ser un número entero no negativo.' })
    .int({ error: 'offset debe ser un número entero no negativo.' })
    .min(0, { error: 'offset debe ser un número entero no negativo.' })
    .optional(),
});
export type FestivalFilterQuery = z.output<typeof festivalFilterQuerySchema>;
