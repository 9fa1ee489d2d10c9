import { Hono } from 'hono';
import { idParamSchema } from '#core/festival-schemas';
import {
  adminClaimsQuerySchema,
  claimDecisionSchema,
  festivalUserParamSchema,
  grantOrganizerSchema,
  historyQuerySchema,
} from '#core/organizer-schemas';
import { messageResponse } from '#core/responses/common';
import { adminClaimResponse, festivalChangeResponse, organizerResponse } from '#core/responses/organizers';
import { z } from '#core/zod';
import type { AppEnv } from '../lib/app-env';
import { currentUser } from '../lib/auth';
import { db } from '../lib/db';
import { notFound } from '../lib/errors';
import { festivalHistory } from '../lib/domain/history/changes';
import { revertChange } from '../lib/domain/history/revert';
import { findFestival } from '../lib/domain/festivals/festival-rows';
import { claimsFor, decideClaim } from '../lib/domain/organizers/claim-records';
import { hideUpdate } from '../lib/domain/organizers/festival-updates';
import { festivalOrganizers, grantOrganizer, revokeOrganizer } from '../lib/domain/organizers/organizers';
import { documenter } from '../lib/openapi';
import { validate } from '../lib/validate';

const doc = documenter('Administración');

/** The admin's 'Organizadores' tab: claims to decide, each festival's organisers, its history with revert, and hiding an update. */
export const organizerRoutes = new Hono<AppEnv>()
  .get(
    '/claims',
    doc({
      summary: 'Solicitudes de organización por estado (por defecto, las verificadas que esperan decisión)',
      access: 'admin',
      responses: { 200: { description: 'Solicitudes', schema: z.array(adminClaimResponse) } },
    }),
    validate('query', adminClaimsQuerySchema),
    async (c) => c.json(await claimsFor(await db(), c.req.valid('query').status)),
  )
  .patch(
    '/claims/:id',
    doc({
      summary: 'Aprueba o rechaza una solicitud de organización',
      access: 'admin',
      responses: { 200: { description: 'La solicitud', schema: adminClaimResponse } },
      errors: [404, 409],
    }),
    validate('param', idParamSchema),
    validate('json', claimDecisionSchema),
    async (c) =>
      c.json(await decideClaim(await db(), currentUser(c), c.req.valid('param').id, c.req.valid('json').status)),
  )
  .get(
    '/festivals/:id/organizers',
    doc({
      summary: 'Quién organiza un festival',
      access: 'admin',
      responses: { 200: { description: 'Organizadores', schema: z.array(organizerResponse) } },
      errors: [404],
    }),
    validate('param', idParamSchema),
    async (c) => c.json(await festivalOrganizers(await db(), c.req.valid('param').id)),
  )
  .post(
    '/festivals/:id/organizers',
    doc({
      summary: 'Da a una persona el papel de organizador de un festival',
      access: 'admin',
      responses: { 201: { description: 'Organizadores', schema: z.array(organizerResponse) } },
      errors: [404, 409],
    }),
    validate('param', idParamSchema),
    validate('json', grantOrganizerSchema),
    async (c) => {
      const database = await db();
      const { id } = c.req.valid('param');
      await grantOrganizer(database, currentUser(c), id, c.req.valid('json').user_id);
      return c.json(await festivalOrganizers(database, id), 201);
    },
  )
  .delete(
    '/festivals/:id/organizers/:userId',
    doc({
      summary: 'Revoca el papel de organizador',
      access: 'admin',
      responses: { 200: { description: 'Revocado', schema: messageResponse } },
      errors: [404],
    }),
    validate('param', festivalUserParamSchema),
    async (c) => {
      const { id, userId } = c.req.valid('param');
      await revokeOrganizer(await db(), currentUser(c), id, userId);
      return c.json({ message: 'Organizador revocado', id: userId });
    },
  )
  .get(
    '/festivals/:id/history',
    doc({
      summary: 'Historial de cambios de un festival: quién, cuándo, qué campos, antes y después',
      access: 'admin',
      responses: { 200: { description: 'Cambios, el más reciente primero', schema: z.array(festivalChangeResponse) } },
      errors: [404],
    }),
    validate('param', idParamSchema),
    validate('query', historyQuerySchema),
    async (c) => {
      const database = await db();
      const { id } = c.req.valid('param');
      if (!(await findFestival(database, id))) throw notFound('Festival no encontrado', 'festival_not_found');
      return c.json(await festivalHistory(database, id, c.req.valid('query').limit));
    },
  )
  .post(
    '/changes/:id/revert',
    doc({
      summary: 'Deshace un cambio: vuelve a escribir sus valores anteriores',
      access: 'admin',
      responses: { 200: { description: 'El historial del festival', schema: z.array(festivalChangeResponse) } },
      errors: [400, 404, 409],
    }),
    validate('param', idParamSchema),
    async (c) => {
      const database = await db();
      const festivalId = await revertChange(database, currentUser(c), c.req.valid('param').id);
      return c.json(await festivalHistory(database, festivalId, 100));
    },
  )
  .delete(
    '/updates/:id',
    doc({
      summary: 'Oculta una novedad (deja de verse en la página y en el canal)',
      access: 'admin',
      responses: { 200: { description: 'Oculta', schema: messageResponse } },
      errors: [404],
    }),
    validate('param', idParamSchema),
    async (c) => {
      const { id } = c.req.valid('param');
      await hideUpdate(await db(), currentUser(c), id);
      return c.json({ message: 'Novedad oculta', id });
    },
  );
