import { calendarRangeQuerySchema, festivalPageQuerySchema } from '#core/festival-page';
import { mapViewQuerySchema } from '#core/map-markers';
import { placeQuerySchema } from '#core/places';
import { findPlaces } from '../lib/places';
import { proposeFestivalSchema, festivalFilterQuerySchema, idParamSchema } from '#core/festival-schemas';
import { createApp } from '../lib/app';
import { currentUser, optionalAuth, requireAdmin, requireAuth } from '../lib/auth';
import { db } from '../lib/db';
import { notFound } from '../lib/errors';
import { publicReadCacheControl, sendCachedBody } from '../lib/cached-body';
import { catalogCalendar, catalogMapView, catalogPage, catalogResponse } from '../lib/domain/festivals/festival-store';
import { festivalAnswer, festivalDetail, visibleFestival } from '../lib/domain/festivals/festival-answer';
import { FESTIVAL_NOT_FOUND } from '../lib/domain/festivals/festival-access';
import { findFestival } from '../lib/domain/festivals/festival-rows';
import { deleteFestivalWithMedia } from '../lib/festival-deletion';
import { festivalEditionsBody } from '../lib/domain/editions/read-editions';
import { rateLimit } from '../lib/rate-limit';
import { similarFestivals } from '../lib/domain/discover/similar-festivals';
import { validate } from '../lib/validate';
import { proposeFestival } from '../lib/domain/festivals/propose-festival';
// The festivals' own response schemas, not the barrel: zod builds every schema of a module it loads,
// and a cold start would pay for the admin's and the gallery's.
import {
  calendarRangeResponse,
  festivalPageResponse,
  festivalResponse,
  mapViewResponse,
  placesResponse,
} from '#core/responses/festivals';
import { messageResponse } from '#core/responses/common';
import { similarFestivalsResponse } from '#core/responses/discover';
import { imageInfoSchema } from '#core/responses/media';
import { documenter } from '../lib/openapi';
import { z } from '#core/zod';
import { editionSchema, festivalEditionFieldsSchema } from '#core/lineup-types';
import { festivalOrganizerRoutes } from './organizer-routes';
import { festivalAttendanceRoutes } from './attendance-routes';

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

export const app = createApp('/api/festivals')
  .route('/', festivalOrganizerRoutes)
  .route('/', festivalAttendanceRoutes)
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
      const cached = await catalogResponse(await db(), c.req.valid('query'));
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
      const cached = await catalogPage(await db(), c.req.valid('query'));
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
      const cached = await catalogCalendar(await db(), from, to);
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
      const cached = await catalogMapView(await db(), c.req.valid('query'));
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
      const answer = await festivalAnswer(await db(), c.req.valid('param').id, c.get('user'));
      if (answer.approved) return sendCachedBody(c, answer.kept, publicReadCacheControl(c));
      c.header('Cache-Control', 'private, no-store');
      return c.json(answer.detail);
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
  // 'Festivales parecidos': kept by the database (festival_similar), answered like the festival itself.
  .get(
    '/:id/similar',
    doc({
      summary: 'Hasta 8 festivales parecidos, los próximos primero, con lo que comparten',
      access: 'optional',
      responses: {
        200: { description: 'Festivales parecidos', schema: similarFestivalsResponse },
        304: { description: 'Sin cambios (ETag)' },
      },
      errors: [404],
    }),
    optionalAuth,
    validate('param', idParamSchema),
    async (c) => {
      const answer = await similarFestivals(await db(), c.req.valid('param').id, c.get('user'));
      if (answer.kept) return sendCachedBody(c, answer.kept, publicReadCacheControl(c));
      c.header('Cache-Control', 'private, no-store');
      return c.json([]);
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
      if (!festival) throw notFound(FESTIVAL_NOT_FOUND, 'festival_not_found');
      return c.json(await festivalDetail(database, festival), 201);
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
      if (!deleted) throw notFound(FESTIVAL_NOT_FOUND, 'festival_not_found');
      return c.json({ message: 'Festival eliminado correctamente', id });
    },
  );
