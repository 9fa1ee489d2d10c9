import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { listQuerySchema, QUEUE_DEFAULT_LIMIT } from '#core/admin-schemas';
import { idParamSchema } from '#core/festival-schemas';
import { commentsTable } from '#db/schema';
import type { AppEnv } from '../lib/app-env';
import { recordAudit } from '../lib/audit';
import { currentUser } from '../lib/auth';
import { db } from '../lib/db';
import { conflict, notFound } from '../lib/errors';
import { invalidateCatalog } from '../lib/festival-store';
import { validate } from '../lib/validate';
import { JSON_CONTENT_TYPE, commentsJson, jsonArray } from './json-lists';
import type { AdminComment } from '#core/response-schemas';
import { adminCommentResponse, messageResponse } from '#core/response-schemas';
import { documenter } from '../lib/openapi';
import { z } from '#core/zod';

const doc = documenter('Administración');

const commentNotFound = () => notFound('Comentario no encontrado', 'comment_not_found');

export const commentRoutes = new Hono<AppEnv>()
  .get('/comments/pending', doc({ summary: 'Comentarios pendientes de moderación', access: 'admin', responses: { 200: { description: 'Comentarios', schema: z.array(adminCommentResponse) } } }), validate('query', listQuerySchema), async (c) => {
    const { limit = QUEUE_DEFAULT_LIMIT, offset = 0 } = c.req.valid('query');
    return c.body(await jsonArray(await db(), commentsJson(eq(commentsTable.status, 'pending'), { limit, offset })), 200, JSON_CONTENT_TYPE);
  })
  .put('/comments/:id/approve', doc({ summary: 'Aprueba un comentario', access: 'admin', responses: { 200: { description: 'El comentario', schema: adminCommentResponse } }, errors: [404, 409] }), validate('param', idParamSchema), async (c) => {
    const { id } = c.req.valid('param');
    const admin = currentUser(c);
    const database = await db();
    await database.transaction(async (tx) => {
      const [moved] = await tx
        .update(commentsTable)
        .set({ status: 'approved', reviewedAt: new Date(), reviewedBy: admin.id })
        .where(and(eq(commentsTable.id, id), eq(commentsTable.status, 'pending')))
        .returning({ festivalId: commentsTable.festivalId, userId: commentsTable.userId });
      if (!moved) {
        const [existing] = await tx.select({ id: commentsTable.id }).from(commentsTable).where(eq(commentsTable.id, id));
        if (!existing) throw commentNotFound();
        throw conflict('Este comentario ya fue aprobado.', 'already_moderated');
      }
      await recordAudit(tx, { actorId: admin.id, action: 'approve', entity: 'comment', entityId: id, details: { festival_id: moved.festivalId, user_id: moved.userId } });
    });
    // The comment's rating now counts (triggers on comments moved the festival's counters).
    invalidateCatalog();
    const [comment] = JSON.parse(await jsonArray(database, commentsJson(eq(commentsTable.id, id), { limit: 1 }))) as AdminComment[];
    return c.json(comment);
  })
  // Rejecting deletes the comment (a pending one never counted in the festival's average).
  .put('/comments/:id/reject', doc({ summary: 'Rechaza (y borra) un comentario', access: 'admin', responses: { 200: { description: 'Comentario rechazado', schema: messageResponse } }, errors: [404, 409] }), validate('param', idParamSchema), async (c) => {
    const { id } = c.req.valid('param');
    const admin = currentUser(c);
    await (await db()).transaction(async (tx) => {
      const [removed] = await tx.delete(commentsTable).where(eq(commentsTable.id, id)).returning();
      if (!removed) throw commentNotFound();
      await recordAudit(tx, {
        actorId: admin.id,
        action: 'reject',
        entity: 'comment',
        entityId: id,
        details: {
          festival_id: removed.festivalId,
          user_id: removed.userId,
          content: removed.content,
          rating: removed.rating,
          status: removed.status,
          created_at: removed.createdAt,
        },
      });
    });
    invalidateCatalog();
    return c.json({ message: 'Comentario rechazado y eliminado', id });
  });
