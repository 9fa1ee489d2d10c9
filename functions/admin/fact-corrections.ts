import { Hono } from 'hono';
import { factCorrectionDecisionSchema, factCorrectionResponse } from '#core/fact-correction-schemas';
import { idParamSchema } from '#core/festival-schemas';
import { z } from '#core/zod';
import type { AppEnv } from '../lib/app-env';
import { currentUser } from '../lib/auth';
import { db } from '../lib/db';
import { decideCorrection, listCorrections } from '../lib/domain/fact-corrections/fact-corrections';
import { documenter } from '../lib/openapi';
import { validate } from '../lib/validate';

const doc = documenter('Administración');

/** The queue of corrections people proposed to festivals' facts. */
export const factCorrectionRoutes = new Hono<AppEnv>()
  .get(
    '/fact-corrections',
    doc({
      summary: 'Correcciones de datos propuestas, las pendientes primero',
      access: 'admin',
      responses: { 200: { description: 'Correcciones', schema: z.array(factCorrectionResponse) } },
    }),
    async (c) => c.json(await listCorrections(await db())),
  )
  .patch(
    '/fact-corrections/:id',
    doc({
      summary: 'Aprueba (y aplica) o rechaza una corrección; quien la propuso recibe el resultado',
      access: 'admin',
      responses: { 200: { description: 'La corrección decidida', schema: factCorrectionResponse } },
      errors: [400, 404, 409],
    }),
    validate('param', idParamSchema),
    validate('json', factCorrectionDecisionSchema),
    async (c) =>
      c.json(await decideCorrection(await db(), currentUser(c), c.req.valid('param').id, c.req.valid('json').status)),
  );
