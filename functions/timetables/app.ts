import { festivalPath } from '#core/share';
import {
  festivalIdParamSchema,
  shareTokenParamSchema,
  timetableIcsQuerySchema,
  timetableInputSchema,
} from '#core/timetable-schemas';
import { sharedTimetableResponse, timetableResponse } from '#core/responses/timetables';
import { z } from '#core/zod';
import { createApp } from '../lib/app';
import { currentUser, requireAuth } from '../lib/auth';
import { rateLimit } from '../lib/rate-limit';
import { db } from '../lib/db';
import {
  readTimetable,
  saveTimetable,
  sharedTimetable,
  shareTimetable,
  stopSharingTimetable,
} from '../lib/domain/timetables/timetables';
import { timetableCalendar } from '../lib/domain/timetables/timetable-ics';
import { siteUrl } from '../lib/mail/site-url';
import { documenter } from '../lib/openapi';
import { validate } from '../lib/validate';

const doc = documenter('Mi horario');

// A person's own timetable: never kept by a shared cache, whatever the session.
const PRIVATE = 'private, no-store';

/**
 * 'Mi horario': a signed-in person's picks among a festival's sets (GET/PUT, owner only), a
 * read-only link they can revoke, and the picked sets as a calendar. Served by the festivals
 * function (the Router sends it every /api path no other area claims).
 */
export const app = createApp('/api/timetables')
  .get(
    '/shared/:token',
    doc({
      summary: 'Un horario compartido (solo lectura)',
      responses: { 200: { description: 'Las actuaciones elegidas', schema: sharedTimetableResponse } },
      errors: [400, 404],
    }),
    validate('param', shareTokenParamSchema),
    async (c) => {
      const shared = await sharedTimetable(await db(), c.req.valid('param').token);
      c.header('Cache-Control', PRIVATE);
      return c.json(shared);
    },
  )
  .get(
    '/:festivalId/calendar.ics',
    doc({
      summary: 'Las actuaciones elegidas como calendario (.ics)',
      responses: { 200: { description: 'iCalendar', schema: z.string(), contentType: 'text/calendar' } },
      errors: [400, 404],
    }),
    validate('param', festivalIdParamSchema),
    validate('query', timetableIcsQuerySchema),
    async (c) => {
      const { festivalId } = c.req.valid('param');
      const calendar = await timetableCalendar(await db(), festivalId, c.req.valid('query').picks);
      c.header('Content-Type', 'text/calendar; charset=utf-8');
      c.header('Content-Disposition', `attachment; filename="${calendar.fileName}"`);
      return c.body(calendar.body);
    },
  )
  .get(
    '/:festivalId',
    doc({
      summary: 'Mi horario de un festival',
      access: 'user',
      responses: { 200: { description: 'Mis actuaciones elegidas', schema: timetableResponse } },
      errors: [400, 404],
    }),
    requireAuth,
    validate('param', festivalIdParamSchema),
    async (c) => {
      const timetable = await readTimetable(await db(), currentUser(c).id, c.req.valid('param').festivalId);
      c.header('Cache-Control', PRIVATE);
      return c.json(timetable);
    },
  )
  .put(
    '/:festivalId',
    doc({
      summary: 'Guarda mi horario de un festival (la lista entera)',
      access: 'user',
      responses: { 200: { description: 'Mis actuaciones elegidas', schema: timetableResponse } },
      errors: [400, 404, 429],
    }),
    requireAuth,
    rateLimit('settings'),
    validate('param', festivalIdParamSchema),
    validate('json', timetableInputSchema),
    async (c) => {
      const timetable = await saveTimetable(
        await db(),
        currentUser(c).id,
        c.req.valid('param').festivalId,
        c.req.valid('json').picks,
      );
      c.header('Cache-Control', PRIVATE);
      return c.json(timetable);
    },
  )
  .post(
    '/:festivalId/share',
    doc({
      summary: 'Comparte mi horario con un enlace de solo lectura',
      access: 'user',
      responses: {
        200: { description: 'Mi horario con su enlace', schema: timetableResponse.extend({ url: z.string() }) },
      },
      errors: [400, 404, 429],
    }),
    requireAuth,
    rateLimit('settings'),
    validate('param', festivalIdParamSchema),
    async (c) => {
      const { festival, ...timetable } = await shareTimetable(
        await db(),
        currentUser(c).id,
        c.req.valid('param').festivalId,
      );
      return c.json({
        ...timetable,
        url: siteUrl(`${festivalPath(festival.id, festival.name)}/horario?compartido=${timetable.share_token}`),
      });
    },
  )
  .delete(
    '/:festivalId/share',
    doc({
      summary: 'Deja de compartir mi horario (el enlace deja de funcionar)',
      access: 'user',
      responses: { 200: { description: 'Mi horario sin enlace', schema: timetableResponse } },
      errors: [400, 404, 429],
    }),
    requireAuth,
    rateLimit('settings'),
    validate('param', festivalIdParamSchema),
    async (c) => {
      return c.json(await stopSharingTimetable(await db(), currentUser(c).id, c.req.valid('param').festivalId));
    },
  );
