import { and, eq, inArray, ne } from 'drizzle-orm';
import { DUPLICATE_FESTIVAL_MESSAGE } from '#core/festival-schemas';
import type { Executor } from '#db/client';
import { festivalsTable } from '#db/schema';
import { AppError, conflict, pgConstraint, pgErrorCode } from '../../errors';

/**
 * Two festivals are duplicates when their name and location match ignoring case, accents and
 * spacing (core/festival-key.ts). The database keeps one approved festival per key and one
 * pending proposal per key and proposer (db/schema/festivals.ts); either clash is the same 409 wherever it
 * happens: a proposal, an admin's create or edit, an approval.
 */
const DUPLICATE_CONSTRAINTS = new Set(['festivals_dedupe_approved_key', 'festivals_dedupe_proposer_key']);

export const duplicateFestival = () => conflict(DUPLICATE_FESTIVAL_MESSAGE, 'duplicate_festival');

/** Whether a failed write broke one of the duplicate keys. */
export const isDuplicateFestival = (error: unknown) =>
  pgErrorCode(error) === '23505' && DUPLICATE_CONSTRAINTS.has(pgConstraint(error) ?? '');

/** The 409 for a write that broke a duplicate key; any other error as it was. */
export function rethrowDuplicateFestival(error: unknown): never {
  if (isDuplicateFestival(error)) throw duplicateFestival();
  throw error;
}

/** The approved festival with the same name and location as festival `id`, if any. */
export async function approvedTwin(database: Executor, id: number): Promise<{ id: number; name: string } | undefined> {
  const key = database.select({ key: festivalsTable.dedupeKey }).from(festivalsTable).where(eq(festivalsTable.id, id));
  const [twin] = await database
    .select({ id: festivalsTable.id, name: festivalsTable.name })
    .from(festivalsTable)
    .where(
      and(eq(festivalsTable.status, 'approved'), ne(festivalsTable.id, id), inArray(festivalsTable.dedupeKey, key)),
    )
    .limit(1);
  return twin;
}

/** An admin approving a proposal whose twin is already approved: which one, so they can reject or edit this one. */
export const approvedTwinConflict = (twin: { id: number; name: string } | undefined) =>
  new AppError(
    'conflict',
    'duplicate_festival',
    twin
      ? `Ya existe un festival aprobado con ese nombre y localización: «${twin.name}». Rechaza esta propuesta o edítala antes de aprobarla.`
      : DUPLICATE_FESTIVAL_MESSAGE,
    twin ? { duplicate_of: twin } : undefined,
  );
