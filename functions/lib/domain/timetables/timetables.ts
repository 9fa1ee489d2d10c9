import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '#db/client';
import { artistsTable, festivalsTable, lineupEntriesTable, timetablesTable, usersTable } from '#db/schema';
import { written } from '../../cache/written';
import { badRequest, notFound } from '../../errors';
import { FESTIVAL_NOT_FOUND } from '../festivals/festival-access';

/**
 * 'Mi horario': one row per person and festival (`timetables`: the picked lineup entry ids and a
 * share token, null when not shared). Every function here reads or writes the caller's own row,
 * so no one else's can be reached except through a token its owner handed out. The reminders
 * before a picked set read the same rows.
 */

export interface TimetableFestival {
  id: number;
  name: string;
  edition: number | null;
  location: string | null;
  /** Where it is: the calendar export reads the festival's time zone from it. */
  latitude: number | null;
  longitude: number | null;
}

export interface TimetableAnswer {
  festival_id: number;
  picks: number[];
  share_token: string | null;
}

const festivalNotFound = () => notFound(FESTIVAL_NOT_FOUND, 'festival_not_found');

/** An approved festival's name and current edition, or 404: timetables are for public festivals only. */
export async function approvedFestival(executor: Executor, id: number): Promise<TimetableFestival> {
  const [festival] = await executor
    .select({
      id: festivalsTable.id,
      name: festivalsTable.name,
      edition: festivalsTable.currentEditionId,
      location: festivalsTable.location,
      latitude: festivalsTable.latitude,
      longitude: festivalsTable.longitude,
    })
    .from(festivalsTable)
    .where(and(eq(festivalsTable.id, id), eq(festivalsTable.status, 'approved')));
  if (!festival) throw festivalNotFound();
  return festival;
}

/** The sets of the festival's current edition among `ids`, with what a calendar event needs. */
export async function setsOf(executor: Executor, editionId: number | null, ids: number[]) {
  if (editionId === null || ids.length === 0) return [];
  return executor
    .select({
      id: lineupEntriesTable.id,
      artist: artistsTable.name,
      stage: lineupEntriesTable.stage,
      startsAt: lineupEntriesTable.startsAt,
      endsAt: lineupEntriesTable.endsAt,
    })
    .from(lineupEntriesTable)
    .innerJoin(artistsTable, eq(artistsTable.id, lineupEntriesTable.artistId))
    .where(and(eq(lineupEntriesTable.editionId, editionId), inArray(lineupEntriesTable.id, ids)));
}

const answer = (
  festivalId: number,
  row: { picks: number[]; shareToken: string | null } | undefined,
): TimetableAnswer =>
  row
    ? { festival_id: festivalId, picks: row.picks, share_token: row.shareToken }
    : { festival_id: festivalId, picks: [], share_token: null };

/** The caller's picks on a festival (empty when they never saved any). */
export async function readTimetable(executor: Executor, userId: number, festivalId: number): Promise<TimetableAnswer> {
  const festival = await approvedFestival(executor, festivalId);
  const [row] = await executor
    .select({ picks: timetablesTable.picks, shareToken: timetablesTable.shareToken })
    .from(timetablesTable)
    .where(and(eq(timetablesTable.userId, userId), eq(timetablesTable.festivalId, festival.id)));
  return answer(festival.id, row);
}

/**
 * Replaces the caller's picks with `picks` (deduplicated, sorted). Every id must be a set of the
 * festival's current lineup, or nothing is written and the 400 names the ones that are not.
 */
export async function saveTimetable(
  executor: Executor,
  userId: number,
  festivalId: number,
  requested: number[],
): Promise<TimetableAnswer> {
  const festival = await approvedFestival(executor, festivalId);
  const picks = [...new Set(requested)].sort((a, b) => a - b);
  const known = new Set((await setsOf(executor, festival.edition, picks)).map((s) => s.id));
  const unknown = picks.filter((id) => !known.has(id));
  if (unknown.length)
    throw badRequest(
      `Estas actuaciones no están en el cartel de este festival: ${unknown.join(', ')}.`,
      'picks_not_in_lineup',
    );
  const [row] = await executor
    .insert(timetablesTable)
    .values({ userId, festivalId: festival.id, picks })
    .onConflictDoUpdate({
      target: [timetablesTable.userId, timetablesTable.festivalId],
      set: { picks, updatedAt: new Date() },
    })
    .returning();
  // The plans its owner is in show the new picks on their next read (decision 096).
  written('plan');
  return answer(festival.id, row);
}

/** Gives the caller's timetable a read-only token, the same one while it stays shared. */
export async function shareTimetable(
  executor: Executor,
  userId: number,
  festivalId: number,
): Promise<TimetableAnswer & { festival: TimetableFestival }> {
  const festival = await approvedFestival(executor, festivalId);
  await executor
    .insert(timetablesTable)
    .values({ userId, festivalId: festival.id, shareToken: randomUUID() })
    .onConflictDoNothing();
  // A second tap keeps the link already sent working.
  const [row] = await executor
    .update(timetablesTable)
    .set({ shareToken: sql`coalesce(${timetablesTable.shareToken}, gen_random_uuid())` })
    .where(and(eq(timetablesTable.userId, userId), eq(timetablesTable.festivalId, festival.id)))
    .returning();
  return { ...answer(festival.id, row), festival };
}

/** Revokes the caller's link: whoever holds it gets a 404 from then on. */
export async function stopSharingTimetable(
  executor: Executor,
  userId: number,
  festivalId: number,
): Promise<TimetableAnswer> {
  const festival = await approvedFestival(executor, festivalId);
  const [row] = await executor
    .update(timetablesTable)
    .set({ shareToken: null })
    .where(and(eq(timetablesTable.userId, userId), eq(timetablesTable.festivalId, festival.id)))
    .returning();
  return answer(festival.id, row);
}

/** The picks behind a share token, with the first name of whoever shared them; 404 once revoked. */
export async function sharedTimetable(executor: Executor, token: string) {
  const [row] = await executor
    .select({ festivalId: timetablesTable.festivalId, picks: timetablesTable.picks, owner: usersTable.name })
    .from(timetablesTable)
    .innerJoin(usersTable, eq(usersTable.id, timetablesTable.userId))
    .innerJoin(
      festivalsTable,
      and(eq(festivalsTable.id, timetablesTable.festivalId), eq(festivalsTable.status, 'approved')),
    )
    .where(eq(timetablesTable.shareToken, token));
  if (!row) throw notFound('Este horario ya no se comparte o el enlace no es correcto.', 'timetable_not_found');
  return { festival_id: row.festivalId, picks: row.picks, owner: (row.owner ?? '').split(' ')[0] || 'Alguien' };
}
