import { DUPLICATE_FESTIVAL_MESSAGE } from '#core/festival-schemas';
import { conflict, pgConstraint, pgErrorCode } from '../../errors';

/**
 * Two festivals are duplicates when their name and location match ignoring case, accents and
 * spacing (core/festival-key.ts). The database keeps one approved festival per key and one
 * pending proposal per key and proposer (db/schema/festivals.ts); either clash is the same 409 wherever it
 * happens: a proposal, an admin's create or edit, an approval.
 */
const DUPLICATE_CONSTRAINTS = new Set(['festivals_dedupe_approved_key', 'festivals_dedupe_proposer_key']);

export const duplicateFestival = () => conflict(DUPLICATE_FESTIVAL_MESSAGE, 'duplicate_festival');

/** Whether a failed write broke one of the duplicate keys. */
export const isDuplicateFestival = (error: unknown) => pgErrorCode(error) === '23505' && DUPLICATE_CONSTRAINTS.has(pgConstraint(error) ?? '');

/** The 409 for a write that broke a duplicate key; any other error as it was. */
export function rethrowDuplicateFestival(error: unknown): never {
  if (isDuplicateFestival(error)) throw duplicateFestival();
  throw error;
}
