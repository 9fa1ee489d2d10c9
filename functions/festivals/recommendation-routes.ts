import { dismissRecommendationSchema, recommendationsQuerySchema } from '#core/recommendation-schemas';
import { messageResponse } from '#core/responses/common';
import { recommendationsResponse } from '#core/responses/discover';
import { createApp } from '../lib/app';
import { currentUser, optionalAuth, requireAuth } from '../lib/auth';
import { publicReadCacheControl } from '../lib/cached-body';
import { db } from '../lib/db';
import { dismissRecommendation, recommendations } from '../lib/domain/discover/recommendations';
import { documenter } from '../lib/openapi';
import { validate } from '../lib/validate';

const doc = documenter('Descubrir');

// 'Para ti': in the festivals function, next to the kept catalogue its cards come from.
export const app = createApp('/api/recommendations')
  .get(
    '/',
    doc({
      summary: "'Para ti': festivales próximos que no son favoritos, con el motivo",
      description:
        'Con sesión, a partir de favoritos, artistas seguidos y descartes; sin sesión, de favorites=1,2,3 (y dismissed).',
      access: 'optional',
      responses: { 200: { description: 'Recomendaciones', schema: recommendationsResponse } },
    }),
    optionalAuth,
    validate('query', recommendationsQuerySchema),
    async (c) => {
      const user = c.get('user');
      const items = await recommendations(await db(), user, c.req.valid('query'));
      c.header('Cache-Control', user ? 'private, no-store' : publicReadCacheControl(c));
      return c.json(items);
    },
  )
  .post(
    '/dismiss',
    doc({
      summary: "'No me interesa': oculta una recomendación y baja las parecidas",
      access: 'user',
      responses: { 200: { description: 'Descartada', schema: messageResponse } },
      errors: [404],
    }),
    requireAuth,
    validate('json', dismissRecommendationSchema),
    async (c) => {
      const { festival_id: id } = c.req.valid('json');
      await dismissRecommendation(await db(), currentUser(c), id);
      return c.json({ message: 'Recomendación descartada', id });
    },
  );
