import { artistQuerySchema } from '#core/lineup-schemas';
import { idParamSchema } from '#core/festival-schemas';
import { createApp } from '../lib/app';
import { publicReadCacheControl, sendCachedBody } from '../lib/cached-body';
import { db } from '../lib/db';
import { artistDetailBody } from '../lib/domain/artists/read-artists';
import { searchArtists } from '../lib/domain/artists/artist-search';
import { artistNotFound } from '../lib/domain/artists/write-artists';
import { validate } from '../lib/validate';
import { z } from '#core/zod';
import { artistDetailSchema, artistListItemSchema } from '#core/lineup-types';
import { documenter } from '../lib/openapi';

const doc = documenter('Artistas');

/** Public artist pages' data. Served by the festivals function (the Router sends it every /api path no other area claims). */
export const app = createApp('/api/artists')
  .get(
    '/',
    doc({
      summary: 'Busca artistas (sin distinguir acentos), con su número de festivales próximos',
      responses: { 200: { description: 'Artistas (X-Total-Count: el total)', schema: z.array(artistListItemSchema) } },
    }),
    validate('query', artistQuerySchema),
    async (c) => {
      const { artists, total } = await searchArtists(await db(), c.req.valid('query'));
      c.header('X-Total-Count', String(total));
      c.header('Cache-Control', publicReadCacheControl(c));
      return c.json(artists);
    },
  )
  .get(
    '/:id',
    doc({
      summary: 'Un artista y sus festivales aprobados (próximos primero, luego ediciones pasadas)',
      responses: {
        200: { description: 'El artista', schema: artistDetailSchema },
        304: { description: 'Sin cambios (ETag)' },
      },
      errors: [404],
    }),
    validate('param', idParamSchema),
    async (c) => {
      // Built once per state of the artist and kept (ETag, 304, compressed when asked), as the lists.
      const artist = await artistDetailBody(await db(), c.req.valid('param').id);
      if (!artist) throw artistNotFound();
      return sendCachedBody(c, artist, publicReadCacheControl(c));
    },
  );
