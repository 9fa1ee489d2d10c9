import { Hono } from 'hono';
import {
  adminFestivalsQuerySchema,
  listQuerySchema,
  moderationDecisionSchema,
  QUEUE_DEFAULT_LIMIT,
} from '#core/admin-schemas';
import { adminFestivalSchema, idParamSchema } from '#core/festival-schemas';
import type { AppEnv } from '../lib/app-env';
import { currentUser } from '../lib/auth';
import { db } from '../lib/db';
import { notFound } from '../lib/errors';
import { deleteFestivalWithMedia } from '../lib/festival-deletion';
import { findFestival } from '../lib/domain/festivals/festival-rows';
import { adminFestivals, pendingFestivalsJson } from '../lib/domain/festivals/admin-festival-lists';
import { createFestival, editFestival } from '../lib/domain/festivals/write-festivals';
import { validate } from '../lib/validate';
import { JSON_CONTENT_TYPE } from './json-lists';
import { decideFestival } from '../lib/domain/festivals/moderate-festival';
import { festivalResponse, messageResponse, pendingFestivalResponse } from '#core/response-schemas';
import { documenter } from '../lib/openapi';
import { z } from '#core/zod';
import { FESTIVAL_NOT_FOUND } from '../lib/domain/festivals/festival-access';

const doc = documenter('Administración');

const festivalNotFound = () => notFound(FESTIVAL_NOT_FOUND, 'festival_not_found');

async function rawKeys(c: { req: { json(): Promise<unknown> } }): Promise<Set<string>> {
  // Hono caches the parsed body, so this reads what the validator already parsed.
  const raw = await c.req.json();
  return new Set(raw && typeof raw === 'object' ? Object.keys(raw) : []);
}

export const festivalRoutes = new Hono<AppEnv>()
  .get(
    '/pending-festivals',
    doc({
      summary: 'Festivales propuestos pendientes, con sus posibles duplicados',
      access: 'admin',
      responses: { 200: { description: 'Propuestas', schema: z.array(pendingFestivalResponse) } },
    }),
    validate('query', listQuerySchema),
    async (c) => {
      const { limit = QUEUE_DEFAULT_LIMIT, offset = 0 } = c.req.valid('query');
      return c.body(await pendingFestivalsJson(await db(), { limit, offset }), 200, JSON_CONTENT_TYPE);
    },
  )
  // Grouped by status: pending (newest first), approved (by start date, as the public list), rejected (newest first).
  .get(
    '/festivals',
    doc({
      summary: 'Todos los festivales por estado',
      access: 'admin',
      responses: { 200: { description: 'Festivales', schema: z.array(festivalResponse) } },
    }),
    validate('query', adminFestivalsQuerySchema),
    async (c) => {
      return c.json(await adminFestivals(await db(), c.req.valid('query').status));
    },
  )
  .patch(
    '/festivals/:id/approve',
    doc({
      summary: 'Aprueba o rechaza un festival propuesto',
      access: 'admin',
      responses: { 200: { description: 'El festival', schema: festivalResponse } },
      errors: [404, 409],
    }),
    validate('param', idParamSchema),
    validate('json', moderationDecisionSchema),
    async (c) => {
      const { id } = c.req.valid('param');
      const { status } = c.req.valid('json');
      const admin = currentUser(c);
      const database = await db();
      await decideFestival(database, admin, id, status);
      return c.json(await findFestival(database, id));
    },
  )
  .post(
    '/festivals',
    doc({
      summary: 'Crea un festival (aprobado)',
      access: 'admin',
      responses: { 201: { description: 'El festival', schema: festivalResponse } },
      errors: [409],
    }),
    validate('json', adminFestivalSchema),
    async (c) => {
      const database = await db();
      const id = await createFestival(database, currentUser(c), c.req.valid('json'));
      return c.json(await findFestival(database, id), 201);
    },
  )
  .put(
    '/festivals/:id',
    doc({
      summary: 'Edita un festival',
      access: 'admin',
      responses: { 200: { description: 'El festival', schema: festivalResponse } },
      errors: [404, 409],
    }),
    validate('param', idParamSchema),
    validate('json', adminFestivalSchema),
    async (c) => {
      const { id } = c.req.valid('param');
      const present = await rawKeys(c);
      const database = await db();
      await editFestival(database, currentUser(c), id, c.req.valid('json'), present);
      return c.json(await findFestival(database, id));
    },
  )
  .delete(
    '/festivals/:id',
    doc({
      summary: 'Borra un festival y su contenido',
      access: 'admin',
      responses: { 200: { description: 'Festival eliminado', schema: messageResponse } },
      errors: [404],
    }),
    validate('param', idParamSchema),
    async (c) => {
      const { id } = c.req.valid('param');
      const deleted = await deleteFestivalWithMedia(await db(), id, currentUser(c).id);
      if (!deleted) throw festivalNotFound();
      return c.json({ message: 'Festival eliminado correctamente', id });
    },
  );
