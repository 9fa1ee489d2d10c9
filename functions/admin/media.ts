import { and, eq, isNull, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { adminMediaSchema, mediaListQuerySchema, moderationDecisionSchema, QUEUE_DEFAULT_LIMIT } from '#core/admin-schemas';
import { idParamSchema } from '#core/festival-schemas';
import type { Database } from '#db/client';
import { festivalsTable, mediaTable, uploadsTable } from '#db/schema';
import type { AppEnv } from '../lib/app-env';
import { recordAudit } from '../lib/audit';
import { currentUser } from '../lib/auth';
import { db } from '../lib/db';
import { notFound, pgConstraint, pgErrorCode } from '../lib/errors';
import { removeStoredObjects, storageKeyForUrl } from '../lib/festival-deletion';
import { notify } from '../lib/notifications';
import { validate } from '../lib/validate';
import { JSON_CONTENT_TYPE, jsonArray, mediaJson } from './json-lists';
import { alreadyModerated, mediaDecisionMessage } from './moderation';
import type { AdminMedia } from '#core/response-schemas';
import { adminMediaResponse, hiddenMediaResponse, messageResponse } from '#core/response-schemas';
import { documenter } from '../lib/openapi';
import { z } from '#core/zod';

const doc = documenter('Administración');

const mediaNotFound = () => notFound('Contenido no encontrado', 'media_not_found');

async function findAdminMedia(database: Database, id: number): Promise<AdminMedia> {
  const [media] = JSON.parse(await jsonArray(database, mediaJson(eq(mediaTable.id, id), { limit: 1 }))) as AdminMedia[];
  if (!media) throw mediaNotFound();
  return media;
}

/** Festival and user must exist; the foreign keys say which one is missing. */
function rethrowMissingRelation(error: unknown): never {
  if (pgErrorCode(error) === '23503') {
    const constraint = pgConstraint(error) ?? '';
    if (constraint.includes('festival')) throw notFound('Festival no encontrado', 'festival_not_found');
    if (constraint.includes('user')) throw notFound('Usuario no encontrado', 'user_not_found');
  }
  throw error;
}

export const mediaRoutes = new Hono<AppEnv>()
  .get('/pending-media', doc({ summary: 'Fotos y vídeos pendientes de moderación', access: 'admin', responses: { 200: { description: 'Contenido pendiente', schema: z.array(adminMediaResponse) } } }), validate('query', mediaListQuerySchema), async (c) => {
    const { limit = QUEUE_DEFAULT_LIMIT, offset = 0, festival_id } = c.req.valid('query');
    const where = and(eq(mediaTable.status, 'pending'), festival_id ? eq(mediaTable.festivalId, festival_id) : undefined)!;
    return c.body(await jsonArray(await db(), mediaJson(where, { limit, offset })), 200, JSON_CONTENT_TYPE);
  })
  .get('/media', doc({ summary: 'Todo el contenido de la galería', access: 'admin', responses: { 200: { description: 'Contenido', schema: z.array(adminMediaResponse) } } }), validate('query', mediaListQuerySchema), async (c) => {
    const { limit = QUEUE_DEFAULT_LIMIT, offset = 0, festival_id, status } = c.req.valid('query');
    const where = and(sql`true`, status ? eq(mediaTable.status, status) : undefined, festival_id ? eq(mediaTable.festivalId, festival_id) : undefined)!;
    return c.body(await jsonArray(await db(), mediaJson(where, { limit, offset })), 200, JSON_CONTENT_TYPE);
  })
  .patch('/media/:id/approve', doc({ summary: 'Aprueba o rechaza un contenido pendiente', access: 'admin', responses: { 200: { description: 'El contenido', schema: adminMediaResponse } }, errors: [404, 409] }), validate('param', idParamSchema), validate('json', moderationDecisionSchema), async (c) => {
    const { id } = c.req.valid('param');
    const { status } = c.req.valid('json');
    const admin = currentUser(c);
    const database = await db();
    await database.transaction(async (tx) => {
      const [moved] = await tx
        .update(mediaTable)
        .set({ status, reviewedAt: new Date() })
        .where(and(eq(mediaTable.id, id), eq(mediaTable.status, 'pending')))
        .returning({ userId: mediaTable.userId, type: mediaTable.type, festivalId: mediaTable.festivalId });
      if (!moved) {
        const [existing] = await tx.select({ status: mediaTable.status }).from(mediaTable).where(eq(mediaTable.id, id));
        if (!existing) throw mediaNotFound();
        throw alreadyModerated('media', existing.status);
      }
      if (moved.userId) {
        const [festival] = await tx.select({ name: festivalsTable.name }).from(festivalsTable).where(eq(festivalsTable.id, moved.festivalId));
        await notify(tx, moved.userId, 'media', mediaDecisionMessage(festival.name, moved.type, status));
      }
      await recordAudit(tx, {
        actorId: admin.id,
        action: status === 'approved' ? 'approve' : 'reject',
        entity: 'media',
        entityId: id,
        details: { festival_id: moved.festivalId, user_id: moved.userId },
      });
    });
    return c.json(await findAdminMedia(database, id));
  })
  // The API contract keeps GET for this action; the admin-only, no-store answer keeps it out of caches.
  .get('/media/:id/hide', doc({ summary: 'Oculta un contenido de la galería', access: 'admin', responses: { 200: { description: 'Contenido ocultado', schema: hiddenMediaResponse } }, errors: [404] }), validate('param', idParamSchema), async (c) => {
    const { id } = c.req.valid('param');
    const admin = currentUser(c);
    const hidden = await (await db()).transaction(async (tx) => {
      const [row] = await tx
        .update(mediaTable)
        .set({ hiddenAt: sql`coalesce(${mediaTable.hiddenAt}, now())` })
        .where(eq(mediaTable.id, id))
        .returning({ hiddenAt: mediaTable.hiddenAt, festivalId: mediaTable.festivalId, url: mediaTable.url });
      if (!row) throw mediaNotFound();
      await recordAudit(tx, { actorId: admin.id, action: 'hide', entity: 'media', entityId: id, details: { festival_id: row.festivalId, url: row.url } });
      return row;
    });
    return c.json({ message: 'Contenido ocultado', id, hidden_at: hidden.hiddenAt });
  })
  .post('/media', doc({ summary: 'Añade un contenido (URL o imagen subida)', access: 'admin', responses: { 201: { description: 'El contenido creado', schema: adminMediaResponse } }, errors: [404] }), validate('json', adminMediaSchema), async (c) => {
    const input = c.req.valid('json');
    const admin = currentUser(c);
    const database = await db();
    const id = await database
      .transaction(async (tx) => {
        const storageKey = await storageKeyForUrl(tx, input.url);
        const [row] = await tx
          .insert(mediaTable)
          .values({
            festivalId: input.festival_id,
            userId: input.user_id,
            type: input.type,
            url: input.url,
            storageKey,
            caption: input.caption,
            comment: input.comment,
            status: input.status,
            reviewedAt: input.status === 'pending' ? null : new Date(),
          })
          .returning({ id: mediaTable.id });
        if (storageKey) {
          await tx
            .update(uploadsTable)
            .set({ mediaId: row.id, festivalId: sql`coalesce(${uploadsTable.festivalId}, ${input.festival_id})` })
            .where(and(eq(uploadsTable.key, storageKey), isNull(uploadsTable.mediaId)));
        }
        await recordAudit(tx, {
          actorId: admin.id,
          action: 'create',
          entity: 'media',
          entityId: row.id,
          details: { festival_id: input.festival_id, user_id: input.user_id, status: input.status, url: input.url },
        });
        return row.id;
      })
      .catch(rethrowMissingRelation);
    return c.json(await findAdminMedia(database, id), 201);
  })
  .put('/media/:id', doc({ summary: 'Edita un contenido', access: 'admin', responses: { 200: { description: 'El contenido', schema: adminMediaResponse } }, errors: [404] }), validate('param', idParamSchema), validate('json', adminMediaSchema), async (c) => {
    const { id } = c.req.valid('param');
    const input = c.req.valid('json');
    const admin = currentUser(c);
    const database = await db();
    const replacedKey = await database
      .transaction(async (tx) => {
        const [before] = await tx
          .select({ status: mediaTable.status, storageKey: mediaTable.storageKey, url: mediaTable.url })
          .from(mediaTable)
          .where(eq(mediaTable.id, id))
          .for('update');
        if (!before) throw mediaNotFound();
        const storageKey = input.url === before.url ? before.storageKey : await storageKeyForUrl(tx, input.url);
        await tx
          .update(mediaTable)
          .set({
            festivalId: input.festival_id,
            userId: input.user_id,
            type: input.type,
            url: input.url,
            storageKey,
            caption: input.caption,
            comment: input.comment,
            status: input.status,
            ...(input.status !== before.status ? { reviewedAt: input.status === 'pending' ? null : new Date() } : {}),
          })
          .where(eq(mediaTable.id, id));
        if (before.status === 'pending' && input.status !== 'pending') {
          const [festival] = await tx.select({ name: festivalsTable.name }).from(festivalsTable).where(eq(festivalsTable.id, input.festival_id));
          await notify(tx, input.user_id, 'media', mediaDecisionMessage(festival.name, input.type, input.status));
        }
        await recordAudit(tx, {
          actorId: admin.id,
          action: 'update',
          entity: 'media',
          entityId: id,
          details: {
            festival_id: input.festival_id,
            user_id: input.user_id,
            ...(input.status !== before.status ? { status: { from: before.status, to: input.status } } : {}),
            ...(input.url !== before.url ? { url: { from: before.url, to: input.url } } : {}),
          },
        });
        return before.storageKey && before.storageKey !== storageKey ? before.storageKey : null;
      })
      .catch(rethrowMissingRelation);
    if (replacedKey) await removeStoredObjects(database, [replacedKey]);
    return c.json(await findAdminMedia(database, id));
  })
  .delete('/media/:id', doc({ summary: 'Borra un contenido', access: 'admin', responses: { 200: { description: 'Contenido eliminado', schema: messageResponse } }, errors: [404] }), validate('param', idParamSchema), async (c) => {
    const { id } = c.req.valid('param');
    const admin = currentUser(c);
    const database = await db();
    const removed = await database.transaction(async (tx) => {
      const [row] = await tx
        .delete(mediaTable)
        .where(eq(mediaTable.id, id))
        .returning({ storageKey: mediaTable.storageKey, festivalId: mediaTable.festivalId, url: mediaTable.url, userId: mediaTable.userId });
      if (!row) throw mediaNotFound();
      await recordAudit(tx, {
        actorId: admin.id,
        action: 'delete',
        entity: 'media',
        entityId: id,
        details: { festival_id: row.festivalId, user_id: row.userId, url: row.url, storage_key: row.storageKey },
      });
      return row;
    });
    if (removed.storageKey) await removeStoredObjects(database, [removed.storageKey]);
    return c.json({ message: 'Contenido eliminado correctamente', id });
  });
