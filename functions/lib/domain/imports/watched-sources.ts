import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import {
  IDENTITY_IMPORT_FIELDS,
  type DetectedChange,
  type ImportField,
  type WatchedSource,
} from '#core/import-schemas';
import type { Database } from '#db/client';
import { detectedChangesTable, festivalOrganizersTable, festivalsTable, watchedSourcesTable } from '#db/schema';
import type { AuthUser } from '../../app-env';
import { badRequest, notFound } from '../../errors';
import { FESTIVAL_NOT_FOUND } from '../festivals/festival-access';
import { applyImport, watchSource } from './apply';

/** A source read wrongly this many times in a row is shown as failing. */
export const FAILING_AFTER = 3;

const SOURCE_NOT_FOUND = 'Fuente vigilada no encontrada.';
const CHANGE_NOT_FOUND = 'Cambio detectado no encontrado.';

const sourceFields = {
  id: watchedSourcesTable.id,
  festival_id: watchedSourcesTable.festivalId,
  festival_name: festivalsTable.name,
  url: watchedSourcesTable.url,
  lastCheckedAt: watchedSourcesTable.lastCheckedAt,
  failures: watchedSourcesTable.failures,
  last_error: watchedSourcesTable.lastError,
};

const toSource = ({
  lastCheckedAt,
  ...row
}: { lastCheckedAt: Date | null } & Omit<WatchedSource, 'last_checked_at' | 'failing'>) => ({
  ...row,
  last_checked_at: lastCheckedAt?.toISOString() ?? null,
  failing: row.failures >= FAILING_AFTER,
});

/** GET /api/admin/sources: every watched source, failing ones first. */
export async function listSources(database: Database): Promise<WatchedSource[]> {
  const rows = await database
    .select(sourceFields)
    .from(watchedSourcesTable)
    .innerJoin(festivalsTable, eq(festivalsTable.id, watchedSourcesTable.festivalId))
    .orderBy(desc(watchedSourcesTable.failures), festivalsTable.name, watchedSourcesTable.id);
  return rows.map(toSource);
}

/** POST /api/admin/sources */
export async function addSource(database: Database, user: AuthUser, festivalId: number, url: string) {
  const [festival] = await database
    .select({ id: festivalsTable.id })
    .from(festivalsTable)
    .where(eq(festivalsTable.id, festivalId));
  if (!festival) throw notFound(FESTIVAL_NOT_FOUND, 'festival_not_found');
  await watchSource(database, festivalId, url, user.id);
  const [row] = await database
    .select(sourceFields)
    .from(watchedSourcesTable)
    .innerJoin(festivalsTable, eq(festivalsTable.id, watchedSourcesTable.festivalId))
    .where(and(eq(watchedSourcesTable.festivalId, festivalId), eq(watchedSourcesTable.url, url)));
  return toSource(row);
}

/** DELETE /api/admin/sources/{id}: its open changes go with it. */
export async function deleteSource(database: Database, id: number) {
  const rows = await database
    .delete(watchedSourcesTable)
    .where(eq(watchedSourcesTable.id, id))
    .returning({ id: watchedSourcesTable.id });
  if (rows.length === 0) throw notFound(SOURCE_NOT_FOUND, 'source_not_found');
}

/** The festivals `user` may act on: every one for an admin, those they organise otherwise. */
const reachable = (user: Pick<AuthUser, 'id' | 'role'>): SQL =>
  user.role === 'admin'
    ? sql`true`
    : sql`exists (select 1 from ${festivalOrganizersTable} o
        where o.festival_id = ${detectedChangesTable.festivalId} and o.user_id = ${user.id})`;

const changeFields = {
  id: detectedChangesTable.id,
  festival_id: detectedChangesTable.festivalId,
  festival_name: festivalsTable.name,
  source_url: watchedSourcesTable.url,
  diff: detectedChangesTable.diff,
  draft: detectedChangesTable.draft,
  status: detectedChangesTable.status,
  updatedAt: detectedChangesTable.updatedAt,
};

function changesQuery(database: Database, where: SQL | undefined) {
  return database
    .select(changeFields)
    .from(detectedChangesTable)
    .innerJoin(festivalsTable, eq(festivalsTable.id, detectedChangesTable.festivalId))
    .innerJoin(watchedSourcesTable, eq(watchedSourcesTable.id, detectedChangesTable.sourceId))
    .where(where);
}

const toChange = ({ updatedAt, ...row }: Awaited<ReturnType<typeof changesQuery>>[number]): DetectedChange => ({
  ...row,
  detected_at: updatedAt.toISOString(),
});

/** 'Cambios detectados' still open: an admin's are every festival's, an organiser's those of their festivals. */
export async function openChanges(database: Database, user: AuthUser): Promise<DetectedChange[]> {
  const rows = await changesQuery(database, and(eq(detectedChangesTable.status, 'open'), reachable(user))).orderBy(
    desc(detectedChangesTable.updatedAt),
  );
  return rows.map(toChange);
}

/** An open change `user` may decide; another festival's (for an organiser) is a 404, as a missing one. */
async function openChange(database: Database, user: AuthUser, id: number) {
  const [row] = await changesQuery(
    database,
    and(eq(detectedChangesTable.id, id), eq(detectedChangesTable.status, 'open'), reachable(user)),
  );
  if (!row) throw notFound(CHANGE_NOT_FOUND, 'detected_change_not_found');
  return row;
}

async function decide(database: Database, user: AuthUser, id: number, status: 'applied' | 'dismissed') {
  await database
    .update(detectedChangesTable)
    .set({ status, decidedBy: user.id, decidedAt: new Date(), updatedAt: new Date() })
    .where(eq(detectedChangesTable.id, id));
}

/**
 * Applies a detected change: the fields asked (all the diff's by default; an organiser's without
 * the identity fields) through the import's own apply, so the same writes, checks and sources follow.
 */
export async function applyDetectedChange(database: Database, user: AuthUser, id: number, fields?: ImportField[]) {
  const change = await openChange(database, user, id);
  const inDiff = change.diff.map((d) => d.field);
  let chosen = fields ?? inDiff.filter((f) => user.role === 'admin' || !IDENTITY_IMPORT_FIELDS.includes(f));
  if (fields?.some((f) => !inDiff.includes(f)))
    throw badRequest('Solo se pueden aplicar los datos que han cambiado.', 'field_not_changed');
  chosen = [...new Set(chosen)];
  if (chosen.length === 0) throw badRequest('No queda ningún dato que puedas aplicar.', 'nothing_to_apply');
  await applyImport(database, user, {
    festival_id: change.festival_id,
    source_url: change.source_url,
    fields: chosen,
    draft: change.draft,
  });
  await decide(database, user, id, 'applied');
  return toChange({ ...change, status: 'applied', updatedAt: new Date() });
}

/** Dismisses a detected change: nothing is written to the festival. */
export async function dismissDetectedChange(database: Database, user: AuthUser, id: number) {
  const change = await openChange(database, user, id);
  await decide(database, user, id, 'dismissed');
  return toChange({ ...change, status: 'dismissed', updatedAt: new Date() });
}
