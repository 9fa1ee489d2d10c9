import { and, asc, eq, ne, sql } from 'drizzle-orm';
import {
  festivalAttendanceTable,
  festivalsTable,
  planMeetingPointsTable,
  planMembersTable,
  plansTable,
} from '#db/schema';
import type { AccountTable } from './account-data';

/**
 * 'Voy' / 'Me interesa' and plans with friends in the export and the erasure (account-data.ts lists
 * these with the others). A plan the user owns passes to its longest-standing other member, or goes
 * when nobody else is in it; their membership, and with it their picks in the plan, goes.
 */
export const togetherTables: Record<string, AccountTable> = {
  festival_attendance: {
    export: {
      key: 'attendance',
      read: (db, user) =>
        db
          .select({
            festival_id: festivalAttendanceTable.festivalId,
            name: festivalsTable.name,
            status: festivalAttendanceTable.status,
            updated_at: festivalAttendanceTable.updatedAt,
          })
          .from(festivalAttendanceTable)
          .innerJoin(festivalsTable, eq(festivalsTable.id, festivalAttendanceTable.festivalId))
          .where(eq(festivalAttendanceTable.userId, user.id)),
    },
    // The counts drop with the rows (triggers, decision 095).
    erase: async (tx, user) => {
      await tx.delete(festivalAttendanceTable).where(eq(festivalAttendanceTable.userId, user.id));
    },
  },
  // Before plan_members: the owner's plans are handed over while their other members are still listed.
  plans: {
    export: {
      key: 'plans',
      read: (db, user) =>
        db
          .select({
            id: plansTable.id,
            festival_id: plansTable.festivalId,
            festival: festivalsTable.name,
            name: plansTable.name,
            owner: sql<boolean>`${plansTable.ownerId} = ${user.id}`,
            joined_at: planMembersTable.joinedAt,
            notify: planMembersTable.notify,
          })
          .from(planMembersTable)
          .innerJoin(plansTable, eq(plansTable.id, planMembersTable.planId))
          .innerJoin(festivalsTable, eq(festivalsTable.id, plansTable.festivalId))
          .where(eq(planMembersTable.userId, user.id))
          .orderBy(asc(planMembersTable.joinedAt)),
    },
    erase: async (tx, user) => {
      const owned = await tx.select({ id: plansTable.id }).from(plansTable).where(eq(plansTable.ownerId, user.id));
      for (const { id } of owned) {
        const [heir] = await tx
          .select({ userId: planMembersTable.userId })
          .from(planMembersTable)
          .where(and(eq(planMembersTable.planId, id), ne(planMembersTable.userId, user.id)))
          .orderBy(asc(planMembersTable.joinedAt), asc(planMembersTable.userId))
          .limit(1);
        if (heir) await tx.update(plansTable).set({ ownerId: heir.userId }).where(eq(plansTable.id, id));
        else await tx.delete(plansTable).where(eq(plansTable.id, id));
      }
    },
  },
  plan_members: {
    export: { omitted: "The plans the user is in: exported under 'plans'." },
    erase: async (tx, user) => {
      await tx.delete(planMembersTable).where(eq(planMembersTable.userId, user.id));
    },
  },
  plan_meeting_points: {
    export: {
      key: 'plan_meeting_points',
      read: (db, user) =>
        db
          .select({
            id: planMeetingPointsTable.id,
            plan_id: planMeetingPointsTable.planId,
            note: planMeetingPointsTable.note,
            lat: planMeetingPointsTable.latitude,
            lon: planMeetingPointsTable.longitude,
            created_at: planMeetingPointsTable.createdAt,
          })
          .from(planMeetingPointsTable)
          .where(eq(planMeetingPointsTable.userId, user.id)),
    },
    erase: async (tx, user) => {
      await tx.delete(planMeetingPointsTable).where(eq(planMeetingPointsTable.userId, user.id));
    },
  },
};
