import { and, eq } from 'drizzle-orm';
import type { CommentBody } from '#core/community-schemas';
import type { Database, Executor } from '#db/client';
import { commentsTable, festivalEditionsTable } from '#db/schema';
import type { Comment } from '#core/response-schemas';
import type { AuthUser } from '../../app-env';
import { recordAudit } from '../audit/audit';
import { badRequest, conflict, forbidden, notFound } from '../../errors';
import { movePending, recordDecision } from '../moderation';
import { commentColumns, toComment } from './read-comments';
import { written } from '../../cache/written';

/**
 * The moves of a comment: posted pending by a signed-in user; approved by an admin (its rating
 * then counts); rejected by an admin, which deletes it; deleted by its author or by an admin.
 * Every admin move is audited in the same transaction.
 */

const commentNotFound = () => notFound('Comentario no encontrado', 'comment_not_found');

/**
 * Inserts a pending comment by `user`; it waits in the admins' queue and counts once approved.
 * A comment about an edition (`edition_year`) needs the festival to have one that year.
 */
export async function insertComment(tx: Executor, user: AuthUser, input: CommentBody): Promise<Comment> {
  const editionYear = input.edition_year ?? null;
  if (editionYear !== null) {
    const [edition] = await tx
      .select({ id: festivalEditionsTable.id })
      .from(festivalEditionsTable)
      .where(and(eq(festivalEditionsTable.festivalId, input.festival_id), eq(festivalEditionsTable.year, editionYear)))
      .limit(1);
    if (!edition) throw badRequest(`Este festival no tiene edición en ${editionYear}.`, 'unknown_edition');
  }
  const [row] = await tx
    .insert(commentsTable)
    .values({
      festivalId: input.festival_id,
      userId: user.id,
      content: input.content,
      rating: input.rating,
      editionYear,
      status: 'pending',
    })
    .returning(commentColumns);
  return toComment({ ...row, User: { id: user.id, name: user.name, avatar_url: user.avatar_url } });
}

/**
 * Deletes comment `id` for `user`: their own, or anyone's when they are an admin (audited).
 * Photos sent with the comment stay in the gallery (their comment_id becomes null).
 */
export async function deleteComment(database: Database, user: AuthUser, id: number): Promise<void> {
  const [comment] = await database
    .select({
      userId: commentsTable.userId,
      festivalId: commentsTable.festivalId,
      content: commentsTable.content,
      rating: commentsTable.rating,
    })
    .from(commentsTable)
    .where(eq(commentsTable.id, id))
    .limit(1);
  if (!comment) throw notFound('Comentario no encontrado.', 'comment_not_found');
  const moderating = comment.userId !== user.id;
  if (moderating && user.role !== 'admin') throw forbidden('Solo puedes borrar tus propios comentarios.', 'not_owner');
  await database.transaction(async (tx) => {
    await tx.delete(commentsTable).where(eq(commentsTable.id, id));
    if (moderating) {
      await recordAudit(tx, {
        actorId: user.id,
        action: 'delete',
        entity: 'comment',
        entityId: id,
        details: {
          festival_id: comment.festivalId,
          user_id: comment.userId,
          content: comment.content,
          rating: comment.rating,
        },
      });
    }
  });
  written('comment', comment.festivalId);
}

/** Approves a pending comment (its rating starts counting); a second decision is a 409. */
export async function approveComment(database: Database, admin: AuthUser, id: number): Promise<void> {
  const festivalId = await database.transaction(async (tx) => {
    const moved = await movePending({
      move: () =>
        tx
          .update(commentsTable)
          .set({ status: 'approved', reviewedAt: new Date(), reviewedBy: admin.id })
          .where(and(eq(commentsTable.id, id), eq(commentsTable.status, 'pending')))
          .returning({ festivalId: commentsTable.festivalId, userId: commentsTable.userId }),
      current: () => tx.select({ status: commentsTable.status }).from(commentsTable).where(eq(commentsTable.id, id)),
      missing: commentNotFound,
      decided: () => conflict('Este comentario ya fue aprobado.', 'already_moderated'),
    });
    await recordDecision(tx, admin.id, 'approved', 'comment', id, {
      festival_id: moved.festivalId,
      user_id: moved.userId,
    });
    return moved.festivalId;
  });
  written('comment', festivalId);
}

/** Rejecting deletes the comment (a pending one never counted in the festival's average); the audit keeps what it said. */
export async function rejectComment(database: Database, admin: AuthUser, id: number): Promise<void> {
  const festivalId = await database.transaction(async (tx) => {
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
    return removed.festivalId;
  });
  written('comment', festivalId);
}
