import { COMMENTS_DEFAULT_LIMIT, commentSchema, commentsQuerySchema } from '#core/community-schemas';
import { idParamSchema } from '#core/festival-schemas';
import { createApp } from '../lib/app';
import { currentUser, optionalAuth, requireAuth } from '../lib/auth';
import { db } from '../lib/db';
import { rateLimit } from '../lib/rate-limit';
import {
  discardFiles,
  jsonBodyLimit,
  MULTIPART_MAX_BYTES,
  putImages,
  readImageFiles,
  recordImages,
  type StoredFile,
} from '../lib/multipart-images';
import { validate } from '../lib/validate';
import { requireVisibleFestival } from '../lib/domain/festivals/festival-access';
import { sendListPage } from '../lib/cached-body';
import { festivalComments } from '../lib/domain/comments/read-comments';
import { deleteComment, insertComment } from '../lib/domain/comments/write-comments';
import { commentResponse, commentWithMediaResponse, messageResponse } from '#core/response-schemas';
import { documenter } from '../lib/openapi';
import { z } from '#core/zod';

const doc = documenter('Comentarios');

/**
 * A festival's comments, newest first; `?limit` (default 200, at most 500) and `?offset` page
 * through long lists and X-Total-Count tells how many there are; `?year` keeps those about that
 * edition. Posting may name the edition (`edition_year`); without it the comment is about none.
 */
export const app = createApp('/api/comments', { maxBodyBytes: MULTIPART_MAX_BYTES })
  .get(
    '/festival/:id',
    doc({
      summary: 'Comentarios aprobados de un festival (y los propios pendientes si hay sesión)',
      access: 'optional',
      responses: { 200: { description: 'Comentarios', schema: z.array(commentResponse) } },
      errors: [404],
    }),
    optionalAuth,
    validate('param', idParamSchema),
    validate('query', commentsQuerySchema),
    async (c) => {
      const { id } = c.req.valid('param');
      const { limit = COMMENTS_DEFAULT_LIMIT, offset = 0, year } = c.req.valid('query');
      const page = await festivalComments(await db(), id, { limit, offset, year }, c.get('user'));
      return sendListPage(c, page);
    },
  )
  .post(
    '/',
    doc({
      summary: 'Publica un comentario con puntuación (pendiente de moderación)',
      access: 'user',
      responses: { 201: { description: 'El comentario', schema: commentResponse } },
      errors: [404, 409, 429],
    }),
    jsonBodyLimit,
    requireAuth,
    validate('json', commentSchema),
    rateLimit('comment'),
    async (c) => {
      const user = currentUser(c);
      const input = c.req.valid('json');
      const database = await db();
      await requireVisibleFestival(database, input.festival_id, null);
      const comment = await insertComment(database, user, input);
      return c.json(comment, 201);
    },
  )
  .post(
    '/with-media',
    doc({
      summary: 'Publica un comentario con fotos (multipart)',
      access: 'user',
      responses: { 201: { description: 'El comentario y sus fotos', schema: commentWithMediaResponse } },
      errors: [404, 409, 413, 429],
    }),
    requireAuth,
    validate('form', commentSchema),
    rateLimit('comment'),
    async (c) => {
      const user = currentUser(c);
      const input = c.req.valid('form');
      const images = await readImageFiles(await c.req.formData());
      const database = await db();
      await requireVisibleFestival(database, input.festival_id, null);
      const files: StoredFile[] = await putImages(user.id, 'gallery', images);
      try {
        const result = await database.transaction(async (tx) => {
          const comment = await insertComment(tx, user, input);
          const media = await recordImages(tx, {
            userId: user.id,
            festivalId: input.festival_id,
            purpose: 'gallery',
            files,
            comment: input.content,
            commentId: comment.id,
          });
          return { ...comment, media: media.map((m) => ({ id: m.id, url: m.url, status: 'pending' as const })) };
        });
        return c.json(result, 201);
      } catch (error) {
        await discardFiles(files);
        throw error;
      }
    },
  )
  .delete(
    '/:id',
    doc({
      summary: 'Borra un comentario propio (o cualquiera, administración)',
      access: 'user',
      responses: { 200: { description: 'Comentario borrado', schema: messageResponse } },
      errors: [403, 404],
    }),
    requireAuth,
    validate('param', idParamSchema),
    async (c) => {
      const { id } = c.req.valid('param');
      await deleteComment(await db(), currentUser(c), id);
      return c.json({ message: 'Comentario borrado', id });
    },
  );
