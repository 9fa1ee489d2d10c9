import { favoritesSyncSchema } from '#core/community-schemas';
import { idParamSchema } from '#core/festival-schemas';
import { createApp } from '../lib/app';
import { currentUser, requireAuth } from '../lib/auth';
import { rateLimitWrites } from '../lib/rate-limit';
import { db } from '../lib/db';
import { addFavorite, listFavorites, removeFavorite, syncFavorites } from '../lib/domain/favorites/favorites';
import { validate } from '../lib/validate';
import { favoriteChangedResponse, favoriteIdsResponse, favoritesSyncResponse } from '#core/response-schemas';
import { documenter } from '../lib/openapi';

const doc = documenter('Favoritos');

/** Favourites: the signed-in user's festival ids, as integers. */
export const app = createApp('/api/favorites')
  .use('*', requireAuth)
  .use('*', rateLimitWrites('settings'))
  .get(
    '/',
    doc({
      summary: 'Ids de los festivales favoritos',
      access: 'user',
      responses: { 200: { description: 'Favoritos', schema: favoriteIdsResponse } },
    }),
    async (c) => c.json(await listFavorites(await db(), currentUser(c).id)),
  )
  .post(
    '/sync',
    doc({
      summary: 'Une (o sustituye) los favoritos guardados en el navegador',
      access: 'user',
      responses: { 200: { description: 'Resultado', schema: favoritesSyncResponse } },
      errors: [429],
    }),
    validate('json', favoritesSyncSchema),
    async (c) => {
      const { favorites, overwrite } = c.req.valid('json');
      return c.json(await syncFavorites(await db(), currentUser(c), favorites, overwrite));
    },
  )
  .post(
    '/:id',
    doc({
      summary: 'Añade un festival a favoritos',
      access: 'user',
      responses: {
        200: { description: 'Ya era favorito', schema: favoriteChangedResponse },
        201: { description: 'Añadido', schema: favoriteChangedResponse },
      },
      errors: [404, 429],
    }),
    validate('param', idParamSchema),
    async (c) => {
      const { id } = c.req.valid('param');
      const added = await addFavorite(await db(), currentUser(c), id);
      return c.json({ message: 'Festival añadido a favoritos', festival_id: id, favorite: true }, added ? 201 : 200);
    },
  )
  .delete(
    '/:id',
    doc({
      summary: 'Quita un festival de favoritos',
      access: 'user',
      responses: { 200: { description: 'Quitado', schema: favoriteChangedResponse } },
      errors: [404, 429],
    }),
    validate('param', idParamSchema),
    async (c) => {
      const { id } = c.req.valid('param');
      await removeFavorite(await db(), currentUser(c), id);
      return c.json({ message: 'Festival eliminado de favoritos', festival_id: id, favorite: false });
    },
  );
