import { and, asc, eq, sql } from 'drizzle-orm';
import type { AttendanceStatus } from '#core/together-schemas';
import type { Database, Executor } from '#db/client';
import { festivalAttendanceCountsTable, festivalAttendanceTable, festivalsTable } from '#db/schema';
import type { AuthUser } from '../../app-env';
import { written } from '../../cache/written';
import { festivalVisibleTo, requireVisibleFestival } from '../festivals/festival-access';

/**
 * 'Voy' / 'Me interesa': one row per person and festival. Who goes is private: only the counts,
 * kept by triggers in festival_attendance_counts (decision 095), are public, on the festival's
 * answer and its card. A festival someone goes to feeds their reminders and calendar feed as a
 * favourite does (alerts/fan-out.ts, feeds/calendar-feed.ts).
 */

export interface AttendanceAnswer {
  status: AttendanceStatus | null;
  going_count: number;
  interested_count: number;
}

async function countsOf(executor: Executor, festivalId: number) {
  const [row] = await executor
    .select({
      going: festivalAttendanceCountsTable.goingCount,
      interested: festivalAttendanceCountsTable.interestedCount,
    })
    .from(festivalAttendanceCountsTable)
    .where(eq(festivalAttendanceCountsTable.festivalId, festivalId));
  return { going_count: row?.going ?? 0, interested_count: row?.interested ?? 0 };
}

/**
 * Sets (or with null clears) the caller's state for a festival they may see, and answers the counts
 * as the write left them. Setting the state it already has writes nothing.
 */
export async function setAttendance(
  database: Database,
  user: AuthUser,
  festivalId: number,
  status: AttendanceStatus | null,
): Promise<AttendanceAnswer> {
  const answer = await database.transaction(async (tx) => {
    await requireVisibleFestival(tx, festivalId, user);
    if (status === null) {
      await tx
        .delete(festivalAttendanceTable)
        .where(and(eq(festivalAttendanceTable.userId, user.id), eq(festivalAttendanceTable.festivalId, festivalId)));
    } else {
      await tx
        .insert(festivalAttendanceTable)
        .values({ userId: user.id, festivalId, status })
        .onConflictDoUpdate({
          target: [festivalAttendanceTable.userId, festivalAttendanceTable.festivalId],
          set: { status, updatedAt: sql`now()` },
          setWhere: sql`${festivalAttendanceTable.status} <> ${status}`,
        });
    }
    return { status, ...(await countsOf(tx, festivalId)) };
  });
  // The counts are part of the catalogue (cards and the festival's answer): its next read shows them.
  written('festival', festivalId);
  return answer;
}

/** GET /api/attendance: the caller's states, for festivals they may still see, oldest change first. */
export async function listAttendance(executor: Executor, user: AuthUser) {
  return executor
    .select({ festival_id: festivalAttendanceTable.festivalId, status: festivalAttendanceTable.status })
    .from(festivalAttendanceTable)
    .innerJoin(festivalsTable, eq(festivalsTable.id, festivalAttendanceTable.festivalId))
    .where(and(eq(festivalAttendanceTable.userId, user.id), festivalVisibleTo(user)))
    .orderBy(asc(festivalAttendanceTable.updatedAt), asc(festivalAttendanceTable.festivalId));
}
