import { Hono } from 'hono';
import { coordinatesSchema, GEOCODE_BATCH_DEFAULT, geocodeMissingQuerySchema } from '#core/admin-schemas';
import { idParamSchema } from '#core/festival-schemas';
import type { AppEnv } from '../lib/app-env';
import { currentUser } from '../lib/auth';
import { db } from '../lib/db';
import { findFestival } from '../lib/domain/festivals/festival-rows';
import {
  geocodeMissingFestivals,
  geocodeOneFestival,
  setFestivalCoordinates,
} from '../lib/domain/festivals/geocode-festivals';
import { validate } from '../lib/validate';
import { festivalResponse, geocodeMissingResponse } from '#core/response-schemas';
import { documenter } from '../lib/openapi';

const doc = documenter('Administración');

export const geocodingRoutes = new Hono<AppEnv>()
  .post(
    '/festivals/geocode-missing',
    doc({
      summary: 'Geocodifica festivales aprobados sin coordenadas (por lotes)',
      access: 'admin',
      responses: { 200: { description: 'Resultado del lote', schema: geocodeMissingResponse } },
      errors: [429, 502],
    }),
    validate('query', geocodeMissingQuerySchema),
    async (c) => {
      const { limit = GEOCODE_BATCH_DEFAULT } = c.req.valid('query');
      return c.json(await geocodeMissingFestivals(await db(), currentUser(c), limit));
    },
  )
  .post(
    '/festivals/:id/geocode',
    doc({
      summary: 'Geocodifica un festival a partir de su dirección',
      access: 'admin',
      responses: { 200: { description: 'El festival con sus coordenadas', schema: festivalResponse } },
      errors: [404, 429, 502],
    }),
    validate('param', idParamSchema),
    async (c) => {
      const { id } = c.req.valid('param');
      const database = await db();
      await geocodeOneFestival(database, currentUser(c), id);
      return c.json(await findFestival(database, id));
    },
  )
  .put(
    '/festivals/:id/coordinates',
    doc({
      summary: 'Fija a mano las coordenadas de un festival',
      access: 'admin',
      responses: { 200: { description: 'El festival', schema: festivalResponse } },
      errors: [404],
    }),
    validate('param', idParamSchema),
    validate('json', coordinatesSchema),
    async (c) => {
      const { id } = c.req.valid('param');
      const { latitude, longitude } = c.req.valid('json');
      const database = await db();
      await setFestivalCoordinates(database, currentUser(c), id, { latitude, longitude });
      return c.json(await findFestival(database, id));
    },
  );
