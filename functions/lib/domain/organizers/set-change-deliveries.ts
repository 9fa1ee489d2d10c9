import { and, eq, isNull, sql } from 'drizzle-orm';
import { festivalPath } from '#core/share';
import { festivalTimeZone } from '#core/time-zone';
import { setChangeText } from '#core/set-change-text';
import type { Database, Executor } from '#db/client';
import { festivalChangesTable, festivalsTable, setChangeDeliveriesTable } from '#db/schema';
import { siteUrl } from '../../mail/site-url';
import { sqlRows } from '../sql-rows';
import { fanOut, type AlertEvent } from '../alerts/fan-out';
import type { SetState } from '#core/set-change-text';

/**
 * Telling the people who picked a set in 'Mi horario' that it changed: a bell notification and a
 * push (email would arrive too late to matter), as their 'Recordatorios' preferences allow; those
 * who only favourited the festival are not told of each set. In batches of users by id, each in
 * its own transaction that also moves the delivery's cursor: a worker stopped mid-way loses only
 * the batch it had not committed, and the next run resumes after the last one committed. The
 * event's unique keys make a batch written twice a no-op all the same.
 */

export type { SetState } from '#core/set-change-text';

/** Users per batch: a few thousand rows per channel, well under a second on PostgreSQL. */
export const SET_CHANGE_BATCH = 2000;

const PUSH_AND_BELL = { inApp: true, email: false, push: true };

interface Delivery {
  changeId: number;
  festivalId: number;
  entryId: number;
  cursor: number;
  event: AlertEvent;
}

/** The delivery of change `changeId`, locked for this transaction (another worker skips it), with its message. */
async function claim(tx: Executor, changeId: number): Promise<Delivery | undefined> {
  const [row] = await tx
    .select({
      cursor: setChangeDeliveriesTable.cursor,
      festivalId: setChangeDeliveriesTable.festivalId,
      entryId: setChangeDeliveriesTable.lineupEntryId,
      before: festivalChangesTable.before,
      after: festivalChangesTable.after,
      name: festivalsTable.name,
      status: festivalsTable.status,
      latitude: festivalsTable.latitude,
      longitude: festivalsTable.longitude,
    })
    .from(setChangeDeliveriesTable)
    .innerJoin(festivalChangesTable, eq(festivalChangesTable.id, setChangeDeliveriesTable.changeId))
    .innerJoin(festivalsTable, eq(festivalsTable.id, setChangeDeliveriesTable.festivalId))
    .where(and(eq(setChangeDeliveriesTable.changeId, changeId), isNull(setChangeDeliveriesTable.doneAt)))
    .for('update', { of: setChangeDeliveriesTable, skipLocked: true });
  if (!row) return undefined;
  const before = row.before as unknown as SetState;
  const after = row.after as unknown as SetState & { artist: string };
  const { title, body } = setChangeText(after.artist, before, after, festivalTimeZone(row));
  const path = `${festivalPath(row.festivalId, row.name)}/horario`;
  const end = after.ends_at ?? before.ends_at ?? after.starts_at;
  return {
    changeId,
    festivalId: row.festivalId,
    entryId: row.entryId,
    cursor: row.status === 'approved' ? row.cursor : Number.MAX_SAFE_INTEGER,
    event: {
      eventKey: `set-change:${changeId}`,
      type: 'set_change',
      message: body,
      url: path,
      channels: PUSH_AND_BELL,
      payload: {
        subject: title,
        heading: after.artist,
        paragraphs: [body],
        action: { label: 'Ver mi horario', url: siteUrl(path) },
        reason: `Recibes este aviso porque elegiste a ${after.artist} en tu horario de ${row.name}.`,
        // Once the set is over, the news is not worth a push.
        ...(end ? { expiresAt: new Date(Math.max(Date.parse(end), Date.now() + 60 * 60_000)).toISOString() } : {}),
      },
    },
  };
}

/** One batch of change `changeId`; false once everyone was told (or another worker holds it). */
export async function deliverBatch(database: Database, changeId: number, size = SET_CHANGE_BATCH): Promise<boolean> {
  return database.transaction(async (tx) => {
    const delivery = await claim(tx, changeId);
    if (!delivery) return false;
    // A festival that is not public (hidden since) tells nobody: the cursor skips everyone.
    const ids =
      delivery.cursor === Number.MAX_SAFE_INTEGER
        ? []
        : (
            await sqlRows<{ user_id: number }>(
              tx,
              sql`select user_id from timetables
                  where festival_id = ${delivery.festivalId} and ${delivery.entryId} = any(picks) and user_id > ${delivery.cursor}
                  order by user_id limit ${size}`,
            )
          ).map((r) => Number(r.user_id));
    if (ids.length) await fanOut(tx, delivery.event, sql`select unnest(${`{${ids.join(',')}}`}::int[]) as user_id`);
    const done = ids.length < size;
    await tx
      .update(setChangeDeliveriesTable)
      .set({ cursor: ids.at(-1) ?? delivery.cursor, doneAt: done ? new Date() : null })
      .where(eq(setChangeDeliveriesTable.changeId, changeId));
    return !done;
  });
}

/** Every batch of one change, in turn. */
export async function deliverSetChange(database: Database, changeId: number, size = SET_CHANGE_BATCH): Promise<void> {
  while (await deliverBatch(database, changeId, size));
}

/**
 * The worker's run (every few seconds locally, every minute on AWS): the deliveries a request did
 * not finish (its process stopped, the database hiccuped), oldest first. Returns how many it finished.
 */
export async function deliverPendingSetChanges(database: Database, size = SET_CHANGE_BATCH): Promise<number> {
  const open = await database
    .select({ changeId: setChangeDeliveriesTable.changeId })
    .from(setChangeDeliveriesTable)
    .where(isNull(setChangeDeliveriesTable.doneAt))
    .orderBy(setChangeDeliveriesTable.createdAt)
    .limit(50);
  for (const { changeId } of open) await deliverSetChange(database, changeId, size);
  return open.length;
}
