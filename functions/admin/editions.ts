import { Hono } from 'hono';
import { idParamSchema } from '#core/festival-schemas';
import { editionInputSchema, lineupInputSchema, ticketsInputSchema } from '#core/lineup-schemas';
import type { AppEnv } from '../lib/app-env';
import { currentUser } from '../lib/auth';
import { db } from '../lib/db';
import { festivalEditions } from '../lib/domain/editions/read-editions';
import { createEdition, deleteEdition, editionFestivalId, updateEdition } from '../lib/domain/editions/write-editions';
import { replaceLineup, setTickets } from '../lib/domain/editions/write-lineups';
import { replaceTiers } from '../lib/domain/editions/write-tiers';
import { setAccessibility, setConditions } from '../lib/domain/editions/write-trip-facts';
import { accessibilityInputSchema, conditionsInputSchema } from '#core/trip-fact-schemas';
import { tiersInputSchema } from '#core/price-tier-schemas';
import { validate } from '../lib/validate';
import { z } from '#core/zod';
import { editionSchema } from '#core/lineup-types';
import { messageResponse } from '#core/response-schemas';
import { documenter } from '../lib/openapi';

const doc = documenter('Administración');

type Database = Awaited<ReturnType<typeof db>>;

/** The edition as GET /api/festivals/{id}/editions shows it. */
async function editionView(database: Database, id: number) {
  const editions = await festivalEditions(database, await editionFestivalId(database, id));
  return editions.find((e) => e.id === id)!;
}

/** A festival's editions, lineups and tickets in the admin panel. Every write is audited. */
export const editionRoutes = new Hono<AppEnv>()
  .post(
    '/festivals/:id/editions',
    doc({
      summary: 'Añade una edición (un año) a un festival',
      access: 'admin',
      responses: { 201: { description: 'La edición', schema: editionSchema } },
      errors: [404, 409],
    }),
    validate('param', idParamSchema),
    validate('json', editionInputSchema),
    async (c) => {
      const database = await db();
      const id = await createEdition(database, c.req.valid('param').id, c.req.valid('json'), currentUser(c));
      return c.json(await editionView(database, id), 201);
    },
  )
  .put(
    '/editions/:id',
    doc({
      summary: 'Edita una edición',
      access: 'admin',
      responses: { 200: { description: 'La edición', schema: editionSchema } },
      errors: [404, 409],
    }),
    validate('param', idParamSchema),
    validate('json', editionInputSchema),
    async (c) => {
      const database = await db();
      const { id } = c.req.valid('param');
      await updateEdition(database, id, c.req.valid('json'), currentUser(c));
      return c.json(await editionView(database, id));
    },
  )
  .delete(
    '/editions/:id',
    doc({
      summary: 'Borra una edición',
      access: 'admin',
      responses: { 200: { description: 'Edición eliminada', schema: messageResponse } },
      errors: [404, 409],
    }),
    validate('param', idParamSchema),
    async (c) => {
      const { id } = c.req.valid('param');
      await deleteEdition(await db(), id, currentUser(c));
      return c.json({ message: 'Edición eliminada correctamente', id });
    },
  )
  .put(
    '/editions/:id/lineup',
    doc({
      summary: 'Sustituye el cartel de una edición (crea los artistas nuevos)',
      access: 'admin',
      responses: {
        200: {
          description: 'La edición y cuántos artistas se crearon',
          schema: editionSchema.extend({ artistsCreated: z.number().int() }),
        },
      },
      errors: [404],
    }),
    validate('param', idParamSchema),
    validate('json', lineupInputSchema),
    async (c) => {
      const database = await db();
      const { id } = c.req.valid('param');
      const { created } = await replaceLineup(database, id, c.req.valid('json').lineup, currentUser(c));
      return c.json({ ...(await editionView(database, id)), artistsCreated: created });
    },
  )
  .put(
    '/editions/:id/tickets',
    doc({
      summary: 'Fija las entradas de una edición (sin tramos de precio: con tramos se calculan de ellos)',
      access: 'admin',
      responses: { 200: { description: 'La edición', schema: editionSchema } },
      errors: [404, 409],
    }),
    validate('param', idParamSchema),
    validate('json', ticketsInputSchema),
    async (c) => {
      const database = await db();
      const { id } = c.req.valid('param');
      await setTickets(database, id, c.req.valid('json'), currentUser(c));
      return c.json(await editionView(database, id));
    },
  )
  .put(
    '/editions/:id/tiers',
    doc({
      summary: 'Sustituye los tramos de precio de una edición (conserva los que se envían con su id)',
      description:
        'Las entradas de la edición (precio desde, fecha de venta, agotado, enlace) se calculan de sus tramos de acceso, ' +
        'y la base de datos guarda cada cambio de precio o disponibilidad (GET /api/editions/{id}/price-history).',
      access: 'admin',
      responses: { 200: { description: 'La edición', schema: editionSchema } },
      errors: [404, 422],
    }),
    validate('param', idParamSchema),
    validate('json', tiersInputSchema),
    async (c) => {
      const database = await db();
      const { id } = c.req.valid('param');
      await replaceTiers(database, id, c.req.valid('json'), currentUser(c));
      return c.json(await editionView(database, id));
    },
  )
  .put(
    '/editions/:id/conditions',
    doc({
      summary: "Fija las condiciones de acceso de una edición ('Antes de ir'): comida, agua, reentrada, pago, edad...",
      description:
        'Cada dato es opcional: lo que no se envía queda sin confirmar. Con su fuente y fecha de verificación.',
      access: 'admin',
      responses: { 200: { description: 'La edición', schema: editionSchema } },
      errors: [404],
    }),
    validate('param', idParamSchema),
    validate('json', conditionsInputSchema),
    async (c) => {
      const database = await db();
      const { id } = c.req.valid('param');
      await setConditions(database, id, c.req.valid('json'), currentUser(c));
      return c.json(await editionView(database, id));
    },
  )
  .put(
    '/editions/:id/accessibility',
    doc({
      summary: 'Fija la accesibilidad de una edición',
      description:
        'Cada dato es opcional: lo que no se envía queda sin confirmar. Con su fuente y fecha de verificación.',
      access: 'admin',
      responses: { 200: { description: 'La edición', schema: editionSchema } },
      errors: [404],
    }),
    validate('param', idParamSchema),
    validate('json', accessibilityInputSchema),
    async (c) => {
      const database = await db();
      const { id } = c.req.valid('param');
      await setAccessibility(database, id, c.req.valid('json'), currentUser(c));
      return c.json(await editionView(database, id));
    },
  );
