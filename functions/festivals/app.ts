import { calendarRange, calendarRangeQuerySchema, festivalPage, festivalPageQuerySchema } from '#core/festival-page';
import { MapIndex, mapView, mapViewQuerySchema } from '#core/map-markers';
import { placeQuerySchema } from '#core/places';
import { findPlaces } from '../lib/places';
import { proposeFestivalSchema, festivalFilterQuerySchema, idParamSchema } from '#core/festival-schemas';
import { createApp } from '../lib/app';
import type { Database } from '#db/client';
import type { AuthUser } from '../lib/app-env';
import { currentUser, optionalAuth, requireAdmin, requireAuth } from '../lib/auth';
import { db } from '../lib/db';
import { notFound } from '../lib/errors';
import {
  cachedBody,
  PRIVATE_CACHE,
  PUBLIC_EDGE_CACHE,
  publicReadCacheControl,
  sendCachedBody,
} from '../lib/cached-body';
import {
  catalogFestival,
  catalogGeneration,
  catalogRead,
  catalogResponse,
  keptCatalogFestival,
} from '../lib/domain/festivals/festival-store';
import { findFestival } from '../lib/domain/festivals/festival-rows';
import { RefreshedAnswers } from '../lib/response-cache';
import { deleteFestivalWithMedia } from '../lib/festival-deletion';
import { editionFilters } from '../lib/domain/editions/catalogue-filters';
import {
  festivalEditionFields,
  festivalEditionFieldsIfAvailable,
  festivalEditionsBody,
} from '../lib/domain/editions/read-editions';
import { rateLimit } from '../lib/rate-limit';
import { validate } from '../lib/validate';
import { requestTarget, type KeptLookup } from '../lib/kept-answers';
import { proposeFestival } from '../lib/domain/festivals/propose-festival';
// The festivals' own response schemas, not the barrel: zod builds every schema of a module it loads, and a cold start would pay for the admin's and the gallery's.
import {
  calendarRangeResponse,
  festivalPageResponse,
  festivalResponse,
  mapViewResponse,
  placesResponse,
  type Festival,
} from '#core/responses/festivals';
import { messageResponse } from '#core/responses/common';
import { imageInfoSchema } from '#core/responses/media';
import { imageInfoForUrl } from '../lib/image-variant-records';
import { documenter } from '../lib/openapi';
import { z } from '#core/zod';
import { editionSchema, festivalEditionFieldsSchema, type FestivalEditionFields } from '#core/lineup-types';
import { festivalOrganizerRoutes } from './organizer-routes';

/**
 * Set times are read on the festival's clock whatever the visitor's device says (Gran Canaria is an
 * hour behind Barcelona); the page gets the zone here instead of shipping the zone map to phones.
 * The map (70 KB) is imported on the first festival answer, not when the function starts: the
 * bundle is split, and every list read would otherwise pay for it at a cold start.
 */
async function timeZoneOf(festival: Festival): Promise<string | null> {
  const { festivalTimeZone } = await import('#core/time-zone');
  return festivalTimeZone(festival);
}

/**
 * GET /api/festivals/{id} and a proposal's answer, a festival as its own page reads it: the catalogue fields, its current edition (lineup, tickets, years)
 * and the copies of its picture. A picture whose copies cannot be read is served as it is.
 */
async function withDetail(
  database: Database,
  festival: Festival,
  editionFields: (database: Database, id: number) => Promise<FestivalEditionFields>,
) {
  const [editions, image, zone] = await Promise.all([
    editionFields(database, festival.id),
    imageInfoForUrl(database, festival.image_url).catch(() => null),
    timeZoneOf(festival),
  ]);
  return { ...festival, ...editions, image, time_zone: zone };
}

/**
 * Approved festivals' answers, kept with their compressed forms (a festival page is the busiest read
 * after the lists, and building one is three queries and a serialisation). Kept while the
 * catalogue's festival is the same object and no write went through this process; writes made
 * elsewhere (another instance's lineup or picture) show within a second plus one rebuild, like the
 * edge's own second (decision 036).
 */
const festivalAnswers = new RefreshedAnswers<number>(1000, 2000);

/** An approved festival's answer as the route keeps it (festivalAnswers). */
const approvedFestivalAnswer = async (database: Database, festival: Festival) =>
  cachedBody(await withDetail(database, festival, festivalEditionFieldsIfAvailable));

/**
 * GET /api/festivals/{id} of an approved festival whose answer is kept, for a request without a
 * token (with one, the route decides who sees what): the answer the route would send, found before
 * routing (kept-answers.ts). Ids as the route's validation reads them, in their plain form only.
 */
export const keptFestival: KeptLookup = (target, header) => {
  const match = /^\/api\/festivals\/([1-9]\d{0,9})$/.exec(target);
  if (!match || header('authorization')) return undefined;
  const festival = keptCatalogFestival(Number(match[1]));
  if (!festival) return undefined;
  const body = festivalAnswers.peek(festival.id, [festival, catalogGeneration()], async () =>
    approvedFestivalAnswer(await db(), festival),
  );
  if (!body) return undefined;
  return { body, cacheControl: header('cookie') ? PRIVATE_CACHE : PUBLIC_EDGE_CACHE };
};

const festivalWithEditions = festivalResponse.extend({
  ...festivalEditionFieldsSchema.shape,
  image: imageInfoSchema.nullable().optional(),
  time_zone: z
    .string()
    .nullable()
    .optional()
    .describe('La zona horaria del festival (IANA), según sus coordenadas; null si no las tiene'),
});

const doc = documenter('Festivales');

/**
 * Cluster indexes by catalogue snapshot (the array is the snapshot's own, so a new catalogue
 * drops them with it) and by normalised search; a handful of searches per snapshot at most.
 */
const mapIndexes = new WeakMap<readonly Festival[], Map<string, MapIndex>>();
const MAP_INDEXES_PER_SNAPSHOT = 32;

function mapIndexFor(catalogue: readonly Festival[]) {
  let forSnapshot = mapIndexes.get(catalogue);
  if (!forSnapshot) mapIndexes.set(catalogue, (forSnapshot = new Map()));
  const indexes = forSnapshot;
  return (festivals: readonly Festival[], key: string) => {
    let index = indexes.get(key);
    if (!index) {
      if (indexes.size >= MAP_INDEXES_PER_SNAPSHOT) indexes.delete(indexes.keys().next().value!);
      index = new MapIndex(festivals);
      indexes.set(key, index);
    }
    return index;
  };
}

/** Pending and rejected proposals are visible to their proposer and to admins only; anyone else gets the 404 of a missing festival. */
async function visibleFestival(database: Database, id: number, user: AuthUser | null) {
  const festival = (await catalogFestival(database, id)) ?? (await findFestival(database, id));
  const visible =
    festival &&
    (festival.status === 'approved' || user?.role === 'admin' || (user && festival.proposed_by === user.id));
  if (!festival || !visible) throw notFound('Festival no encontrado', 'festival_not_found');
  return festival;
}

export const app = createApp('/api/festivals')
  .route('/', festivalOrganizerRoutes)
  .get(
    '/',
    doc({
      summary: 'Catálogo de festivales aprobados (filtros opcionales)',
      responses: {
        200: { description: 'Festivales', schema: z.array(festivalResponse) },
        304: { description: 'Sin cambios (ETag)' },
      },
    }),
    validate('query', festivalFilterQuerySchema),
    async (c) => {
      const cached = await catalogResponse(await db(), c.req.valid('query'), { target: requestTarget(c.req.url) });
      return sendCachedBody(c, cached, publicReadCacheControl(c));
    },
  )
  // What the home and favourites show: a page of cards, the total and the genre options.
  .get(
    '/page',
    doc({
      summary: 'Una página de tarjetas, el total y los géneros con su recuento',
      responses: {
        200: { description: 'Página', schema: festivalPageResponse },
        304: { description: 'Sin cambios (ETag)' },
      },
    }),
    validate('query', festivalPageQuerySchema),
    async (c) => {
      const query = c.req.valid('query');
      const now = new Date();
      const database = await db();
      const editions = await editionFilters(database, query);
      const cached = await catalogRead(
        database,
        { page: query, editions: editions?.key },
        (festivals) => {
          if (!editions) return festivalPage(festivals, query, now);
          const narrowed = editions.apply(festivals, now);
          return festivalPage(narrowed.list, { ...query, search: narrowed.search }, now);
        },
        // Without a search, artist or price the page is made of the catalogue alone: its target is kept.
        { now, target: editions ? undefined : requestTarget(c.req.url) },
      );
      return sendCachedBody(c, cached, publicReadCacheControl(c));
    },
  )
  // What the calendar shows: the festivals on the days of a month or a week.
  .get(
    '/calendar',
    doc({
      summary: 'Festivales de los días que muestra el calendario, y el siguiente',
      responses: {
        200: { description: 'Rango', schema: calendarRangeResponse },
        304: { description: 'Sin cambios (ETag)' },
      },
    }),
    validate('query', calendarRangeQuerySchema),
    async (c) => {
      const { from, to } = c.req.valid('query');
      const cached = await catalogRead(
        await db(),
        { calendar: [from, to] },
        (festivals) => calendarRange(festivals, from, to),
        { target: requestTarget(c.req.url) },
      );
      return sendCachedBody(c, cached, publicReadCacheControl(c));
    },
  )
  // What the map shows: the markers of the area in view, clustered for its zoom on the server.
  .get(
    '/map',
    doc({
      summary: 'Marcadores del área visible del mapa, agrupados según el zoom',
      responses: {
        200: { description: 'Vista del mapa', schema: mapViewResponse },
        304: { description: 'Sin cambios (ETag)' },
      },
    }),
    validate('query', mapViewQuerySchema),
    async (c) => {
      const query = c.req.valid('query');
      const cached = await catalogRead(await db(), { map: query }, (festivals) =>
        mapView(festivals, query, mapIndexFor(festivals)),
      );
      return sendCachedBody(c, cached, publicReadCacheControl(c));
    },
  )
  // 'Cerca de': the places matching what was typed, from the bundled cities (or the geocoder when enabled).
  .get(
    '/places',
    doc({
      summary: "Lugares para 'Cerca de' que empiezan por o contienen lo escrito",
      responses: { 200: { description: 'Lugares', schema: placesResponse } },
      errors: [502],
    }),
    validate('query', placeQuerySchema),
    async (c) => {
      const items = await findPlaces(c.req.valid('query').q);
      // The bundled list changes only with a deploy: browsers and the edge may keep an answer a day.
      c.header('Cache-Control', 'public, max-age=86400, s-maxage=86400');
      return c.json({ items });
    },
  )
  .get(
    '/:id',
    doc({
      summary: 'Un festival (pendiente: solo para quien lo propuso o administración)',
      access: 'optional',
      responses: { 200: { description: 'El festival', schema: festivalWithEditions } },
      errors: [404],
    }),
    optionalAuth,
    validate('param', idParamSchema),
    async (c) => {
      const database = await db();
      const festival = await visibleFestival(database, c.req.valid('param').id, c.get('user'));
      if (festival.status !== 'approved') {
        c.header('Cache-Control', 'private, no-store');
        return c.json(await withDetail(database, festival, festivalEditionFieldsIfAvailable));
      }
      const answer = await festivalAnswers.get(festival.id, [festival, catalogGeneration()], () =>
        approvedFestivalAnswer(database, festival),
      );
      return sendCachedBody(c, answer, publicReadCacheControl(c));
    },
  )
  // Like the lists: an ETag (a browser that holds this answer gets a 304), compressed when asked, and
  // kept a second at the edge for anonymous readers of an approved festival (decision 036).
  .get(
    '/:id/editions',
    doc({
      summary: 'Todas las ediciones de un festival, la más reciente primero, con cartel y entradas',
      access: 'optional',
      responses: {
        200: { description: 'Ediciones', schema: z.array(editionSchema) },
        304: { description: 'Sin cambios (ETag)' },
      },
      errors: [404],
    }),
    optionalAuth,
    validate('param', idParamSchema),
    async (c) => {
      const database = await db();
      const festival = await visibleFestival(database, c.req.valid('param').id, c.get('user'));
      return sendCachedBody(
        c,
        await festivalEditionsBody(database, festival.id),
        festival.status === 'approved' ? publicReadCacheControl(c) : 'private, no-store',
      );
    },
  )
  .post(
    '/',
    doc({
      summary: 'Propone un festival (queda pendiente de moderación)',
      access: 'user',
      responses: { 201: { description: 'El festival propuesto', schema: festivalWithEditions } },
      errors: [409, 429],
    }),
    requireAuth,
    validate('json', proposeFestivalSchema),
    rateLimit('propose'),
    async (c) => {
      const database = await db();
      const id = await proposeFestival(database, currentUser(c), c.req.valid('json'));
      // The same body as GET /api/festivals/{id}: the proposal with its edition, lineup, tickets and photo copies.
      const festival = await findFestival(database, id);
      if (!festival) throw notFound('Festival no encontrado', 'festival_not_found');
      return c.json(await withDetail(database, festival, festivalEditionFields), 201);
    },
  )
  .delete(
    '/:id',
    doc({
      summary: 'Borra un festival',
      access: 'admin',
      responses: { 200: { description: 'Festival eliminado', schema: messageResponse } },
      errors: [404],
    }),
    requireAdmin,
    validate('param', idParamSchema),
    async (c) => {
      const { id } = c.req.valid('param');
      // Same path as the admin API: cascades, stored objects of its media, audit row.
      const deleted = await deleteFestivalWithMedia(await db(), id, currentUser(c).id);
      if (!deleted) throw notFound('Festival no encontrado', 'festival_not_found');
      return c.json({ message: 'Festival eliminado correctamente', id });
    },
  );
