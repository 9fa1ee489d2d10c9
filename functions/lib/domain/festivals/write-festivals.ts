import { asc, eq } from 'drizzle-orm';
import { auditLogTable, festivalChangesTable } from '#db/schema';
import type { AdminFestival } from '#core/festival-schemas';
import type { Database, Executor } from '#db/client';
import { festivalGenresTable, festivalsTable, genresTable } from '#db/schema';
import { notFound } from '../../errors';
import { linkUploadToFestival } from '../uploads/upload-keys';
import { announceFestivalEditionChanges, festivalEditionSnapshots } from '../alerts/festival-events';
import { announceApprovedFestival, announceApprovedFestivals } from '../alerts/saved-search-events';
import { recordAudit } from '../audit/audit';
import { festivalDecisionMessage } from '../moderation';
import { notify } from '../notifications/notifications';
import { recordChange, type Actor, type WriteOptions } from '../history/changes';
import { rethrowDuplicateFestival } from './duplicates';
import { insertFestival, insertFestivals, updateFestival, type FestivalInsert } from './festival-row-writes';
import { written } from '../../cache/written';
import { FESTIVAL_NOT_FOUND } from './festival-access';

const festivalNotFound = () => notFound(FESTIVAL_NOT_FOUND, 'festival_not_found');

/** The form's keys that map to a column, and that column; an edit changes only the keys sent. */
const columns = {
  name: 'name',
  location: 'location',
  description: 'description',
  start_date: 'startDate',
  end_date: 'endDate',
  address: 'address',
  website: 'website',
  imageUrl: 'imageUrl',
  status: 'status',
  transportation: 'transportation',
  parking_info: 'parkingInfo',
  accommodation: 'accommodation',
} as const satisfies Partial<Record<keyof AdminFestival, keyof FestivalInsert>>;

type FormKey = keyof typeof columns;
const formKeys = Object.keys(columns) as FormKey[];

function columnValues(input: Partial<AdminFestival>, present: (key: string) => boolean) {
  const values: Partial<FestivalInsert> = {};
  for (const key of formKeys) {
    if (present(key) && input[key] !== undefined) (values as Record<string, unknown>)[columns[key]] = input[key];
  }
  return values;
}

/**
 * An admin's new festival (approved unless the form says otherwise); coordinates typed in the
 * form count as placed by hand. Its image's upload is tied to it, saved searches hear of it, the
 * audit log and its history record it. Returns its id; a duplicate name and location is the 409.
 */
export async function createFestival(database: Database, admin: Actor, input: AdminFestival): Promise<number> {
  const values = columnValues(input, () => true) as FestivalInsert;
  values.status = input.status ?? 'approved';
  if (input.latitude != null && input.longitude != null) {
    Object.assign(values, {
      latitude: input.latitude,
      longitude: input.longitude,
      geocodedFrom: 'manual',
      geocodedAt: new Date(),
    });
  }
  const id = await database
    .transaction(async (tx) => {
      const created = await insertFestival(tx, values, input.genres);
      if (input.imageUrl) await linkUploadToFestival(tx, input.imageUrl, created);
      await announceApprovedFestival(tx, created);
      await recordAudit(tx, {
        actorId: admin.id,
        action: 'create',
        entity: 'festival',
        entityId: created,
        details: { name: input.name, status: values.status },
      });
      await recordChange(tx, {
        festivalId: created,
        actor: admin,
        entity: 'festival',
        entityId: created,
        action: 'create',
        before: null,
        after: { name: input.name, location: input.location, status: values.status },
      });
      return created;
    })
    .catch(rethrowDuplicateFestival);
  written('festival', id);
  return id;
}

/**
 * An admin's bulk import: many new festivals written as createFestival writes one (values, genres,
 * coordinates placed by hand, audit, history, saved searches), in one transaction and a fixed number
 * of statements whatever the count. A name and location already taken fails the whole call (409).
 */
export async function createFestivalsInBulk(
  database: Database,
  admin: Actor,
  inputs: AdminFestival[],
): Promise<number[]> {
  if (inputs.length === 0) return [];
  const now = new Date();
  const rows = inputs.map((input) => {
    const values = columnValues(input, () => true) as FestivalInsert;
    values.status = input.status ?? 'approved';
    if (input.latitude != null && input.longitude != null)
      Object.assign(values, {
        latitude: input.latitude,
        longitude: input.longitude,
        geocodedFrom: 'manual',
        geocodedAt: now,
      });
    return { values, genres: input.genres };
  });
  const ids = await database
    .transaction(async (tx) => {
      const created = await insertFestivals(tx, rows);
      await tx.insert(auditLogTable).values(
        created.map((id, i) => ({
          actorId: admin.id,
          action: 'create',
          entity: 'festival',
          entityId: id,
          details: { name: inputs[i].name, status: rows[i].values.status, bulk: true },
        })),
      );
      await tx.insert(festivalChangesTable).values(
        created.map((id, i) => ({
          festivalId: id,
          actorId: admin.id,
          actorRole: 'admin' as const,
          entity: 'festival' as const,
          entityId: id,
          action: 'create' as const,
          fields: ['name', 'location', 'status'],
          before: null,
          after: { name: inputs[i].name, location: inputs[i].location, status: rows[i].values.status },
        })),
      );
      await announceApprovedFestivals(tx, created);
      return created;
    })
    .catch(rethrowDuplicateFestival);
  written('festival');
  return ids;
}

/** A festival's form fields as they are now (the history's before and after), locked until the transaction ends. */
async function formState(tx: Executor, id: number) {
  const [row] = await tx.select().from(festivalsTable).where(eq(festivalsTable.id, id)).for('update');
  if (!row) return undefined;
  const genres = await tx
    .select({ name: genresTable.name })
    .from(festivalGenresTable)
    .innerJoin(genresTable, eq(genresTable.id, festivalGenresTable.genreId))
    .where(eq(festivalGenresTable.festivalId, id))
    .orderBy(asc(festivalGenresTable.position));
  const form: Record<string, unknown> = Object.fromEntries(formKeys.map((key) => [key, row[columns[key]] ?? null]));
  const all: Record<string, unknown> = {
    ...form,
    latitude: row.latitude,
    longitude: row.longitude,
    genres: genres.map((g) => g.name),
  };
  return { row, form: all };
}

/**
 * An edit of festival `id` by an admin or one of its organisers: only the keys sent (`present`)
 * change their columns. Clearing either coordinate clears both; new ones count as placed by hand.
 * Moving a proposal out of pending tells its proposer, approving it reaches the saved searches,
 * changed editions reach their followers, the audit log records the fields sent and what changed
 * of status and name, and the festival's history every field that moved, before and after.
 */
export async function editFestival(
  database: Database,
  actor: Actor,
  id: number,
  input: Partial<AdminFestival>,
  present: ReadonlySet<string>,
  options: WriteOptions = {},
): Promise<void> {
  await database
    .transaction(async (tx) => {
      const state = await formState(tx, id);
      if (!state) throw festivalNotFound();
      const before = state.row;
      const editionsBefore = await festivalEditionSnapshots(tx, id);
      const values = columnValues(input, (key) => present.has(key));
      if (present.has('latitude') || present.has('longitude')) {
        if (input.latitude == null || input.longitude == null) {
          Object.assign(values, { latitude: null, longitude: null, geocodedFrom: null, geocodedAt: null });
        } else if (input.latitude !== before.latitude || input.longitude !== before.longitude) {
          Object.assign(values, {
            latitude: input.latitude,
            longitude: input.longitude,
            geocodedFrom: 'manual',
            geocodedAt: new Date(),
          });
        }
      }
      const genres = present.has('genres') ? input.genres : undefined;
      await updateFestival(
        tx,
        id,
        { ...values, name: values.name ?? before.name, location: values.location ?? before.location },
        genres,
      );
      await announceFestivalEditionChanges(tx, id, editionsBefore);
      if (input.imageUrl && present.has('imageUrl')) await linkUploadToFestival(tx, input.imageUrl, id);
      const decided = before.status === 'pending' && (values.status === 'approved' || values.status === 'rejected');
      if (before.status !== 'approved' && values.status === 'approved') await announceApprovedFestival(tx, id);
      const name = values.name ?? before.name;
      if (decided && before.proposedBy) {
        await notify(
          tx,
          before.proposedBy,
          'festival',
          festivalDecisionMessage(name, values.status as 'approved' | 'rejected'),
        );
      }
      const sent = [...present].filter((key) => key in input);
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'update',
        entity: 'festival',
        entityId: id,
        details: {
          fields: sent,
          ...(values.status && values.status !== before.status
            ? { status: { from: before.status, to: values.status } }
            : {}),
          ...(name !== before.name ? { name: { from: before.name, to: name } } : {}),
        },
      });
      const after = (await formState(tx, id))!.form;
      // A coordinate sent alone is written with its pair (see above): both are part of the change.
      const keys = [
        ...new Set([
          ...sent,
          ...(sent.some((k) => k === 'latitude' || k === 'longitude') ? ['latitude', 'longitude'] : []),
        ]),
      ].filter((key) => key in state.form);
      await recordChange(tx, {
        festivalId: id,
        actor,
        entity: 'festival',
        entityId: id,
        action: 'update',
        before: Object.fromEntries(keys.map((k) => [k, state.form[k]])),
        after: Object.fromEntries(keys.map((k) => [k, after[k]])),
        revertsId: options.revertsId,
        together: [['latitude', 'longitude']],
      });
    })
    .catch(rethrowDuplicateFestival);
  // Its dates may have moved its edition too.
  written('festival', id);
  written('edition', id);
}
