import { Hono } from 'hono';
import { idParamSchema } from '#core/festival-schemas';
import { claimInputSchema, setChangesQuerySchema } from '#core/organizer-schemas';
import { factCorrectionInputSchema, factCorrectionResponse } from '#core/fact-correction-schemas';
import { claimResponse, festivalUpdateResponse, setChangesResponse } from '#core/responses/organizers';
import { z } from '#core/zod';
import type { AppEnv } from '../lib/app-env';
import { currentUser, requireAuth } from '../lib/auth';
import { publicReadCacheControl } from '../lib/cached-body';
import { db } from '../lib/db';
import { requireVisibleFestival } from '../lib/domain/festivals/festival-access';
import { createClaim } from '../lib/domain/organizers/claims';
import { proposeCorrection } from '../lib/domain/fact-corrections/fact-corrections';
import { festivalUpdates } from '../lib/domain/organizers/festival-updates';
import { setChangesSince } from '../lib/domain/organizers/live-changes';
import { documenter } from '../lib/openapi';
import { rateLimit } from '../lib/rate-limit';
import { validate } from '../lib/validate';

const doc = documenter('Organización');

/**
 * What a festival's page reads and asks of its organisers and admins: a claim to organise it, a
 * correction to one of its facts, its 'Novedades' and its live set changes ('Cambios de hoy'). Public reads are of approved festivals only, kept a
 * second at the edge like the festival itself.
 */
export const festivalOrganizerRoutes = new Hono<AppEnv>()
  .post(
    '/:id/fact-corrections',
    doc({
      summary: 'Propone corregir un dato de la edición actual (precios, antes de ir, accesibilidad) con su fuente',
      access: 'user',
      responses: { 201: { description: 'La corrección, pendiente de revisión', schema: factCorrectionResponse } },
      errors: [400, 404, 409, 429],
    }),
    requireAuth,
    validate('param', idParamSchema),
    validate('json', factCorrectionInputSchema),
    rateLimit('factCorrection'),
    async (c) => {
      const user = currentUser(c);
      const correction = await proposeCorrection(await db(), user, c.req.valid('param').id, c.req.valid('json'));
      c.header('Cache-Control', 'private, no-store');
      return c.json(correction, 201);
    },
  )
  .post(
    '/:id/claims',
    doc({
      summary: 'Pide organizar un festival: por correo del dominio oficial o con un token en la web oficial',
      access: 'user',
      responses: { 201: { description: 'La solicitud, pendiente de su prueba', schema: claimResponse } },
      errors: [400, 404, 409, 422, 429],
    }),
    requireAuth,
    validate('param', idParamSchema),
    validate('json', claimInputSchema),
    rateLimit('claim'),
    async (c) => {
      const claim = await createClaim(await db(), currentUser(c), c.req.valid('param').id, c.req.valid('json'));
      c.header('Cache-Control', 'private, no-store');
      return c.json(claim, 201);
    },
  )
  .get(
    '/:id/updates',
    doc({
      summary: 'Las novedades de un festival, la más reciente primero',
      responses: { 200: { description: 'Novedades', schema: z.array(festivalUpdateResponse) } },
      errors: [404],
    }),
    validate('param', idParamSchema),
    async (c) => {
      const database = await db();
      const festival = await requireVisibleFestival(database, c.req.valid('param').id, null);
      c.header('Cache-Control', publicReadCacheControl(c));
      return c.json(await festivalUpdates(database, festival.id));
    },
  )
  .get(
    '/:id/changes',
    doc({
      summary:
        "Cambios en directo de las actuaciones ('Cambios de hoy'): desde since, o desde el inicio del día del festival",
      responses: { 200: { description: 'Cambios', schema: setChangesResponse } },
      errors: [400, 404],
    }),
    validate('param', idParamSchema),
    validate('query', setChangesQuerySchema),
    async (c) => {
      const answer = await setChangesSince(await db(), c.req.valid('param').id, c.req.valid('query').since);
      // News of the minute: a second at the edge, and a browser that asks again (coming back online)
      // gets the answer of now, never a stale copy while it revalidates.
      c.header('Cache-Control', c.req.header('Authorization') ? 'private, no-cache' : 'public, no-cache, s-maxage=1');
      return c.json(answer);
    },
  );
