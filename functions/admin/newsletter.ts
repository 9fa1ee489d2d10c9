import { Hono } from 'hono';
import type { AppEnv } from '../lib/app-env';
import { db } from '../lib/db';
import { previewDigest, queueDigest } from '../lib/domain/newsletter/digest';
import { subscriberCounts } from '../lib/domain/newsletter/subscriptions';
import { digestPreviewResponse, digestQueuedResponse, subscriberCountsResponse } from '#core/response-schemas';
import { documenter } from '../lib/openapi';

const doc = documenter('Administración');

/** The newsletter in the admin panel: how many receive it, this month's digest as it will look, and sending it. */
export const newsletterRoutes = new Hono<AppEnv>()
  .get(
    '/newsletter',
    doc({
      summary: 'Suscriptores del boletín',
      access: 'admin',
      responses: { 200: { description: 'Recuentos', schema: subscriberCountsResponse } },
    }),
    async (c) => c.json(await subscriberCounts(await db())),
  )
  .get(
    '/newsletter/digest/preview',
    doc({
      summary: 'El boletín de este mes tal como se enviará',
      access: 'admin',
      responses: { 200: { description: 'Vista previa', schema: digestPreviewResponse } },
    }),
    async (c) => c.json(await previewDigest(await db())),
  )
  // Queued for the outbox; a second send in the same month queues nothing (one digest per month and address).
  .post(
    '/newsletter/digest',
    doc({
      summary: 'Pone en cola el boletín de este mes',
      access: 'admin',
      responses: { 200: { description: 'Cuántos envíos se han puesto en cola', schema: digestQueuedResponse } },
    }),
    async (c) => {
      const queued = await queueDigest(await db());
      return c.json({
        queued,
        message: queued
          ? `Boletín en cola para ${queued} suscriptores confirmados.`
          : 'El boletín de este mes ya se envió a todos los suscriptores confirmados.',
      });
    },
  );
