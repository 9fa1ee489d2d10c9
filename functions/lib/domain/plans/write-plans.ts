import { and, count, eq, sql } from 'drizzle-orm';
import { MAX_PLAN_MEMBERS, type MeetingPointInput, type PlanInput } from '#core/together-schemas';
import { firstName } from '#core/plan-clashes';
import type { Database } from '#db/client';
import { planMeetingPointsTable, planMembersTable, plansTable } from '#db/schema';
import type { AuthUser } from '../../app-env';
import { written } from '../../cache/written';
import { conflict, notFound } from '../../errors';
import { siteUrl } from '../../mail/site-url';
import { fanOut } from '../alerts/fan-out';
import { approvedFestival } from '../timetables/timetables';
import { inviteUrl, planNotFound, planOfMember, planOfOwner } from './plan-access';
import { readPlan } from './read-plan';

/*
 * Plans with friends ('Plan con amigos', decision 096): a link-based group for one festival's
 * current edition. Every write checks, in its transaction, that the caller is a member (or the
 * owner, for what only the owner may do); anyone else gets the 404 of a missing plan.
 */

/** Meeting points a plan holds at most: a short list the group reads at a glance. */
export const MAX_MEETING_POINTS = 30;

export const INVITE_NOT_FOUND = 'Este enlace de invitación no existe o se ha renovado.';

/** POST /api/plans: a plan for an approved festival's current edition, its owner its first member. */
export async function createPlan(database: Database, user: AuthUser, input: PlanInput) {
  const { planId } = await database.transaction(async (tx) => {
    const festival = await approvedFestival(tx, input.festival_id);
    const name = input.name?.trim() || `Plan para ${festival.name}`.slice(0, 80);
    const [plan] = await tx
      .insert(plansTable)
      .values({ festivalId: festival.id, editionId: festival.edition, ownerId: user.id, name })
      .returning({ id: plansTable.id });
    await tx.insert(planMembersTable).values({ planId: plan.id, userId: user.id });
    return { planId: plan.id };
  });
  written('plan', planId);
  const plan = await readPlan(database, planId, user.id);
  return {
    id: plan.id,
    festival_id: plan.festival_id,
    name: plan.name,
    invite_url: plan.invite_url!,
    members: plan.members,
  };
}

/**
 * POST /api/plans/join: joins the plan of a current invitation (a rotated one answers 404). Joining
 * twice is not an error; a full plan is (409). Members who asked to be told hear of it, through the
 * outbox written in the same transaction.
 */
export async function joinPlan(database: Database, user: AuthUser, token: string) {
  const joined = await database.transaction(async (tx) => {
    const [plan] = await tx.select().from(plansTable).where(eq(plansTable.inviteToken, token)).for('update');
    if (!plan) throw notFound(INVITE_NOT_FOUND, 'invite_not_found');
    const answer = { id: plan.id, festival_id: plan.festivalId, name: plan.name };
    const [already] = await tx
      .select({ userId: planMembersTable.userId })
      .from(planMembersTable)
      .where(and(eq(planMembersTable.planId, plan.id), eq(planMembersTable.userId, user.id)));
    if (already) return answer;
    const [{ members }] = await tx
      .select({ members: count() })
      .from(planMembersTable)
      .where(eq(planMembersTable.planId, plan.id));
    if (members >= MAX_PLAN_MEMBERS)
      throw conflict(`Este plan ya tiene ${MAX_PLAN_MEMBERS} personas, el máximo.`, 'plan_full');
    await tx.insert(planMembersTable).values({ planId: plan.id, userId: user.id });
    const message = `${firstName(user.name ?? '')} se ha unido a «${plan.name}».`;
    const path = `/planes/${plan.id}`;
    await fanOut(
      tx,
      {
        eventKey: `plan:${plan.id}:joined:${user.id}:${Date.now()}`,
        type: 'plan',
        message,
        url: path,
        payload: {
          subject: message,
          heading: plan.name,
          paragraphs: [message],
          action: { label: 'Ver el plan', url: siteUrl(path) },
          reason: 'Recibes este aviso porque pediste saber quién se une a este plan en Festivales.',
        },
      },
      sql`select user_id from plan_members where plan_id = ${plan.id} and notify and user_id <> ${user.id}`,
    );
    return answer;
  });
  written('plan', joined.id);
  return joined;
}

/** POST /api/plans/{id}/invite (owner): a new link; the old one stops working at once. */
export async function rotateInvite(database: Database, user: AuthUser, planId: number) {
  const rotated = await database.transaction(async (tx) => {
    await planOfOwner(tx, planId, user.id, { forUpdate: true });
    const [row] = await tx
      .update(plansTable)
      .set({ inviteToken: sql`gen_random_uuid()` })
      .where(eq(plansTable.id, planId))
      .returning({ token: plansTable.inviteToken });
    return { invite_url: inviteUrl(row.token) };
  });
  written('plan', planId);
  return rotated;
}

/**
 * DELETE /api/plans/{id}/members/{userId}: the owner removes anyone, a member leaves. Their picks
 * leave the plan with them (picks are read through membership). An owner who leaves hands the plan
 * to the longest-standing other member; the last one out deletes it.
 */
export async function removeMember(database: Database, user: AuthUser, planId: number, memberId: number) {
  await database.transaction(async (tx) => {
    const plan = await planOfMember(tx, planId, user.id, { forUpdate: true });
    if (memberId !== user.id && plan.ownerId !== user.id) throw planNotFound();
    const removed = await tx
      .delete(planMembersTable)
      .where(and(eq(planMembersTable.planId, planId), eq(planMembersTable.userId, memberId)))
      .returning({ userId: planMembersTable.userId });
    if (removed.length === 0) throw notFound('Esa persona no está en el plan.', 'member_not_found');
    await tx
      .delete(planMeetingPointsTable)
      .where(and(eq(planMeetingPointsTable.planId, planId), eq(planMeetingPointsTable.userId, memberId)));
    if (memberId !== plan.ownerId) return;
    const [heir] = await tx
      .select({ userId: planMembersTable.userId })
      .from(planMembersTable)
      .where(eq(planMembersTable.planId, planId))
      .orderBy(planMembersTable.joinedAt, planMembersTable.userId)
      .limit(1);
    if (heir) await tx.update(plansTable).set({ ownerId: heir.userId }).where(eq(plansTable.id, planId));
    else await tx.delete(plansTable).where(eq(plansTable.id, planId));
  });
  written('plan', planId);
}

/** DELETE /api/plans/{id} (owner). */
export async function deletePlan(database: Database, user: AuthUser, planId: number) {
  await database.transaction(async (tx) => {
    await planOfOwner(tx, planId, user.id, { forUpdate: true });
    await tx.delete(plansTable).where(eq(plansTable.id, planId));
  });
  written('plan', planId);
}

/** POST /api/plans/{id}/meeting-points (members). */
export async function addMeetingPoint(database: Database, user: AuthUser, planId: number, input: MeetingPointInput) {
  const point = await database.transaction(async (tx) => {
    await planOfMember(tx, planId, user.id, { forUpdate: true });
    const [{ points }] = await tx
      .select({ points: count() })
      .from(planMeetingPointsTable)
      .where(eq(planMeetingPointsTable.planId, planId));
    if (points >= MAX_MEETING_POINTS)
      throw conflict(
        `El plan ya tiene ${MAX_MEETING_POINTS} puntos de encuentro. Borra alguno antes de añadir otro.`,
        'too_many_points',
      );
    const [row] = await tx
      .insert(planMeetingPointsTable)
      .values({ planId, userId: user.id, note: input.note, latitude: input.lat ?? null, longitude: input.lon ?? null })
      .returning();
    return {
      id: row.id,
      user_id: row.userId,
      author: user.name ?? 'Alguien',
      note: row.note,
      lat: row.latitude,
      lon: row.longitude,
      created_at: row.createdAt.toISOString(),
    };
  });
  written('plan', planId);
  return point;
}

/** DELETE /api/plans/{id}/meeting-points/{pointId}: its author or the plan's owner. */
export async function deleteMeetingPoint(database: Database, user: AuthUser, planId: number, pointId: number) {
  await database.transaction(async (tx) => {
    const plan = await planOfMember(tx, planId, user.id);
    const mine = plan.ownerId === user.id ? sql`true` : eq(planMeetingPointsTable.userId, user.id);
    const deleted = await tx
      .delete(planMeetingPointsTable)
      .where(and(eq(planMeetingPointsTable.id, pointId), eq(planMeetingPointsTable.planId, planId), mine))
      .returning({ id: planMeetingPointsTable.id });
    if (deleted.length === 0) throw notFound('Punto de encuentro no encontrado.', 'meeting_point_not_found');
  });
  written('plan', planId);
}

/** PUT /api/plans/{id}/notifications: the member's own opt-in to hear who joins. */
export async function setPlanNotify(database: Database, user: AuthUser, planId: number, notify: boolean) {
  await planOfMember(database, planId, user.id);
  await database
    .update(planMembersTable)
    .set({ notify })
    .where(and(eq(planMembersTable.planId, planId), eq(planMembersTable.userId, user.id)));
  written('plan', planId);
  return { notify };
}
