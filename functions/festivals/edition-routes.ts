import { idParamSchema } from '#core/festival-schemas';
import { priceHistoryItemSchema } from '#core/price-tier-schemas';
import { z } from '#core/zod';
import { createApp } from '../lib/app';
import { optionalAuth } from '../lib/auth';
import { publicReadCacheControl } from '../lib/cached-body';
import { db } from '../lib/db';
import { priceHistory } from '../lib/domain/editions/write-tiers';
import { documenter } from '../lib/openapi';
import { validate } from '../lib/validate';

const doc = documenter('Festivales');

/**
 * What one edition shows beyond its festival's answer: the history of its prices. Served by the
 * festivals function (the Router sends it every /api path no other area claims). Read on each
 * request through its index (a few rows per tier), kept a second at the edge like the other public reads.
 */
export const app = createApp('/api/editions').get(
  '/:id/price-history',
  doc({
    summary: 'Historial de precios de una edición: cada precio y disponibilidad que ha tenido cada tramo',
    access: 'optional',
    responses: {
      200: { description: 'Cambios, del más antiguo al más reciente', schema: z.array(priceHistoryItemSchema) },
    },
    errors: [404],
  }),
  optionalAuth,
  validate('param', idParamSchema),
  async (c) => {
    const { items, approved } = await priceHistory(await db(), c.req.valid('param').id, c.get('user'));
    c.header('Cache-Control', approved ? publicReadCacheControl(c) : 'private, no-store');
    return c.json(items);
  },
);
