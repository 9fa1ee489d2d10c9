import { z } from './zod';

/** Festivals 'Para ti' shows at most, and what a visitor without a session may send. */
export const RECOMMENDATIONS_MAX = 24;
export const RECOMMENDATIONS_DEFAULT = 12;
export const RECOMMENDATION_IDS_MAX = 200;

const limitMessage = `limit debe ser un número entre 1 y ${RECOMMENDATIONS_MAX}.`;
const idsMessage = (name: string) =>
  `${name} debe ser una lista de hasta ${RECOMMENDATION_IDS_MAX} identificadores separados por comas.`;

const idList = (name: string) =>
  z
    .string()
    .trim()
    .max(RECOMMENDATION_IDS_MAX * 11, { error: idsMessage(name) })
    .regex(/^[1-9]\d{0,9}(,[1-9]\d{0,9})*$/, { error: idsMessage(name) })
    .transform((v) => [...new Set(v.split(',').map(Number))].filter((id) => id <= 2147483647))
    .refine((ids) => ids.length <= RECOMMENDATION_IDS_MAX, { error: idsMessage(name) })
    .optional();

const coordinate = (max: number, message: string) =>
  z.coerce.number({ error: message }).min(-max, { error: message }).max(max, { error: message }).optional();

/**
 * GET /api/recommendations: how many, and for a visitor without a session the favourites and the
 * dismissed festivals kept on the device; 'Cerca de' (the last place chosen, with its name) when
 * there is one. A signed-in visitor's favourites, follows and dismissals are read on the server.
 */
export const recommendationsQuerySchema = z
  .object({
    limit: z.coerce
      .number({ error: limitMessage })
      .int({ error: limitMessage })
      .min(1, { error: limitMessage })
      .max(RECOMMENDATIONS_MAX, { error: limitMessage })
      .default(RECOMMENDATIONS_DEFAULT),
    favorites: idList('favorites'),
    dismissed: idList('dismissed'),
    lat: coordinate(90, 'La latitud debe ser un número entre -90 y 90.'),
    lon: coordinate(180, 'La longitud debe ser un número entre -180 y 180.'),
    cerca: z.string().trim().max(100, { error: 'El nombre del lugar no puede superar 100 caracteres.' }).optional(),
  })
  .refine((q) => (q.lat === undefined) === (q.lon === undefined), {
    error: 'Indica la latitud y la longitud del lugar.',
    path: ['lat'],
  });
export type RecommendationsQuery = z.output<typeof recommendationsQuerySchema>;

/** POST /api/recommendations/dismiss: 'No me interesa'. */
export const dismissRecommendationSchema = z.object({
  festival_id: z
    .number({ error: 'festival_id debe ser el identificador de un festival.' })
    .int({ error: 'festival_id debe ser el identificador de un festival.' })
    .positive({ error: 'festival_id debe ser el identificador de un festival.' })
    .max(2147483647, { error: 'festival_id debe ser el identificador de un festival.' }),
});
