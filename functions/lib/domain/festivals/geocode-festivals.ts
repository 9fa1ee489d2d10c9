import { and, eq, isNull, sql } from 'drizzle-orm';
import type { GeocodeMissingResult } from '#core/response-schemas';
import type { Database } from '#db/client';
import { festivalsTable } from '#db/schema';
import type { AuthUser } from '../../app-env';
import { AppError, badRequest, notFound } from '../../errors';
import { geocodeAddress, noCoordinatesFound } from '../../geocoder';
import { recordAudit } from '../audit/audit';
import { written } from '../../cache/written';
import { FESTIVAL_NOT_FOUND } from './festival-access';

/** Where a festival is on the map: the geocoder's answer for its address, or what an admin typed. */

/** No new lookup after this long: with one more wait and a timed-out lookup the batch still answers within the Lambda's 25 s. */
const BATCH_BUDGET_MS = 15_000;

const festivalNotFound = () => notFound(FESTIVAL_NOT_FOUND, 'festival_not_found');

/** What is geocoded: the address when there is one, else the location text. */
const geocodeQuery = (festival: { address: string | null; location: string | null }) =>
  festival.address?.trim() || festival.location?.trim() || null;

const missingCoordinates = and(
  eq(festivalsTable.status, 'approved'),
  isNull(festivalsTable.latitude),
  sql`coalesce(nullif(trim(${festivalsTable.address}), ''), nullif(trim(${festivalsTable.location}), '')) is not null`,
);

/**
 * Looks one festival up and stores the answer. Every attempt is audited, also the ones that find
 * nothing: the batch uses the last attempt's date to try never-tried festivals first.
 */
async function geocodeFestival(
  database: Database,
  festival: { id: number; address: string | null; location: string | null },
  actorId: number,
) {
  const query = geocodeQuery(festival);
  if (!query) throw badRequest('El festival no tiene dirección ni ubicación que geocodificar.', 'nothing_to_geocode');
  const found = await geocodeAddress(query);
  await database.transaction(async (tx) => {
    if (found) {
      await tx
        .update(festivalsTable)
        .set({
          latitude: found.latitude,
          longitude: found.longitude,
          geocodedFrom: query,
          geocodedAt: new Date(),
          updatedAt: new Date(),
        })
        .where(eq(festivalsTable.id, festival.id));
    }
    await recordAudit(tx, {
      actorId,
      action: 'geocode',
      entity: 'festival',
      entityId: festival.id,
      details: found
        ? { query, found: true, latitude: found.latitude, longitude: found.longitude, match: found.displayName }
        : { query, found: false },
    });
  });
  if (found) written('festival', festival.id);
  return found;
}

/**
 * Geocodes up to `limit` approved festivals without coordinates, those never tried first, one
 * lookup at a time; what was found is stored, and how many are still missing is counted.
 */
export async function geocodeMissingFestivals(
  database: Database,
  admin: Pick<AuthUser, 'id'>,
  limit: number,
): Promise<GeocodeMissingResult> {
  const lastAttempt = sql`(select max(a.created_at) from audit_log a
    where a.entity = 'festival' and a.entity_id = ${festivalsTable.id} and a.action = 'geocode')`;
  const candidates = await database
    .select({ id: festivalsTable.id, address: festivalsTable.address, location: festivalsTable.location })
    .from(festivalsTable)
    .where(missingCoordinates)
    .orderBy(sql`${lastAttempt} asc nulls first`, festivalsTable.id)
    .limit(limit);
  const result: GeocodeMissingResult = { geocoded: [], notFound: [], remaining: 0 };
  const startedAt = Date.now();
  // Sequential on purpose: the geocoder allows one request a second.
  for (const festival of candidates) {
    if (Date.now() - startedAt > BATCH_BUDGET_MS) break;
    try {
      const found = await geocodeFestival(database, festival, admin.id);
      (found ? result.geocoded : result.notFound).push(festival.id);
    } catch (error) {
      // A failing service ends the batch; what was stored so far stays and is reported.
      if (error instanceof AppError && error.status === 502 && result.geocoded.length + result.notFound.length > 0)
        break;
      throw error;
    }
  }
  const [{ remaining }] = await database
    .select({ remaining: sql<number>`count(*)::int`.mapWith(Number) })
    .from(festivalsTable)
    .where(missingCoordinates);
  result.remaining = remaining;
  return result;
}

/** Geocodes festival `id` and stores its coordinates: 404 for a missing festival, the geocoder's error when it finds nothing. */
export async function geocodeOneFestival(database: Database, admin: Pick<AuthUser, 'id'>, id: number): Promise<void> {
  const [festival] = await database
    .select({ id: festivalsTable.id, address: festivalsTable.address, location: festivalsTable.location })
    .from(festivalsTable)
    .where(eq(festivalsTable.id, id));
  if (!festival) throw festivalNotFound();
  const found = await geocodeFestival(database, festival, admin.id);
  if (!found) throw noCoordinatesFound();
}

/** An admin places festival `id` by hand; audited. */
export async function setFestivalCoordinates(
  database: Database,
  admin: Pick<AuthUser, 'id'>,
  id: number,
  { latitude, longitude }: { latitude: number; longitude: number },
): Promise<void> {
  await database.transaction(async (tx) => {
    const [row] = await tx
      .update(festivalsTable)
      .set({ latitude, longitude, geocodedFrom: 'manual', geocodedAt: new Date(), updatedAt: new Date() })
      .where(eq(festivalsTable.id, id))
      .returning({ id: festivalsTable.id });
    if (!row) throw festivalNotFound();
    await recordAudit(tx, {
      actorId: admin.id,
      action: 'set_coordinates',
      entity: 'festival',
      entityId: id,
      details: { latitude, longitude },
    });
  });
  written('festival', id);
}
