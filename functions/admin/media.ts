import { Hono } from 'hono';
import {
  adminMediaSchema,
  mediaListQuerySchema,
  moderationDecisionSchema,
  QUEUE_DEFAULT_LIMIT,
} from '#core/admin-schemas';
import { idParamSchema } from '#core/festival-schemas';
import type { AppEnv } from '../lib/app-env';
import { currentUser } from '../lib/auth';
import { db } from '../lib/db';
import { findAdminMedia, listAdminMedia } from '../lib/domain/media/read-media';
import { readMediaFile } from '../lib/domain/media/hidden-files';
import { createMedia, decideMedia, deleteMedia, hideMedia, updateMedia } from '../lib/domain/media/write-media';
import { validate } from '../lib/validate';
import { JSON_CONTENT_TYPE } from './json-lists';
import { adminMediaResponse, hiddenMediaResponse, messageResponse } from '#core/response-schemas';
import { documenter } from '../lib/openapi';
import { z } from '#core/zod';

const doc = documenter('Administración');

export const mediaRoutes = new Hono<AppEnv>()
  .get(
    '/pending-media',
    doc({
      summary: 'Fotos y vídeos pendientes de moderación',
      access: 'admin',
      responses: { 200: { description: 'Contenido pendiente', schema: z.array(adminMediaResponse) } },
    }),
    validate('query', mediaListQuerySchema),
    async (c) => {
      const { limit = QUEUE_DEFAULT_LIMIT, offset = 0, festival_id } = c.req.valid('query');
      return c.body(
        await listAdminMedia(await db(), { status: 'pending', festivalId: festival_id }, { limit, offset }),
        200,
        JSON_CONTENT_TYPE,
      );
    },
  )
  .get(
    '/media',
    doc({
      summary: 'Todo el contenido de la galería',
      access: 'admin',
      responses: { 200: { description: 'Contenido', schema: z.array(adminMediaResponse) } },
    }),
    validate('query', mediaListQuerySchema),
    async (c) => {
      const { limit = QUEUE_DEFAULT_LIMIT, offset = 0, festival_id, status } = c.req.valid('query');
      return c.body(
        await listAdminMedia(await db(), { status, festivalId: festival_id }, { limit, offset }),
        200,
        JSON_CONTENT_TYPE,
      );
    },
  )
  .patch(
    '/media/:id/approve',
    doc({
      summary: 'Aprueba o rechaza un contenido pendiente',
      access: 'admin',
      responses: { 200: { description: 'El contenido', schema: adminMediaResponse } },
      errors: [404, 409],
    }),
    validate('param', idParamSchema),
    validate('json', moderationDecisionSchema),
    async (c) => {
      const { id } = c.req.valid('param');
      const database = await db();
      await decideMedia(database, currentUser(c), id, c.req.valid('json').status);
      return c.json(await findAdminMedia(database, id));
    },
  )
  // The API contract keeps GET for this action; the admin-only, no-store answer keeps it out of caches.
  .get(
    '/media/:id/hide',
    doc({
      summary: 'Oculta un contenido de la galería',
      access: 'admin',
      responses: { 200: { description: 'Contenido ocultado', schema: hiddenMediaResponse } },
      errors: [404],
    }),
    validate('param', idParamSchema),
    async (c) => {
      const { id } = c.req.valid('param');
      const hiddenAt = await hideMedia(await db(), currentUser(c), id);
      return c.json({ message: 'Contenido ocultado', id, hidden_at: hiddenAt });
    },
  )
  // A hidden photo answers 404 at its public URL (it moved to a private key): the admin sees it here.
  .get(
    '/media/:id/file',
    doc({
      summary: 'El archivo de una foto guardada, oculta o no',
      access: 'admin',
      responses: { 200: { description: 'La imagen', schema: z.string(), contentType: 'image/*' } },
      errors: [404],
    }),
    validate('param', idParamSchema),
    async (c) => {
      const file = await readMediaFile(await db(), c.req.valid('param').id);
      return c.body(new Uint8Array(file.bytes), 200, {
        'Content-Type': file.contentType,
        'Cache-Control': 'private, no-store',
        'X-Content-Type-Options': 'nosniff',
      });
    },
  )
  .post(
    '/media',
    doc({
      summary: 'Añade un contenido (URL o imagen subida)',
      access: 'admin',
      responses: { 201: { description: 'El contenido creado', schema: adminMediaResponse } },
      errors: [404],
    }),
    validate('json', adminMediaSchema),
    async (c) => {
      const database = await db();
      const id = await createMedia(database, currentUser(c), c.req.valid('json'));
      return c.json(await findAdminMedia(database, id), 201);
    },
  )
  .put(
    '/media/:id',
    doc({
      summary: 'Edita un contenido',
      access: 'admin',
      responses: { 200: { description: 'El contenido', schema: adminMediaResponse } },
      errors: [404],
    }),
    validate('param', idParamSchema),
    validate('json', adminMediaSchema),
    async (c) => {
      const { id } = c.req.valid('param');
      const database = await db();
      await updateMedia(database, currentUser(c), id, c.req.valid('json'));
      return c.json(await findAdminMedia(database, id));
    },
  )
  .delete(
    '/media/:id',
    doc({
      summary: 'Borra un contenido',
      access: 'admin',
      responses: { 200: { description: 'Contenido eliminado', schema: messageResponse } },
      errors: [404],
    }),
    validate('param', idParamSchema),
    async (c) => {
      const { id } = c.req.valid('param');
      await deleteMedia(await db(), currentUser(c), id);
      return c.json({ message: 'Contenido eliminado correctamente', id });
    },
  );
