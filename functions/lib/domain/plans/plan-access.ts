import { and, eq } from 'drizzle-orm';
import type { Executor } from '#db/client';
import { planMembersTable, plansTable } from '#db/schema';
import { notFound } from '../../errors';
import { siteUrl } from '../../mail/site-url';

export const PLAN_NOT_FOUND = 'Plan no encontrado';

/** The one answer for a plan the caller may not reach: never telling hidden from missing. */
export const planNotFound = () => notFound(PLAN_NOT_FOUND, 'plan_not_found');

export type PlanRow = typeof plansTable.$inferSelect;

/**
 * The plan when the caller is a member; 404 otherwise (members only see a plan, decision 096).
 * `forUpdate` locks the plan row: joins, removals and rotations of one plan take turns.
 */
export async function planOfMember(
  executor: Executor,
  planId: number,
  userId: number,
  { forUpdate = false } = {},
): Promise<PlanRow & { notify: boolean }> {
  const query = executor
    .select({ plan: plansTable, notify: planMembersTable.notify })
    .from(plansTable)
    .innerJoin(planMembersTable, and(eq(planMembersTable.planId, plansTable.id), eq(planMembersTable.userId, userId)))
    .where(eq(plansTable.id, planId));
  const [row] = forUpdate ? await query.for('update', { of: plansTable }) : await query;
  if (!row) throw planNotFound();
  return { ...row.plan, notify: row.notify };
}

/** The plan when the caller owns it; 404 for anyone else, members included (it is not theirs to manage). */
export async function planOfOwner(executor: Executor, planId: number, userId: number, options = {}) {
  const plan = await planOfMember(executor, planId, userId, options);
  if (plan.ownerId !== userId) throw planNotFound();
  return plan;
}

/** The link a member shares: the SPA's join page, which asks to sign in and then joins. */
export const inviteUrl = (token: string) => siteUrl(`/planes/unirse/${token}`);
