import { and, eq, isNull, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { coordinatesSchema, GEOCODE_BATCH_DEFAULT, geocodeMissingQuerySchema } from '#core/admin-schemas';
import { idParamSchema } from '#core/festival-schemas';
import type { Database } from '#db/client';
import { festivalsTable } from '#db/schema';
import type { AppEnv } from '../lib/app-env';
import { recordAudit } from '../lib/domain/audit/audit';
import { currentUser } from '../lib/auth';
import { db } from '../lib/db';
import { AppError, badRequest, notFound } from '../lib/errors';
import { findFestival, invalidateCatalog } from '../lib/domain/festivals/festival-store';
import { geocodeAddress, noCoordinatesFound } from '../lib/geocoder';
import { validate } from '../lib/validate';
import type { GeocodeMissingResult } from '#core/response-schemas';
import { festivalResponse, geocodeMissingResponse } from '#core/response-schemas';
import { documenter } from '../lib/openapi';

const doc = documenter('Administración');

/** No new lookup after this long: with one more wait and a timed-out lookup the batch still answers within the Lambda's 25 s. */
const BATCH_BUDGET_MS = 15_000;

const festivalNotFound = () => notFound('Festival no encontrado', 'festival_not_found');

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
async function geocodeFestival(database: Database, festival: { id: number; address: string | null; location: string | null }, actorId: number) {
  const query = geocodeQuery(festival);
  if (!query) throw badRequest('El festival no tiene dirección ni ubicación que geocodificar.', 'nothing_to_geocode');
  const found = await geocodeAddress(query);
  await database.transaction(async (tx) => {
    if (found) {
      await tx
        .update(festivalsTable)
        .set({ latitude: found.latitude, longitude: found.longitude, geocodedFrom: query, geocodedAt: new Date(), updatedAt: new Date() })
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
  if (found) invalidateCatalog();
  return found;
}

export const geocodingRoutes = new Hono<AppEnv>()
  .post('/festivals/geocode-missing', doc({ summary: 'Geocodifica festivales aprobados sin coordenadas (por lotes)', access: 'admin', responses: { 200: { description: 'Resultado del lote', schema: geocodeMissingResponse } }, errors: [429, 502] }), validate('query', geocodeMissingQuerySchema), async (c) => {
    const { limit = GEOCODE_BATCH_DEFAULT } = c.req.valid('query');
    const admin = currentUser(c);
    const database = await db();
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
        if (error instanceof AppError && error.status === 502 && result.geocoded.length + result.notFound.length > 0) break;
        throw error;
      }
    }
    const [{ remaining }] = await database
      .select({ remaining: sql<number>`count(*)::int`.mapWith(Number) })
      .from(festivalsTable)
      .where(missingCoordinates);
    result.remaining = remaining;
    return c.json(result);
  })
  .post('/festivals/:id/geocode', doc({ summary: 'Geocodifica un festival a partir de su dirección', access: 'admin', responses: { 200: { description: 'El festival con sus coordenadas', schema: festivalResponse } }, errors: [404, 429, 502] }), validate('param', idParamSchema), async (c) => {
    const { id } = c.req.valid('param');
    const database = await db();
    const [festival] = await database
      .select({ id: festivalsTable.id, address: festivalsTable.address, location: festivalsTable.location })
      .from(festivalsTable)
      .where(eq(festivalsTable.id, id));
    if (!festival) throw festivalNotFound();
    const found = await geocodeFestival(database, festival, currentUser(c).id);
    if (!found) throw noCoordinatesFound();
    return c.json(await findFestival(database, id));
  })
  .put('/festivals/:id/coordinates', doc({ summary: 'Fija a mano las coordenadas de un festival', access: 'admin', responses: { 200: { description: 'El festival', schema: festivalResponse } }, errors: [404] }), validate('param', idParamSchema), validate('json', coordinatesSchema), async (c) => {
    const { id } = c.req.valid('param');
    const { latitude, longitude } = c.req.valid('json');
    const admin = currentUser(c);
    const database = await db();
    await database.transaction(async (tx) => {
      const [row] = await tx
        .update(festivalsTable)
        .set({ latitude, longitude, geocodedFrom: 'manual', geocodedAt: new Date(), updatedAt: new Date() })
        .where(eq(festivalsTable.id, id))
        .returning({ id: festivalsTable.id });
      if (!row) throw festivalNotFound();
      await recordAudit(tx, { actorId: admin.id, action: 'set_coordinates', entity: 'festival', entityId: id, details: { latitude, longitude } });
    });
    invalidateCatalog();
    return c.json(await findFestival(database, id));
  });
