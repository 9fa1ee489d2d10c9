import { announceFestivalEditionChanges, festivalEditionSnapshots } from '../lib/domain/alerts/festival-events';
import { announceApprovedFestival } from '../lib/domain/alerts/saved-search-events';
import { eq, sql, type SQL } from 'drizzle-orm';
import { Hono } from 'hono';
import { adminFestivalsQuerySchema, listQuerySchema, moderationDecisionSchema, QUEUE_DEFAULT_LIMIT } from '#core/admin-schemas';
import { adminFestivalSchema, festivalFilterQuerySchema, idParamSchema, type AdminFestival } from '#core/festival-schemas';
import type { FestivalStatus } from '#core/types';
import type { Database } from '#db/client';
import { insertFestival, updateFestival, type FestivalInsert } from '#db/festival-writes';
import { festivalsTable } from '#db/schema';
import type { AppEnv } from '../lib/app-env';
import { recordAudit } from '../lib/domain/audit/audit';
import { currentUser } from '../lib/auth';
import { db } from '../lib/db';
import { notFound } from '../lib/errors';
import { deleteFestivalWithMedia, linkUploadToFestival } from '../lib/festival-deletion';
import { catalogResponse, findFestival, invalidateCatalog, type CachedBody } from '../lib/domain/festivals/festival-store';
import { notify } from '../lib/domain/notifications/notifications';
import { validate } from '../lib/validate';
import { JSON_CONTENT_TYPE, festivalsJson, jsonArray } from './json-lists';
import { festivalDecisionMessage } from '../lib/domain/moderation';
import { decideFestival } from '../lib/domain/festivals/moderate-festival';
import { rethrowDuplicateFestival } from '../lib/domain/festivals/duplicates';
import { festivalResponse, messageResponse, pendingFestivalResponse, type Festival } from '#core/response-schemas';
import { documenter } from '../lib/openapi';
import { z } from '#core/zod';

const doc = documenter('Administración');

const newestFirst = sql`${festivalsTable.createdAt} desc, ${festivalsTable.id} desc`;

/** The query of a plain GET /api/festivals, so both share one cached body. */
const WHOLE_CATALOGUE = festivalFilterQuerySchema.parse({});

// The approved part is the catalogue's cached answer (decision 001), read back once per snapshot.
const approvedByBody = new WeakMap<CachedBody, Festival[]>();
function approvedFestivals(cached: CachedBody): Festival[] {
  let festivals = approvedByBody.get(cached);
  if (!festivals) approvedByBody.set(cached, (festivals = JSON.parse(cached.body) as Festival[]));
  return festivals;
}

const festivalList = async (database: Database, where: SQL) => JSON.parse(await jsonArray(database, festivalsJson(where, newestFirst))) as Festival[];

const festivalNotFound = () => notFound('Festival no encontrado', 'festival_not_found');

/** Body keys of the admin form that map to a column; a PUT leaves the columns of absent keys as they are. */
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
  for (const [key, column] of Object.entries(optionalColumns) as [keyof typeof optionalColumns, (typeof optionalColumns)[keyof typeof optionalColumns]][]) {
    if (present(key) && input[key] !== undefined) (values as Record<string, unknown>)[column] = input[key];
  }
  return values;
}

async function rawKeys(c: { req: { json(): Promise<unknown> } }): Promise<Set<string>> {
  // Hono caches the parsed body, so this reads what the validator already parsed.
  const raw = await c.req.json();
  return new Set(raw && typeof raw === 'object' ? Object.keys(raw) : []);
}

export const festivalRoutes = new Hono<AppEnv>()
  .get('/pending-festivals', doc({ summary: 'Festivales propuestos pendientes, con sus posibles duplicados', access: 'admin', responses: { 200: { description: 'Propuestas', schema: z.array(pendingFestivalResponse) } } }), validate('query', listQuerySchema), async (c) => {
    const { limit = QUEUE_DEFAULT_LIMIT, offset = 0 } = c.req.valid('query');
    const body = await jsonArray(await db(), festivalsJson(eq(festivalsTable.status, 'pending'), newestFirst, { limit, offset }, { duplicates: true }));
    return c.body(body, 200, JSON_CONTENT_TYPE);
  })
  // Grouped by status: pending (newest first), approved (by start date, as the public list), rejected (newest first).
  .get('/festivals', doc({ summary: 'Todos los festivales por estado', access: 'admin', responses: { 200: { description: 'Festivales', schema: z.array(festivalResponse) } } }), validate('query', adminFestivalsQuerySchema), async (c) => {
    const { status } = c.req.valid('query');
    const wants = (s: FestivalStatus) => !status || status === s;
    const database = await db();
    const groups = await Promise.all([
      wants('pending') ? festivalList(database, eq(festivalsTable.status, 'pending')) : [],
      wants('approved') ? catalogResponse(database, WHOLE_CATALOGUE).then(approvedFestivals) : [],
      wants('rejected') ? festivalList(database, eq(festivalsTable.status, 'rejected')) : [],
    ]);
    return c.json(groups.flat());
  })
  .patch('/festivals/:id/approve', doc({ summary: 'Aprueba o rechaza un festival propuesto', access: 'admin', responses: { 200: { description: 'El festival', schema: festivalResponse } }, errors: [404, 409] }), validate('param', idParamSchema), validate('json', moderationDecisionSchema), async (c) => {
    const { id } = c.req.valid('param');
    const { status } = c.req.valid('json');
    const admin = currentUser(c);
    const database = await db();
    await decideFestival(database, admin, id, status);
    invalidateCatalog();
    return c.json(await findFestival(database, id));
  })
  .post('/festivals', doc({ summary: 'Crea un festival (aprobado)', access: 'admin', responses: { 201: { description: 'El festival', schema: festivalResponse } }, errors: [409] }), validate('json', adminFestivalSchema), async (c) => {
    const input = c.req.valid('json');
    const admin = currentUser(c);
    const database = await db();
    const values = columnValues(input, () => true);
    values.status = input.status ?? 'approved';
    if (input.latitude != null && input.longitude != null) {
      Object.assign(values, { latitude: input.latitude, longitude: input.longitude, geocodedFrom: 'manual', geocodedAt: new Date() });
    }
    const id = await database
      .transaction(async (tx) => {
        const created = await insertFestival(tx, values as FestivalInsert, input.genres);
        if (input.imageUrl) await linkUploadToFestival(tx, input.imageUrl, created);
        await announceApprovedFestival(tx, created);
        await recordAudit(tx, { actorId: admin.id, action: 'create', entity: 'festival', entityId: created, details: { name: input.name, status: values.status } });
        return created;
      })
      .catch(rethrowDuplicateFestival);
    invalidateCatalog();
    return c.json(await findFestival(database, id), 201);
  })
  .put('/festivals/:id', doc({ summary: 'Edita un festival', access: 'admin', responses: { 200: { description: 'El festival', schema: festivalResponse } }, errors: [404, 409] }), validate('param', idParamSchema), validate('json', adminFestivalSchema), async (c) => {
    const { id } = c.req.valid('param');
    const input = c.req.valid('json');
    const present = await rawKeys(c);
    const admin = currentUser(c);
    const database = await db();
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
            Object.assign(values, { latitude: input.latitude, longitude: input.longitude, geocodedFrom: 'manual', geocodedAt: new Date() });
          }
        }
        await updateFestival(tx, id, values, present.has('genres') ? input.genres : undefined);
        await announceFestivalEditionChanges(tx, id, editionsBefore);
        if (input.imageUrl && present.has('imageUrl')) await linkUploadToFestival(tx, input.imageUrl, id);
        const decided = before.status === 'pending' && (values.status === 'approved' || values.status === 'rejected');
        if (before.status !== 'approved' && values.status === 'approved') await announceApprovedFestival(tx, id);
        if (decided && before.proposedBy) {
          await notify(tx, before.proposedBy, 'festival', festivalDecisionMessage(input.name, values.status as 'approved' | 'rejected'));
        }
        await recordAudit(tx, {
          actorId: admin.id,
          action: 'update',
          entity: 'festival',
          entityId: id,
          details: {
            fields: [...present].filter((key) => key in input),
            ...(values.status && values.status !== before.status ? { status: { from: before.status, to: values.status } } : {}),
            ...(input.name !== before.name ? { name: { from: before.name, to: input.name } } : {}),
          },
        });
      })
      .catch(rethrowDuplicateFestival);
    invalidateCatalog();
    return c.json(await findFestival(database, id));
  })
  .delete('/festivals/:id', doc({ summary: 'Borra un festival y su contenido', access: 'admin', responses: { 200: { description: 'Festival eliminado', schema: messageResponse } }, errors: [404] }), validate('param', idParamSchema), async (c) => {
    const { id } = c.req.valid('param');
    const deleted = await deleteFestivalWithMedia(await db(), id, currentUser(c).id);
    if (!deleted) throw festivalNotFound();
    return c.json({ message: 'Festival eliminado correctamente', id });
  });
