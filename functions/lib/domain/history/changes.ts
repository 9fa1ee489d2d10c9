import { desc, eq, sql } from 'drizzle-orm';
import type { UserRole } from '#core/types';
import type { FestivalChange } from '#core/responses/organizers';
import type { Executor } from '#db/client';
import { festivalChangesTable, usersTable } from '#db/schema';
import { alias } from 'drizzle-orm/pg-core';

/**
 * A festival's change history: every write of the domain (a festival's fields, its editions,
 * lineups, tickets and live set changes) records here, in its own transaction, who made it, when,
 * which fields and their values before and after, whoever made it (an admin or an organiser), so
 * an admin can read it and undo one change by writing the before values back through the same
 * write (revert.ts).
 */

/** Who writes: an admin, or a user who organises the festival. */
export interface Actor {
  id: number;
  role: UserRole;
}

export type ChangeEntity = (typeof festivalChangesTable.$inferInsert)['entity'];
export type ChangeAction = (typeof festivalChangesTable.$inferInsert)['action'];
type Values = Record<string, unknown>;

export interface ChangeRecord {
  festivalId: number;
  actor: Actor;
  entity: ChangeEntity;
  entityId: number;
  action: ChangeAction;
  before: Values | null;
  after: Values | null;
  /** The change this write undoes (one revert per change: the database refuses a second). */
  revertsId?: number;
  /** Fields that are only written together (latitude and longitude): one moved records both. */
  together?: string[][];
}

/** Options every recorded write takes. */
export interface WriteOptions {
  revertsId?: number;
  /** Who the facts' source names: an approved correction is the community's, whoever approved it. */
  enteredAs?: 'community';
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * Records a change inside the caller's transaction, with only the fields whose value moved (an
 * update that changed nothing records nothing, unless it is a revert). Returns its id, or null.
 */
export async function recordChange(tx: Executor, record: ChangeRecord): Promise<number | null> {
  const keys = [...new Set([...Object.keys(record.before ?? {}), ...Object.keys(record.after ?? {})])];
  let fields = record.action === 'update' ? keys.filter((k) => !same(record.before?.[k], record.after?.[k])) : keys;
  for (const group of record.together ?? [])
    if (group.some((k) => fields.includes(k)))
      fields = [...new Set([...fields, ...group.filter((k) => keys.includes(k))])];
  if (record.action === 'update' && fields.length === 0 && record.revertsId === undefined) return null;
  const pick = (values: Values | null) =>
    values && record.action === 'update' ? Object.fromEntries(fields.map((k) => [k, values[k] ?? null])) : values;
  const [row] = await tx
    .insert(festivalChangesTable)
    .values({
      festivalId: record.festivalId,
      actorId: record.actor.id,
      actorRole: record.actor.role === 'admin' ? 'admin' : 'organizer',
      entity: record.entity,
      entityId: record.entityId,
      action: record.action,
      fields,
      before: pick(record.before),
      after: pick(record.after),
      revertsId: record.revertsId ?? null,
    })
    .returning({ id: festivalChangesTable.id });
  return row.id;
}

/** What can be undone: a field edit, an edition's dates or a new edition, a lineup, tickets, a live change. */
export const revertible = (change: { entity: ChangeEntity; action: ChangeAction }) =>
  change.action === 'update' || change.action === 'live' || (change.entity === 'edition' && change.action === 'create');

const reverter = alias(festivalChangesTable, 'reverter');

/** A festival's history, newest first, with each author's name and the change that undid each one. One query. */
export async function festivalHistory(
  executor: Executor,
  festivalId: number,
  limit: number,
): Promise<FestivalChange[]> {
  const rows = await executor
    .select({
      id: festivalChangesTable.id,
      entity: festivalChangesTable.entity,
      entity_id: festivalChangesTable.entityId,
      action: festivalChangesTable.action,
      fields: festivalChangesTable.fields,
      before: festivalChangesTable.before,
      after: festivalChangesTable.after,
      actor_role: festivalChangesTable.actorRole,
      actorId: festivalChangesTable.actorId,
      actorName: usersTable.name,
      reverts_id: festivalChangesTable.revertsId,
      reverted_by: reverter.id,
      created_at: festivalChangesTable.createdAt,
    })
    .from(festivalChangesTable)
    .leftJoin(usersTable, eq(usersTable.id, festivalChangesTable.actorId))
    .leftJoin(reverter, eq(reverter.revertsId, festivalChangesTable.id))
    .where(eq(festivalChangesTable.festivalId, festivalId))
    .orderBy(sql`${festivalChangesTable.createdAt} desc nulls last`, desc(festivalChangesTable.id))
    .limit(limit);
  return rows.map(({ actorId, actorName, ...row }) => ({
    ...row,
    actor: actorId !== null && actorName !== null ? { id: actorId, name: actorName } : null,
    created_at: row.created_at.toISOString(),
    revertible: revertible(row) && row.reverted_by === null,
  }));
}
