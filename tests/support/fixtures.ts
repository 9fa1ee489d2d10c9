import { insertFestival, type FestivalInsert } from '../../db/festival-writes';
import { commentsTable } from '../../db/schema';
import { invalidateCatalog } from '../../functions/lib/festival-store';
import { db } from './api';

let counter = 0;

/** Inserts an approved festival straight into the database; returns its id. */
export async function createFestival(values: Partial<FestivalInsert> = {}, genres: string[] = ['Techno']): Promise<number> {
  counter += 1;
  // Rows written behind the API's back: drop the short-lived catalogue cache as an API write would.
  invalidateCatalog();
  return db().transaction((tx) =>
    insertFestival(
      tx,
      {
        name: `Festival de prueba ${counter} ${Date.now()}`,
        location: 'Madrid, España',
        description: 'Un festival de **prueba**.',
        startDate: '2030-07-10',
        endDate: '2030-07-12',
        status: 'approved',
        latitude: 40.4,
        longitude: -3.7,
        ...values,
      },
      genres,
    ),
  );
}

export async function addComment(festivalId: number, userId: number, rating: number, content = 'Muy bueno') {
  const [row] = await db().insert(commentsTable).values({ festivalId, userId, rating, content }).returning();
  invalidateCatalog();
  return row;
}
