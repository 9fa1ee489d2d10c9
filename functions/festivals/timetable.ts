import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { idParamSchema } from '#core/festival-schemas';
import { festivalPath } from '#core/share';
import { shareTokenParamSchema, timetableIcsQuerySchema, timetableInputSchema } from '#core/timetable-schemas';
import { sharedTimetableResponse, timetableResponse } from '#core/response-schemas';
import { z } from '#core/zod';
import type { Executor } from '#db/client';
import { artistsTable, festivalsTable, lineupEntriesTable, timetablesTable, usersTable } from '#db/schema';
import type { AppEnv } from '../lib/app-env';
import { currentUser, requireAuth } from '../lib/auth';
import { db } from '../lib/db';
import { badRequest, notFound } from '../lib/errors';
import { siteUrl } from '../lib/mail/site-url';
import { documenter } from '../lib/openapi';
import { validate } from '../lib/validate';

const doc = documenter('Mi horario');

const festivalNotFound = () => notFound('Festival no encontrado', 'festival_not_found');

/** An approved festival's name and current edition, or 404. */
async function approvedFestival(executor: Executor, id: number) {
  const [festival] = await executor
    .select({ id: festivalsTable.id, name: festivalsTable.name, edition: festivalsTable.currentEditionId, location: festivalsTable.location })
    .from(festivalsTable)
    .where(and(eq(festivalsTable.id, id), eq(festivalsTable.status, 'approved')));
  if (!festival) throw festivalNotFound();
  return festival;
}

/** The sets of the festival's current edition among `ids`, with what a calendar event needs. */
async function setsOf(executor: Executor, editionId: number | null, ids: number[]) {
  if (editionId === null || ids.length === 0) return [];
  return executor
    .select({ id: lineupEntriesTable.id, artist: artistsTable.name, stage: lineupEntriesTable.stage, startsAt: lineupEntriesTable.startsAt, endsAt: lineupEntriesTable.endsAt })
    .from(lineupEntriesTable)
    .innerJoin(artistsTable, eq(artistsTable.id, lineupEntriesTable.artistId))
    .where(and(eq(lineupEntriesTable.editionId, editionId), inArray(lineupEntriesTable.id, ids)));
}

const emptyTimetable = (festivalId: number) => ({ festival_id: festivalId, picks: [] as number[], share_token: null });

/**
 * 'Mi horario': a signed-in person's picks among a festival's sets, kept per person and festival;
 * every route reads and writes the caller's own row only, so there is no one else's to reach. The
 * read-only link shows the picks of whoever shared it, by a random token they can revoke. The .ics
 * takes the picks in the address, so it serves the device's own picks when signed out too.
 */
export const timetableRoutes = new Hono<AppEnv>()
  .get('/timetables/shared/:token', doc({ summary: 'Un horario compartido (solo lectura)', responses: { 200: { description: 'Las actuaciones elegidas', schema: sharedTimetableResponse } }, errors: [404] }), validate('param', shareTokenParamSchema), async (c) => {
    const database = await db();
    const [row] = await database
      .select({ festivalId: timetablesTable.festivalId, picks: timetablesTable.picks, owner: usersTable.name })
      .from(timetablesTable)
      .innerJoin(usersTable, eq(usersTable.id, timetablesTable.userId))
      .innerJoin(festivalsTable, and(eq(festivalsTable.id, timetablesTable.festivalId), eq(festivalsTable.status, 'approved')))
      .where(eq(timetablesTable.shareToken, c.req.valid('param').token));
    if (!row) throw notFound('Este horario ya no se comparte o el enlace no es correcto.', 'timetable_not_found');
    c.header('Cache-Control', 'private, no-store');
    return c.json({ festival_id: row.festivalId, picks: row.picks, owner: (row.owner ?? '').split(' ')[0] || 'Alguien' });
  })
  .get('/:id/timetable.ics', doc({ summary: 'Las actuaciones elegidas como calendario (.ics)', responses: { 200: { description: 'iCalendar', schema: z.string(), contentType: 'text/calendar' } }, errors: [400, 404] }), validate('param', idParamSchema), validate('query', timetableIcsQuerySchema), async (c) => {
    const database = await db();
    const festival = await approvedFestival(database, c.req.valid('param').id);
    const sets = (await setsOf(database, festival.edition, c.req.valid('query').picks)).filter((s) => s.startsAt);
    // Loaded on use: the festivals function answers reads on nearly every call and exports rarely.
    const { default: ical, ICalCalendarMethod } = await import('ical-generator');
    const host = new URL(siteUrl()).host;
    const page = siteUrl(festivalPath(festival.id, festival.name));
    const calendar = ical({ name: `Mi horario: ${festival.name}`, prodId: { company: 'Festivales', product: 'Mi horario', language: 'ES' }, method: ICalCalendarMethod.PUBLISH });
    for (const set of sets) {
      calendar.createEvent({
        id: `set-${set.id}@${host}`,
        start: set.startsAt!,
        end: set.endsAt ?? new Date(set.startsAt!.getTime() + 60 * 60_000),
        summary: `${set.artist} · ${festival.name}`,
        location: [set.stage, festival.location].filter(Boolean).join(', ') || undefined,
        description: page,
        url: page,
      });
    }
    c.header('Content-Type', 'text/calendar; charset=utf-8');
    c.header('Content-Disposition', `attachment; filename="mi-horario-${festival.id}.ics"`);
    return c.body(calendar.toString());
  })
  .get('/:id/timetable', doc({ summary: 'Mi horario de un festival', access: 'user', responses: { 200: { description: 'Mis actuaciones elegidas', schema: timetableResponse } }, errors: [404] }), requireAuth, validate('param', idParamSchema), async (c) => {
    const user = currentUser(c);
    const database = await db();
    const festival = await approvedFestival(database, c.req.valid('param').id);
    const [row] = await database
      .select()
      .from(timetablesTable)
      .where(and(eq(timetablesTable.userId, user.id), eq(timetablesTable.festivalId, festival.id)));
    c.header('Cache-Control', 'private, no-store');
    return c.json(row ? { festival_id: festival.id, picks: row.picks, share_token: row.shareToken } : emptyTimetable(festival.id));
  })
  .put('/:id/timetable', doc({ summary: 'Guarda mi horario de un festival (la lista entera)', access: 'user', responses: { 200: { description: 'Mis actuaciones elegidas', schema: timetableResponse } }, errors: [400, 404] }), requireAuth, validate('param', idParamSchema), validate('json', timetableInputSchema), async (c) => {
    const user = currentUser(c);
    const database = await db();
    const festival = await approvedFestival(database, c.req.valid('param').id);
    const picks = [...new Set(c.req.valid('json').picks)].sort((a, b) => a - b);
    const known = new Set((await setsOf(database, festival.edition, picks)).map((s) => s.id));
    const unknown = picks.filter((id) => !known.has(id));
    if (unknown.length) throw badRequest(`Estas actuaciones no están en el cartel de este festival: ${unknown.join(', ')}.`, 'picks_not_in_lineup');
    const [row] = await database
      .insert(timetablesTable)
      .values({ userId: user.id, festivalId: festival.id, picks })
      .onConflictDoUpdate({ target: [timetablesTable.userId, timetablesTable.festivalId], set: { picks, updatedAt: new Date() } })
      .returning();
    return c.json({ festival_id: festival.id, picks: row.picks, share_token: row.shareToken });
  })
  .post('/:id/timetable/share', doc({ summary: 'Comparte mi horario con un enlace de solo lectura', access: 'user', responses: { 200: { description: 'Mi horario con su enlace', schema: timetableResponse.extend({ url: z.string() }) } }, errors: [404] }), requireAuth, validate('param', idParamSchema), async (c) => {
    const user = currentUser(c);
    const database = await db();
    const festival = await approvedFestival(database, c.req.valid('param').id);
    await database.insert(timetablesTable).values({ userId: user.id, festivalId: festival.id, shareToken: randomUUID() }).onConflictDoNothing();
    // The same link while it is shared: a second tap does not break the one already sent.
    const [row] = await database
      .update(timetablesTable)
      .set({ shareToken: sql`coalesce(${timetablesTable.shareToken}, gen_random_uuid())` })
      .where(and(eq(timetablesTable.userId, user.id), eq(timetablesTable.festivalId, festival.id)))
      .returning();
    return c.json({ festival_id: festival.id, picks: row.picks, share_token: row.shareToken, url: siteUrl(`${festivalPath(festival.id, festival.name)}/horario?compartido=${row.shareToken}`) });
  })
  .delete('/:id/timetable/share', doc({ summary: 'Deja de compartir mi horario (el enlace deja de funcionar)', access: 'user', responses: { 200: { description: 'Mi horario sin enlace', schema: timetableResponse } }, errors: [404] }), requireAuth, validate('param', idParamSchema), async (c) => {
    const user = currentUser(c);
    const database = await db();
    const festival = await approvedFestival(database, c.req.valid('param').id);
    const [row] = await database
      .update(timetablesTable)
      .set({ shareToken: null })
      .where(and(eq(timetablesTable.userId, user.id), eq(timetablesTable.festivalId, festival.id)))
      .returning();
    return c.json(row ? { festival_id: festival.id, picks: row.picks, share_token: null } : emptyTimetable(festival.id));
  });
