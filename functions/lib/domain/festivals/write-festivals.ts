import { eq } from 'drizzle-orm';
import type { AdminFestival } from '#core/festival-schemas';
import type { Database } from '#db/client';
import { festivalsTable } from '#db/schema';
import type { AuthUser } from '../../app-env';
import { notFound } from '../../errors';
import { linkUploadToFestival } from '../uploads/stored-objects';
import { announceFestivalEditionChanges, festivalEditionSnapshots } from '../alerts/festival-events';
import { announceApprovedFestival } from '../alerts/saved-search-events';
import { recordAudit } from '../audit/audit';
import { festivalDecisionMessage } from '../moderation';
import { notify } from '../notifications/notifications';
import { rethrowDuplicateFestival } from './duplicates';
import { insertFestival, updateFestival, type FestivalInsert } from './festival-row-writes';

const festivalNotFound = () => notFound('Festival no encontrado', 'festival_not_found');

/** Body keys of the admin form that map to a column; an edit leaves the columns of absent keys as they are. */
const optionalColumns = {
  end_date: 'endDate',
  address: 'address',
  website: 'website',
  imageUrl: 'imageUrl',
  status: 'status',
  transportation: 'transportation',
  parking_info: 'parkingInfo',
  accommodation: 'accommodation',
} as const satisfies Partial<Record<keyof AdminFestival, keyof FestivalInsert>>;

function columnValues(input: AdminFestival, present: (key: string) => boolean) {
  const values: Partial<FestivalInsert> & Pick<FestivalInsert, 'name' | 'location'> = {
    name: input.name,
    location: input.location,
    description: input.description,
    startDate: input.start_date,
  };
  for (const [key, column] of Object.entries(optionalColumns) as [
    keyof typeof optionalColumns,
    (typeof optionalColumns)[keyof typeof optionalColumns],
  ][]) {
    if (present(key) && input[key] !== undefined) (values as Record<string, unknown>)[column] = input[key];
  }
  return values;
}

/**
 * An admin's new festival (approved unless the form says otherwise); coordinates typed in the
 * form count as placed by hand. Its image's upload is tied to it, saved searches hear of it and
 * the audit log records it. Returns its id; a duplicate name and location is the 409.
 */
export async function createFestival(
  database: Database,
  admin: Pick<AuthUser, 'id'>,
  input: AdminFestival,
): Promise<number> {
  const values = columnValues(input, () => true);
  values.status = input.status ?? 'approved';
  if (input.latitude != null && input.longitude != null) {
    Object.assign(values, {
      latitude: input.latitude,
      longitude: input.longitude,
      geocodedFrom: 'manual',
      geocodedAt: new Date(),
    });
  }
  return database
    .transaction(async (tx) => {
      const created = await insertFestival(tx, values as FestivalInsert, input.genres);
      if (input.imageUrl) await linkUploadToFestival(tx, input.imageUrl, created);
      await announceApprovedFestival(tx, created);
      await recordAudit(tx, {
        actorId: admin.id,
        action: 'create',
        entity: 'festival',
        entityId: created,
        details: { name: input.name, status: values.status },
      });
      return created;
    })
    .catch(rethrowDuplicateFestival);
}

/**
 * An admin's edit of festival `id`: only the keys the form sent (`present`) change their columns.
 * Clearing either coordinate clears both; new ones count as placed by hand. Moving a proposal out
 * of pending tells its proposer, approving it reaches the saved searches, changed editions reach
 * their followers, and the audit log records the fields sent and what changed of status and name.
 */
export async function editFestival(
  database: Database,
  admin: Pick<AuthUser, 'id'>,
  id: number,
  input: AdminFestival,
  present: ReadonlySet<string>,
): Promise<void> {
  await database
    .transaction(async (tx) => {
      const [before] = await tx
        .select({
          name: festivalsTable.name,
          status: festivalsTable.status,
          proposedBy: festivalsTable.proposedBy,
          latitude: festivalsTable.latitude,
          longitude: festivalsTable.longitude,
        })
        .from(festivalsTable)
        .where(eq(festivalsTable.id, id))
        .for('update');
      if (!before) throw festivalNotFound();
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
      await updateFestival(tx, id, values, present.has('genres') ? input.genres : undefined);
      await announceFestivalEditionChanges(tx, id, editionsBefore);
      if (input.imageUrl && present.has('imageUrl')) await linkUploadToFestival(tx, input.imageUrl, id);
      const decided = before.status === 'pending' && (values.status === 'approved' || values.status === 'rejected');
      if (before.status !== 'approved' && values.status === 'approved') await announceApprovedFestival(tx, id);
      if (decided && before.proposedBy) {
        await notify(
          tx,
          before.proposedBy,
          'festival',
          festivalDecisionMessage(input.name, values.status as 'approved' | 'rejected'),
        );
      }
      await recordAudit(tx, {
        actorId: admin.id,
        action: 'update',
        entity: 'festival',
        entityId: id,
        details: {
          fields: [...present].filter((key) => key in input),
          ...(values.status && values.status !== before.status
            ? { status: { from: before.status, to: values.status } }
            : {}),
          ...(input.name !== before.name ? { name: { from: before.name, to: input.name } } : {}),
        },
      });
    })
    .catch(rethrowDuplicateFestival);
}
