import { eq, sql } from 'drizzle-orm';
import type { ReportBody } from '#core/community-schemas';
import type { Database, Executor } from '#db/client';
import { mediaReportsTable, mediaTable, usersTable } from '#db/schema';
import type { MediaReport } from '#core/response-schemas';
import type { AuthUser } from '../../app-env';
import { recordAudit } from '../audit/audit';
import { notFound } from '../../errors';
import { sqlRows } from '../sql-rows';
import { jsonObjectOf, jsonObjectOrNull, type FieldsOf } from '../sql-json';

/**
 * Reports of gallery items: anyone may file one (signed in or not: the reporter is kept when
 * known); admins read them newest first and dismiss them, which removes only the report (hiding
 * the item is a media decision). Dismissals are audited.
 */

/** The admin list's fields, one per key of the answer (core/response-schemas MediaReport). */
const reportFields = {
  id: mediaReportsTable.id,
  media_id: mediaReportsTable.mediaId,
  reason: mediaReportsTable.reason,
  details: mediaReportsTable.details,
  created_at: mediaReportsTable.createdAt,
  Media: { type: mediaTable.type, url: mediaTable.url },
  User: jsonObjectOrNull(usersTable.id, { name: usersTable.name, avatar_url: usersTable.avatarUrl }),
} satisfies FieldsOf<MediaReport>;

/** Files a report on media item `mediaId`, which the caller has checked the reporter may see. */
export async function fileReport(
  database: Executor,
  mediaId: number,
  reporter: AuthUser | null | undefined,
  input: ReportBody,
): Promise<number> {
  const [report] = await database
    .insert(mediaReportsTable)
    .values({ mediaId, userId: reporter?.id ?? null, reason: input.reason, details: input.details })
    .returning({ id: mediaReportsTable.id });
  return report.id;
}

/** The reports, newest first (NULLS LAST as in media_reports_created_idx), as JSON text built by Postgres (decision 012). */
export async function reportsJson(database: Executor, range: { limit: number; offset: number }): Promise<string> {
  const [row] = await sqlRows<{ body: string }>(
    database,
    sql`select coalesce(json_agg(${jsonObjectOf(reportFields)} order by media_reports.created_at desc nulls last, media_reports.id desc), '[]')::text as body
      from (select * from media_reports order by created_at desc nulls last, id desc limit ${range.limit} offset ${range.offset}) media_reports
      join media on media.id = media_reports.media_id
      left join users on users.id = media_reports.user_id`,
  );
  return row?.body ?? '[]';
}

/** Dismisses report `id`: the report goes, the media stays as it is. */
export async function dismissReport(database: Database, admin: AuthUser, id: number): Promise<void> {
  await database.transaction(async (tx) => {
    const [removed] = await tx.delete(mediaReportsTable).where(eq(mediaReportsTable.id, id)).returning();
    if (!removed) throw notFound('Reporte no encontrado', 'report_not_found');
    await recordAudit(tx, {
      actorId: admin.id,
      action: 'dismiss',
      entity: 'media_report',
      entityId: id,
      details: {
        media_id: removed.mediaId,
        reason: removed.reason,
        details: removed.details,
        reporter_id: removed.userId,
      },
    });
  });
}
