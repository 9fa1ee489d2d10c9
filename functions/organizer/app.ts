import { idParamSchema } from '#core/festival-schemas';
import { editionInputSchema, lineupInputSchema, ticketsInputSchema } from '#core/lineup-schemas';
import { editionSchema } from '#core/lineup-types';
import {
  claimVerifySchema,
  festivalUpdateInputSchema,
  lineupEntryParamSchema,
  organizerFestivalSchema,
  setChangeInputSchema,
} from '#core/organizer-schemas';
import { detectedChangeApplySchema, detectedChangeResponse } from '#core/import-schemas';
import { festivalResponse } from '#core/responses/festivals';
import { claimResponse, festivalUpdateResponse, setChangeResponse } from '#core/responses/organizers';
import { z } from '#core/zod';
import { createApp } from '../lib/app';
import { currentUser, requireAuth } from '../lib/auth';
import { db } from '../lib/db';
import { festivalEditions } from '../lib/domain/editions/read-editions';
import { createEdition, editionFestivalId, updateEdition } from '../lib/domain/editions/write-editions';
import { replaceLineup, setTickets } from '../lib/domain/editions/write-lineups';
import { replaceTiers } from '../lib/domain/editions/write-tiers';
import { setAccessibility, setConditions } from '../lib/domain/editions/write-trip-facts';
import { accessibilityInputSchema, conditionsInputSchema } from '#core/trip-fact-schemas';
import { tiersInputSchema } from '#core/price-tier-schemas';
import { findFestival } from '../lib/domain/festivals/festival-rows';
import { editFestival } from '../lib/domain/festivals/write-festivals';
import { myClaims } from '../lib/domain/organizers/claim-records';
import { verifyClaim } from '../lib/domain/organizers/claims';
import { postUpdate } from '../lib/domain/organizers/festival-updates';
import { changeSet } from '../lib/domain/organizers/live-changes';
import {
  requireOrganizedEdition,
  requireOrganizedFestival,
  requireOrganizedSet,
} from '../lib/domain/organizers/organizer-access';
import { organizedFestivals } from '../lib/domain/organizers/organizers';
import { applyDetectedChange, dismissDetectedChange, openChanges } from '../lib/domain/imports/watched-sources';
import { documenter } from '../lib/openapi';
import { rateLimit } from '../lib/rate-limit';
import { validate } from '../lib/validate';

const doc = documenter('Organización');

type Database = Awaited<ReturnType<typeof db>>;

/** The edition as GET /api/festivals/{id}/editions shows it. */
async function editionView(database: Database, id: number) {
  const editions = await festivalEditions(database, await editionFestivalId(database, id));
  return editions.find((e) => e.id === id)!;
}

async function rawKeys(c: { req: { json(): Promise<unknown> } }): Promise<Set<string>> {
  // Hono caches the parsed body, so this reads what the validator already parsed.
  const raw = await c.req.json();
  return new Set(raw && typeof raw === 'object' ? Object.keys(raw) : []);
}

const organizerErrors = [400, 403, 404, 429];

/**
 * The organiser's desk: the festivals a person organises and their edits, which go through the
 * very writes an admin's routes use (alerts, caches and the history follow them). Every route
 * checks the caller organises the festival it reaches: 404 for a festival they cannot see, 403
 * for one they do not organise (admins organise every festival).
 */
export const organizerApp = createApp('/api/organizer')
  .use('*', requireAuth)
  .use('*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'private, no-store');
  })
  .get(
    '/festivals',
    doc({
      summary: 'Los festivales que organizo',
      access: 'user',
      responses: {
        200: { description: 'Festivales', schema: z.array(festivalResponse.extend({ since: z.string() })) },
      },
    }),
    async (c) => c.json(await organizedFestivals(await db(), currentUser(c).id)),
  )
  .put(
    '/festivals/:id',
    doc({
      summary:
        'Edita lo que sabe la organización: descripción, web, imagen, géneros, transporte, aparcamiento, alojamiento',
      access: 'user',
      responses: { 200: { description: 'El festival', schema: festivalResponse } },
      errors: organizerErrors,
    }),
    validate('param', idParamSchema),
    validate('json', organizerFestivalSchema),
    rateLimit('organizerEdit'),
    async (c) => {
      const { id } = c.req.valid('param');
      const database = await db();
      const user = currentUser(c);
      await requireOrganizedFestival(database, user, id);
      await editFestival(database, user, id, c.req.valid('json'), await rawKeys(c));
      return c.json(await findFestival(database, id));
    },
  )
  .post(
    '/festivals/:id/editions',
    doc({
      summary: 'Añade una edición (un año) a un festival que organizo',
      access: 'user',
      responses: { 201: { description: 'La edición', schema: editionSchema } },
      errors: [...organizerErrors, 409],
    }),
    validate('param', idParamSchema),
    validate('json', editionInputSchema),
    rateLimit('organizerEdit'),
    async (c) => {
      const database = await db();
      const user = currentUser(c);
      const { id: festivalId } = c.req.valid('param');
      await requireOrganizedFestival(database, user, festivalId);
      const id = await createEdition(database, festivalId, c.req.valid('json'), user);
      return c.json(await editionView(database, id), 201);
    },
  )
  .put(
    '/editions/:id',
    doc({
      summary: 'Edita una edición: fechas y estado (anunciada, confirmada, cancelada)',
      access: 'user',
      responses: { 200: { description: 'La edición', schema: editionSchema } },
      errors: [...organizerErrors, 409],
    }),
    validate('param', idParamSchema),
    validate('json', editionInputSchema),
    rateLimit('organizerEdit'),
    async (c) => {
      const database = await db();
      const user = currentUser(c);
      const { id } = c.req.valid('param');
      await requireOrganizedEdition(database, user, id);
      await updateEdition(database, id, c.req.valid('json'), user);
      return c.json(await editionView(database, id));
    },
  )
  .put(
    '/editions/:id/lineup',
    doc({
      summary: 'Sustituye el cartel de una edición (crea los artistas nuevos)',
      access: 'user',
      responses: {
        200: {
          description: 'La edición y cuántos artistas se crearon',
          schema: editionSchema.extend({ artistsCreated: z.number().int() }),
        },
      },
      errors: organizerErrors,
    }),
    validate('param', idParamSchema),
    validate('json', lineupInputSchema),
    rateLimit('organizerEdit'),
    async (c) => {
      const database = await db();
      const user = currentUser(c);
      const { id } = c.req.valid('param');
      await requireOrganizedEdition(database, user, id);
      const { created } = await replaceLineup(database, id, c.req.valid('json').lineup, user);
      return c.json({ ...(await editionView(database, id)), artistsCreated: created });
    },
  )
  .put(
    '/editions/:id/tickets',
    doc({
      summary: 'Fija las entradas de una edición (sin tramos de precio: con tramos se calculan de ellos)',
      access: 'user',
      responses: { 200: { description: 'La edición', schema: editionSchema } },
      errors: [...organizerErrors, 409],
    }),
    validate('param', idParamSchema),
    validate('json', ticketsInputSchema),
    rateLimit('organizerEdit'),
    async (c) => {
      const database = await db();
      const user = currentUser(c);
      const { id } = c.req.valid('param');
      await requireOrganizedEdition(database, user, id);
      await setTickets(database, id, c.req.valid('json'), user);
      return c.json(await editionView(database, id));
    },
  )
  .put(
    '/editions/:id/tiers',
    doc({
      summary: 'Sustituye los tramos de precio de una edición (conserva los que se envían con su id)',
      access: 'user',
      responses: { 200: { description: 'La edición', schema: editionSchema } },
      errors: [...organizerErrors, 422],
    }),
    validate('param', idParamSchema),
    validate('json', tiersInputSchema),
    rateLimit('organizerEdit'),
    async (c) => {
      const database = await db();
      const user = currentUser(c);
      const { id } = c.req.valid('param');
      await requireOrganizedEdition(database, user, id);
      await replaceTiers(database, id, c.req.valid('json'), user);
      return c.json(await editionView(database, id));
    },
  )
  .put(
    '/editions/:id/conditions',
    doc({
      summary: "Fija las condiciones de acceso de una edición ('Antes de ir')",
      access: 'user',
      responses: { 200: { description: 'La edición', schema: editionSchema } },
      errors: organizerErrors,
    }),
    validate('param', idParamSchema),
    validate('json', conditionsInputSchema),
    rateLimit('organizerEdit'),
    async (c) => {
      const database = await db();
      const user = currentUser(c);
      const { id } = c.req.valid('param');
      await requireOrganizedEdition(database, user, id);
      await setConditions(database, id, c.req.valid('json'), user);
      return c.json(await editionView(database, id));
    },
  )
  .put(
    '/editions/:id/accessibility',
    doc({
      summary: 'Fija la accesibilidad de una edición',
      access: 'user',
      responses: { 200: { description: 'La edición', schema: editionSchema } },
      errors: organizerErrors,
    }),
    validate('param', idParamSchema),
    validate('json', accessibilityInputSchema),
    rateLimit('organizerEdit'),
    async (c) => {
      const database = await db();
      const user = currentUser(c);
      const { id } = c.req.valid('param');
      await requireOrganizedEdition(database, user, id);
      await setAccessibility(database, id, c.req.valid('json'), user);
      return c.json(await editionView(database, id));
    },
  )
  .post(
    '/festivals/:id/updates',
    doc({
      summary: 'Publica una novedad para quienes siguen el festival',
      access: 'user',
      responses: { 201: { description: 'La novedad', schema: festivalUpdateResponse } },
      errors: organizerErrors,
    }),
    validate('param', idParamSchema),
    validate('json', festivalUpdateInputSchema),
    rateLimit('festivalUpdate'),
    async (c) => {
      const database = await db();
      const user = currentUser(c);
      const { id } = c.req.valid('param');
      await requireOrganizedFestival(database, user, id);
      return c.json(await postUpdate(database, user, id, c.req.valid('json')), 201);
    },
  )
  .patch(
    '/sets/:lineupEntryId',
    doc({
      summary: 'Cambio en directo de una actuación: retraso, cambio de escenario, cancelación u horario nuevo',
      description:
        'Quienes eligieron la actuación en «Mi horario» reciben un aviso push y en la campana; el recordatorio se reprograma.',
      access: 'user',
      responses: { 200: { description: 'El cambio', schema: setChangeResponse } },
      errors: [...organizerErrors, 422],
    }),
    validate('param', lineupEntryParamSchema),
    validate('json', setChangeInputSchema),
    rateLimit('liveChange'),
    async (c) => {
      const database = await db();
      const user = currentUser(c);
      const { lineupEntryId } = c.req.valid('param');
      await requireOrganizedSet(database, user, lineupEntryId);
      return c.json(await changeSet(database, user, lineupEntryId, c.req.valid('json')));
    },
  )
  .get(
    '/detected-changes',
    doc({
      summary: "'Cambios detectados' en las webs de los festivales que organizo",
      access: 'user',
      responses: { 200: { description: 'Cambios', schema: z.array(detectedChangeResponse) } },
    }),
    async (c) => c.json(await openChanges(await db(), currentUser(c))),
  )
  .post(
    '/detected-changes/:id/apply',
    doc({
      summary: 'Aplica un cambio detectado de un festival que organizo (sin nombre, lugar ni coordenadas)',
      access: 'user',
      responses: { 200: { description: 'El cambio, aplicado', schema: detectedChangeResponse } },
      errors: [400, 404, 409, 422, 429],
    }),
    validate('param', idParamSchema),
    validate('json', detectedChangeApplySchema),
    rateLimit('organizerEdit'),
    async (c) =>
      c.json(
        await applyDetectedChange(await db(), currentUser(c), c.req.valid('param').id, c.req.valid('json').fields),
      ),
  )
  .post(
    '/detected-changes/:id/dismiss',
    doc({
      summary: 'Descarta un cambio detectado de un festival que organizo',
      access: 'user',
      responses: { 200: { description: 'El cambio, descartado', schema: detectedChangeResponse } },
      errors: [404],
    }),
    validate('param', idParamSchema),
    async (c) => c.json(await dismissDetectedChange(await db(), currentUser(c), c.req.valid('param').id)),
  );

/** A person's own claims and their proof; another person's claim answers 404. */
export const claimsApp = createApp('/api/claims')
  .use('*', requireAuth)
  .use('*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'private, no-store');
  })
  .get(
    '/',
    doc({
      summary: 'Mis solicitudes para organizar festivales',
      access: 'user',
      responses: { 200: { description: 'Solicitudes', schema: z.array(claimResponse) } },
    }),
    async (c) => c.json(await myClaims(await db(), currentUser(c).id)),
  )
  .post(
    '/:id/verify',
    doc({
      summary: 'Comprueba la prueba de una solicitud: el código del correo, o el token publicado en la web oficial',
      access: 'user',
      responses: { 200: { description: 'La solicitud, verificada', schema: claimResponse } },
      errors: [400, 404, 409, 422, 429],
    }),
    validate('param', idParamSchema),
    validate('json', claimVerifySchema),
    rateLimit('claimVerify'),
    async (c) => {
      const claim = await verifyClaim(await db(), currentUser(c), c.req.valid('param').id, c.req.valid('json').code);
      return c.json(claim);
    },
  );
