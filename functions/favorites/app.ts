import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { favoritesSyncSchema } from '#core/community-schemas';
import { idParamSchema } from '#core/festival-schemas';
import { favoritesTable, festivalsTable } from '#db/schema';
import type { Executor } from '#db/client';
import { createApp } from '../lib/app';
import type { AuthUser } from '../lib/app-env';
import { currentUser, requireAuth } from '../lib/auth';
import { db } from '../lib/db';
import { notFound } from '../lib/errors';
import { validate } from '../lib/validate';
import { FESTIVAL_NOT_FOUND, festivalVisibleTo } from '../lib/festival-access';
import { favoriteChangedResponse, favoriteIdsResponse, favoritesSyncResponse } from '#core/response-schemas';
import { documenter } from '../lib/openapi';

const doc = documenter('Favoritos');

/** Adds the visible festivals among `ids` to the user's favourites, skipping ones already there; returns those added. */
function insertFavorites(executor: Executor, user: AuthUser, ids: number[]) {
  return executor
    .insert(favoritesTable)
    .select(
      executor
        .select({ userId: sql<number>`${user.id}::int`.as('user_id'), festivalId: festivalsTable.id, createdAt: sql<Date>`now()`.as('created_at') })
        .from(festivalsTable)
        .where(and(inArray(festivalsTable.id, ids), festivalVisibleTo(user))),
    )
    .onConflictDoNothing()
    .returning({ festivalId: favoritesTable.festivalId });
}

async function listFavorites(executor: Executor, userId: number): Promise<number[]> {
  const rows = await executor
    .select({ id: favoritesTable.festivalId })
    .from(favoritesTable)
    .where(eq(favoritesTable.userId, userId))
    .orderBy(asc(favoritesTable.createdAt), asc(favoritesTable.festivalId));
  return rows.map((r) => r.id);
}

async function assertFestivalVisible(executor: Executor, user: AuthUser, id: number): Promise<void> {
  const [row] = await executor
    .select({ id: festivalsTable.id })
    .from(festivalsTable)
    .where(and(eq(festivalsTable.id, id), festivalVisibleTo(user)))
    .limit(1);
  if (!row) throw notFound(FESTIVAL_NOT_FOUND, 'festival_not_found');
}

/** Favourites: the signed-in user's festival ids, as integers. */
export const app = createApp('/api/favorites')
  .use('*', requireAuth)
  .get('/', doc({ summary: 'Ids de los festivales favoritos', access: 'user', responses: { 200: { description: 'Favoritos', schema: favoriteIdsResponse } } }), async (c) => c.json(await listFavorites(await db(), currentUser(c).id)))
  .post('/sync', doc({ summary: 'Une (o sustituye) los favoritos guardados en el navegador', access: 'user', responses: { 200: { description: 'Resultado', schema: favoritesSyncResponse } } }), validate('json', favoritesSyncSchema), async (c) => {
    const user = currentUser(c);
    const { favorites, overwrite } = c.req.valid('json');
    // Unknown or hidden ids are skipped, not refused: a local list may hold festivals deleted since.
    const result = await (await db()).transaction(async (tx) => {
      let removed = 0;
      if (overwrite) {
        const deleted = await tx
          .delete(favoritesTable)
          .where(
            favorites.length
              ? and(eq(favoritesTable.userId, user.id), notInArray(favoritesTable.festivalId, favorites))
              : eq(favoritesTable.userId, user.id),
          )
          .returning({ id: favoritesTable.festivalId });
        removed = deleted.length;
      }
      const added = favorites.length ? (await insertFavorites(tx, user, favorites)).length : 0;
      return { added, removed, favorites: await listFavorites(tx, user.id) };
    });
    return c.json(result);
  })
  .post('/:id', doc({ summary: 'Añade un festival a favoritos', access: 'user', responses: { 200: { description: 'Ya era favorito', schema: favoriteChangedResponse }, 201: { description: 'Añadido', schema: favoriteChangedResponse } }, errors: [404] }), validate('param', idParamSchema), async (c) => {
    const user = currentUser(c);
    const { id } = c.req.valid('param');
    const database = await db();
    const added = await insertFavorites(database, user, [id]);
    // Nothing inserted: either already a favourite (adding one twice is not an error) or no such festival.
    if (added.length === 0) await assertFestivalVisible(database, user, id);
    return c.json({ message: 'Festival añadido a favoritos', festival_id: id, favorite: true }, added.length ? 201 : 200);
  })
  .delete('/:id', doc({ summary: 'Quita un festival de favoritos', access: 'user', responses: { 200: { description: 'Quitado', schema: favoriteChangedResponse } }, errors: [404] }), validate('param', idParamSchema), async (c) => {
    const user = currentUser(c);
    const { id } = c.req.valid('param');
    const database = await db();
    const deleted = await database
      .delete(favoritesTable)
      .where(and(eq(favoritesTable.userId, user.id), eq(favoritesTable.festivalId, id)))
      .returning({ id: favoritesTable.festivalId });
    // Removing a festival that was not a favourite is not an error; an unknown festival is.
    if (deleted.length === 0) await assertFestivalVisible(database, user, id);
    return c.json({ message: 'Festival eliminado de favoritos', festival_id: id, favorite: false });
  });
