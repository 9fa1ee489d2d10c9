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
  approvedFestival,
  readTimetable,
  saveTimetable,
  setsOf,
  sharedTimetable,
  shareTimetable,
  stopSharingTimetable,
} from '../lib/domain/timetables/timetables';
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
      const database = await db();
      const festival = await approvedFestival(database, c.req.valid('param').festivalId);
      const sets = (await setsOf(database, festival.edition, c.req.valid('query').picks)).filter((s) => s.startsAt);
      // Loaded on use (the calendar library and the zone map): the festivals function answers reads on
      // nearly every call and exports rarely.
      const [{ default: ical, ICalCalendarMethod }, { clockTime, festivalTimeZone }] = await Promise.all([
        import('ical-generator'),
        import('#core/time-zone'),
      ]);
      const host = new URL(siteUrl()).host;
      const page = siteUrl(festivalPath(festival.id, festival.name));
      const calendar = ical({
        name: `Mi horario: ${festival.name}`,
        prodId: { company: 'Festivales', product: 'Mi horario', language: 'ES' },
        method: ICalCalendarMethod.PUBLISH,
      });
      // Start and end stay UTC instants (…Z), which every calendar places right in any zone. The
      // festival's zone is only named: ical-generator's `timezone` option would print the UTC clock
      // with that zone's TZID, an hour or two off.
      const zone = festivalTimeZone(festival);
      if (zone) calendar.x('X-WR-TIMEZONE', zone);
      for (const set of sets) {
        const start = set.startsAt!;
        const end = set.endsAt ?? new Date(start.getTime() + 60 * 60_000);
        const localTimes = zone
          ? `${clockTime(start, zone)}–${clockTime(end, zone)}, hora local del festival (${zone})\n`
          : '';
        calendar.createEvent({
          id: `set-${set.id}@${host}`,
          start,
          end,
          summary: `${set.artist} · ${festival.name}`,
          location: [set.stage, festival.location].filter(Boolean).join(', ') || undefined,
          description: `${localTimes}${page}`,
          url: page,
        });
      }
      c.header('Content-Type', 'text/calendar; charset=utf-8');
      c.header('Content-Disposition', `attachment; filename="mi-horario-${festival.id}.ics"`);
      // ical-generator leaves the last line without the CRLF that RFC 5545 §3.1 ends every line with.
      return c.body(`${calendar.toString()}\r\n`);
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
