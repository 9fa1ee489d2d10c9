import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { festivalPath } from '#core/share';
import type { Festival } from '#core/response-schemas';
import type { Organizer } from '#core/responses/organizers';
import type { Database, Executor } from '#db/client';
import { festivalOrganizersTable, festivalsTable, usersTable } from '#db/schema';
import type { AuthUser } from '../../app-env';
import { conflict, notFound } from '../../errors';
import { siteUrl } from '../../mail/site-url';
import { fanOut } from '../alerts/fan-out';
import { recordAudit } from '../audit/audit';
import { FESTIVAL_NOT_FOUND } from '../festivals/festival-access';
import { selectFestivals } from '../festivals/festival-rows';

/** The organisers of each festival: who they are, who granted the role, since when. */

const granter = alias(usersTable, 'granter');

/** GET /api/organizer/festivals: the festivals the user organises, as the festival answer shows them. Two queries. */
export async function organizedFestivals(
  database: Database,
  userId: number,
): Promise<(Festival & { since: string })[]> {
  const rows = await database
    .select({ festivalId: festivalOrganizersTable.festivalId, since: festivalOrganizersTable.createdAt })
    .from(festivalOrganizersTable)
    .where(eq(festivalOrganizersTable.userId, userId));
  if (rows.length === 0) return [];
  const since = new Map(rows.map((r) => [r.festivalId, r.since.toISOString()]));
  const festivals = await selectFestivals(database, inArray(festivalsTable.id, [...since.keys()]));
  return festivals.map((f) => ({ ...f, since: since.get(f.id)! }));
}

/** GET /api/admin/festivals/{id}/organizers */
export async function festivalOrganizers(database: Database, festivalId: number): Promise<Organizer[]> {
  await requireFestival(database, festivalId);
  const rows = await database
    .select({
      userId: usersTable.id,
      name: usersTable.name,
      email: usersTable.email,
      granterId: granter.id,
      granterName: granter.name,
      since: festivalOrganizersTable.createdAt,
    })
    .from(festivalOrganizersTable)
    .innerJoin(usersTable, eq(usersTable.id, festivalOrganizersTable.userId))
    .leftJoin(granter, eq(granter.id, festivalOrganizersTable.grantedBy))
    .where(eq(festivalOrganizersTable.festivalId, festivalId))
    .orderBy(asc(festivalOrganizersTable.createdAt));
  return rows.map((r) => ({
    user: { id: r.userId, name: r.name, email: r.email },
    granted_by: r.granterId !== null && r.granterName !== null ? { id: r.granterId, name: r.granterName } : null,
    since: r.since.toISOString(),
  }));
}

async function requireFestival(executor: Executor, festivalId: number) {
  const [festival] = await executor
    .select({ id: festivalsTable.id, name: festivalsTable.name })
    .from(festivalsTable)
    .where(eq(festivalsTable.id, festivalId));
  if (!festival) throw notFound(FESTIVAL_NOT_FOUND, 'festival_not_found');
  return festival;
}

/** Tells one person something about the festivals they organise: the bell, and email as their preferences allow. */
export async function tellOrganizer(
  tx: Executor,
  userId: number,
  festival: { id: number; name: string },
  eventKey: string,
  message: string,
  action: { label: string; path: string } = { label: 'Abrir mi panel de organización', path: '/organizador' },
): Promise<void> {
  await fanOut(
    tx,
    {
      eventKey,
      type: 'organizer',
      message,
      url: action.path,
      payload: {
        subject: message,
        heading: festival.name,
        paragraphs: [message],
        action: { label: action.label, url: siteUrl(action.path) },
        reason: 'Recibes este aviso porque pediste organizar este festival en Festivales, o lo organizas.',
      },
    },
    sql`select ${userId}::int as user_id`,
  );
}

/**
 * Makes `userId` an organiser of the festival, inside the caller's transaction (an admin's grant or
 * an approved claim). Returns false when they already were.
 */
export async function addOrganizer(tx: Executor, festivalId: number, userId: number, grantedBy: number) {
  const added = await tx
    .insert(festivalOrganizersTable)
    .values({ festivalId, userId, grantedBy })
    .onConflictDoNothing()
    .returning({ userId: festivalOrganizersTable.userId });
  return added.length > 0;
}

/** POST /api/admin/festivals/{id}/organizers: 404 for a festival or person that does not exist, 409 when already. */
export async function grantOrganizer(
  database: Database,
  admin: Pick<AuthUser, 'id'>,
  festivalId: number,
  userId: number,
): Promise<void> {
  await database.transaction(async (tx) => {
    const festival = await requireFestival(tx, festivalId);
    const [user] = await tx.select({ id: usersTable.id }).from(usersTable).where(eq(usersTable.id, userId));
    if (!user) throw notFound('Usuario no encontrado.', 'user_not_found');
    if (!(await addOrganizer(tx, festivalId, userId, admin.id)))
      throw conflict('Esta persona ya organiza el festival.', 'already_organizer');
    await recordAudit(tx, {
      actorId: admin.id,
      action: 'create',
      entity: 'organizer',
      entityId: festivalId,
      details: { user_id: userId },
    });
    await tellOrganizer(
      tx,
      userId,
      festival,
      `organizer:${festivalId}:${userId}:granted:${Date.now()}`,
      `Ya puedes gestionar ${festival.name} desde tu panel de organización.`,
    );
  });
}

/** DELETE /api/admin/festivals/{id}/organizers/{userId}: 404 when they do not organise it. */
export async function revokeOrganizer(
  database: Database,
  admin: Pick<AuthUser, 'id'>,
  festivalId: number,
  userId: number,
): Promise<void> {
  await database.transaction(async (tx) => {
    const festival = await requireFestival(tx, festivalId);
    const removed = await tx
      .delete(festivalOrganizersTable)
      .where(and(eq(festivalOrganizersTable.festivalId, festivalId), eq(festivalOrganizersTable.userId, userId)))
      .returning({ userId: festivalOrganizersTable.userId });
    if (removed.length === 0) throw notFound('Esta persona no organiza el festival.', 'organizer_not_found');
    await recordAudit(tx, {
      actorId: admin.id,
      action: 'delete',
      entity: 'organizer',
      entityId: festivalId,
      details: { user_id: userId },
    });
    await tellOrganizer(
      tx,
      userId,
      festival,
      `organizer:${festivalId}:${userId}:revoked:${Date.now()}`,
      `Ya no gestionas ${festival.name} en Festivales.`,
      { label: 'Ver el festival', path: festivalPath(festival.id, festival.name) },
    );
  });
}
