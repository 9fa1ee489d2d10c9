import { Hono } from 'hono';
import { listQuerySchema, QUEUE_DEFAULT_LIMIT } from '#core/admin-schemas';
import { idParamSchema } from '#core/festival-schemas';
import type { AppEnv } from '../lib/app-env';
import { currentUser } from '../lib/auth';
import { db } from '../lib/db';
import { findAdminComment, pendingCommentsJson } from '../lib/domain/comments/read-comments';
import { approveComment, rejectComment } from '../lib/domain/comments/write-comments';
import { validate } from '../lib/validate';
import { JSON_CONTENT_TYPE } from './json-lists';
import { adminCommentResponse, messageResponse } from '#core/response-schemas';
import { documenter } from '../lib/openapi';
import { z } from '#core/zod';

const doc = documenter('Administración');

export const commentRoutes = new Hono<AppEnv>()
  .get(
    '/comments/pending',
    doc({
      summary: 'Comentarios pendientes de moderación',
      access: 'admin',
      responses: { 200: { description: 'Comentarios', schema: z.array(adminCommentResponse) } },
    }),
    validate('query', listQuerySchema),
    async (c) => {
      const { limit = QUEUE_DEFAULT_LIMIT, offset = 0 } = c.req.valid('query');
      return c.body(await pendingCommentsJson(await db(), { limit, offset }), 200, JSON_CONTENT_TYPE);
    },
  )
  .put(
    '/comments/:id/approve',
    doc({
      summary: 'Aprueba un comentario',
      access: 'admin',
      responses: { 200: { description: 'El comentario', schema: adminCommentResponse } },
      errors: [404, 409],
    }),
    validate('param', idParamSchema),
    async (c) => {
      const { id } = c.req.valid('param');
      const database = await db();
      await approveComment(database, currentUser(c), id);
      return c.json(await findAdminComment(database, id));
    },
  )
  .put(
    '/comments/:id/reject',
    doc({
      summary: 'Rechaza (y borra) un comentario',
      access: 'admin',
      responses: { 200: { description: 'Comentario rechazado', schema: messageResponse } },
      errors: [404, 409],
    }),
    validate('param', idParamSchema),
    async (c) => {
      const { id } = c.req.valid('param');
      await rejectComment(await db(), currentUser(c), id);
      return c.json({ message: 'Comentario rechazado y eliminado', id });
    },
  );
