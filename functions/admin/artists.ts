import { Hono } from 'hono';
import { idParamSchema } from '#core/festival-schemas';
import { artistInputSchema, artistLookupSchema, artistMergeSchema } from '#core/lineup-schemas';
import type { AppEnv } from '../lib/app-env';
import { currentUser } from '../lib/auth';
import { db } from '../lib/db';
import { artistDetail, artistsByNames } from '../lib/domain/artists/read-artists';
import { createArtist, deleteArtist, mergeArtists, updateArtist } from '../lib/domain/artists/write-artists';
import { validate } from '../lib/validate';
import { artistDetailSchema, artistLookupItemSchema } from '#core/lineup-types';
import { messageResponse } from '#core/response-schemas';
import { z } from '#core/zod';
import { documenter } from '../lib/openapi';

const doc = documenter('Administración');

/** 'Artistas' in the admin panel: create, edit, delete, merge duplicates. Every write is audited. */
export const artistRoutes = new Hono<AppEnv>()
  // Before the routes with an id: a pasted poster's names looked up in one request, not one search each.
  .post(
    '/artists/lookup',
    doc({
      summary: 'Qué nombres de un cartel son ya artistas (por su clave de nombre) y cuáles se crearían',
      access: 'admin',
      responses: { 200: { description: 'Cada nombre con su artista o null', schema: z.array(artistLookupItemSchema) } },
    }),
    validate('json', artistLookupSchema),
    async (c) => {
      return c.json(await artistsByNames(await db(), c.req.valid('json').names));
    },
  )
  .post(
    '/artists',
    doc({
      summary: 'Crea un artista',
      access: 'admin',
      responses: { 201: { description: 'El artista', schema: artistDetailSchema } },
      errors: [409],
    }),
    validate('json', artistInputSchema),
    async (c) => {
      const database = await db();
      const id = await createArtist(database, c.req.valid('json'), currentUser(c).id);
      return c.json(await artistDetail(database, id), 201);
    },
  )
  .put(
    '/artists/:id',
    doc({
      summary: 'Edita un artista',
      access: 'admin',
      responses: { 200: { description: 'El artista', schema: artistDetailSchema } },
      errors: [404, 409],
    }),
    validate('param', idParamSchema),
    validate('json', artistInputSchema),
    async (c) => {
      const database = await db();
      const { id } = c.req.valid('param');
      await updateArtist(database, id, c.req.valid('json'), currentUser(c).id);
      return c.json(await artistDetail(database, id));
    },
  )
  .delete(
    '/artists/:id',
    doc({
      summary: 'Borra un artista que no está en ningún cartel',
      access: 'admin',
      responses: { 200: { description: 'Artista eliminado', schema: messageResponse } },
      errors: [404, 409],
    }),
    validate('param', idParamSchema),
    async (c) => {
      const { id } = c.req.valid('param');
      await deleteArtist(await db(), id, currentUser(c).id);
      return c.json({ message: 'Artista eliminado correctamente', id });
    },
  )
  .post(
    '/artists/:id/merge',
    doc({
      summary: 'Fusiona un artista duplicado en otro (sus carteles pasan al otro)',
      access: 'admin',
      responses: { 200: { description: 'El artista que queda', schema: artistDetailSchema } },
      errors: [404, 409],
    }),
    validate('param', idParamSchema),
    validate('json', artistMergeSchema),
    async (c) => {
      const database = await db();
      const { id } = c.req.valid('param');
      const { into } = c.req.valid('json');
      await mergeArtists(database, id, into, currentUser(c).id);
      return c.json(await artistDetail(database, into));
    },
  );
