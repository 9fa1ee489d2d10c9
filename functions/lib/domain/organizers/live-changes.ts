import { TZDate } from '@date-fns/tz';
import { startOfDay } from 'date-fns';
import { and, desc, eq, gte } from 'drizzle-orm';
import type { SetChangeInput } from '#core/organizer-schemas';
import type { SetChange, SetChanges } from '#core/responses/organizers';
import { festivalTimeZone } from '#core/time-zone';
import type { Database, Executor } from '#db/client';
import {
  artistsTable,
  festivalChangesTable,
  festivalEditionsTable,
  festivalsTable,
  lineupEntriesTable,
  outboxTable,
  setChangeDeliveriesTable,
} from '#db/schema';
import { notFound, unprocessable } from '../../errors';
import { log } from '../../log';
import { written } from '../../cache/written';
import { recordChange, type Actor, type WriteOptions } from '../history/changes';
import { deliverSetChange, type SetState } from './set-change-deliveries';

/**
 * Changes of a set on the day (delayed, moved, cancelled, new times), made by an organiser: the
 * lineup entry changes in place (its id, which 'Mi horario' picks, stays), the festival's history
 * records it, a reminder already queued for the old start is dropped (the reminder job writes the
 * new one), and the people who picked the set are told in batches (set-change-deliveries.ts).
 */

const MINUTE = 60_000;
const shift = (iso: string | null, minutes: number) =>
  iso === null ? null : new Date(Date.parse(iso) + minutes * MINUTE).toISOString();

/** The state `input` asks for, from the set's current one. */
export function nextState(current: SetState, input: SetChangeInput): SetState {
  const planned = (iso: string | null) => shift(iso, -current.delay_minutes);
  switch (input.status) {
    case 'cancelled':
      return { ...current, live_status: 'cancelled' };
    case 'delayed': {
      if (current.starts_at === null)
        throw unprocessable(
          'Esta actuación no tiene hora: dale primero un horario con start y end.',
          'set_without_time',
        );
      const minutes = input.delay_minutes!;
      return {
        ...current,
        starts_at: shift(planned(current.starts_at), minutes),
        ends_at: shift(planned(current.ends_at), minutes),
        live_status: 'delayed',
        delay_minutes: minutes,
      };
    }
    default: {
      // New times given: the set's new plan. None: back to its planned times.
      const length =
        current.starts_at && current.ends_at ? Date.parse(current.ends_at) - Date.parse(current.starts_at) : null;
      const starts_at = input.start ?? planned(current.starts_at);
      const ends_at =
        input.end ??
        (input.start ? (length === null ? null : shift(input.start, length / MINUTE)) : planned(current.ends_at));
      return {
        stage: input.stage ?? current.stage,
        starts_at,
        ends_at,
        live_status: input.status,
        delay_minutes: 0,
      };
    }
  }
}

const stateOf = (row: typeof lineupEntriesTable.$inferSelect): SetState => ({
  stage: row.stage,
  starts_at: row.startsAt?.toISOString() ?? null,
  ends_at: row.endsAt?.toISOString() ?? null,
  live_status: row.liveStatus,
  delay_minutes: row.delayMinutes,
});

const setNotFound = () => notFound('Actuación no encontrada', 'set_not_found');

/**
 * Writes a set's new state in one transaction (history, dropped reminder, the delivery to its
 * pickers), then tells the pickers before answering; a failure there leaves the delivery to the
 * worker, which resumes it. Returns the change as 'Cambios de hoy' shows it.
 */
export async function writeSetState(
  database: Database,
  actor: Actor,
  entryId: number,
  state: (current: SetState) => SetState,
  options: WriteOptions = {},
): Promise<SetChange> {
  const { change, festivalId } = await database.transaction(async (tx) => {
    const [found] = await tx
      .select({ entry: lineupEntriesTable, festivalId: festivalEditionsTable.festivalId, artist: artistsTable.name })
      .from(lineupEntriesTable)
      .innerJoin(festivalEditionsTable, eq(festivalEditionsTable.id, lineupEntriesTable.editionId))
      .innerJoin(artistsTable, eq(artistsTable.id, lineupEntriesTable.artistId))
      .where(eq(lineupEntriesTable.id, entryId))
      .for('update', { of: lineupEntriesTable });
    if (!found) throw setNotFound();
    const before = stateOf(found.entry);
    const after = state(before);
    if (after.starts_at && after.ends_at && after.ends_at <= after.starts_at)
      throw unprocessable('La hora de fin debe ser posterior a la de inicio.', 'set_times_order');
    await tx
      .update(lineupEntriesTable)
      .set({
        stage: after.stage,
        startsAt: after.starts_at ? new Date(after.starts_at) : null,
        endsAt: after.ends_at ? new Date(after.ends_at) : null,
        liveStatus: after.live_status,
        delayMinutes: after.delay_minutes,
      })
      .where(eq(lineupEntriesTable.id, entryId));
    const changeId = (await recordChange(tx, {
      festivalId: found.festivalId,
      actor,
      entity: 'set',
      entityId: entryId,
      action: 'live',
      before: { ...before },
      after: { ...after, artist: found.artist },
      revertsId: options.revertsId,
    }))!;
    // The reminder queued for the old start would send people to a set that is not there then.
    if (before.starts_at && (before.starts_at !== after.starts_at || after.live_status === 'cancelled')) {
      await tx
        .update(outboxTable)
        .set({ status: 'dropped', lastError: 'La actuación cambió de hora o se canceló.' })
        .where(and(eq(outboxTable.eventKey, `set:${entryId}:${before.starts_at}`), eq(outboxTable.status, 'pending')));
    }
    await tx
      .insert(setChangeDeliveriesTable)
      .values({ changeId, festivalId: found.festivalId, lineupEntryId: entryId });
    const [row] = await tx.select().from(festivalChangesTable).where(eq(festivalChangesTable.id, changeId));
    return { change: toSetChange(row), festivalId: found.festivalId };
  });
  // The lineup's answers follow their versions; this process's kept answers are read again at once.
  written('edition', festivalId);
  await deliverSetChange(database, change.id).catch((error: unknown) =>
    log().warn({ err: error, changeId: change.id }, 'set change delivery left to the worker'),
  );
  return change;
}

/** PATCH /api/organizer/sets/{lineupEntryId} (the caller's right was checked by the route). */
export const changeSet = (database: Database, actor: Actor, entryId: number, input: SetChangeInput) =>
  writeSetState(database, actor, entryId, (current) => nextState(current, input));

function toSetChange(row: typeof festivalChangesTable.$inferSelect): SetChange {
  const before = (row.before ?? {}) as Partial<SetState>;
  const after = (row.after ?? {}) as Partial<SetState> & { artist?: string };
  return {
    id: row.id,
    lineup_entry_id: row.entityId,
    artist: after.artist ?? '',
    status: after.live_status ?? 'on_time',
    delay_minutes: after.delay_minutes ?? 0,
    stage: after.stage ?? null,
    starts_at: after.starts_at ?? null,
    ends_at: after.ends_at ?? null,
    previous: { stage: before.stage ?? null, starts_at: before.starts_at ?? null, ends_at: before.ends_at ?? null },
    created_at: row.createdAt.toISOString(),
  };
}

/** Start of today on the festival's clock (UTC's when it has no coordinates). */
const startOfFestivalDay = (festival: { latitude: number | null; longitude: number | null }, now = new Date()) =>
  new Date(startOfDay(new TZDate(now, festivalTimeZone(festival) ?? 'UTC')).getTime());

/**
 * GET /api/festivals/{id}/changes?since=: an approved festival's live set changes since `since`
 * (by default since the start of today on its clock), newest first. Two queries, on their index.
 */
export async function setChangesSince(executor: Executor, festivalId: number, since?: string): Promise<SetChanges> {
  const [festival] = await executor
    .select({ latitude: festivalsTable.latitude, longitude: festivalsTable.longitude })
    .from(festivalsTable)
    .where(and(eq(festivalsTable.id, festivalId), eq(festivalsTable.status, 'approved')));
  if (!festival) throw notFound('Festival no encontrado', 'festival_not_found');
  const from = since ? new Date(since) : startOfFestivalDay(festival);
  const rows = await executor
    .select()
    .from(festivalChangesTable)
    .where(
      and(
        eq(festivalChangesTable.festivalId, festivalId),
        eq(festivalChangesTable.action, 'live'),
        gte(festivalChangesTable.createdAt, from),
      ),
    )
    .orderBy(desc(festivalChangesTable.createdAt), desc(festivalChangesTable.id))
    .limit(200);
  return { since: from.toISOString(), changes: rows.map(toSetChange) };
}
