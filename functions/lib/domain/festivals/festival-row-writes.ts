import { eq, inArray, sql } from 'drizzle-orm';
import { festivalDedupeKey } from '#core/festival-key';
import type { Executor } from '#db/client';
import { festivalGenresTable, festivalsTable, genresTable } from '#db/schema';

/*
 * A festival's own rows (the festival and its genres), written inside the caller's transaction.
 * Kept apart from the admin's and the proposer's writes (write-festivals.ts, propose-festival.ts),
 * which add notifications, alerts, audit and uploads: the sample catalogue's seed writes through
 * these alone, so the migrate function that runs it does not carry the storage client.
 */

export type FestivalInsert = Omit<typeof festivalsTable.$inferInsert, 'dedupeKey' | 'id'>;

/** Replaces a festival's genres, creating unknown ones (matched ignoring case). Three queries whatever the count. */
export async function setFestivalGenres(tx: Executor, festivalId: number, genres: string[]): Promise<void> {
  await tx.delete(festivalGenresTable).where(eq(festivalGenresTable.festivalId, festivalId));
  if (genres.length === 0) return;
  await tx
    .insert(genresTable)
    .values(genres.map((name) => ({ name })))
    .onConflictDoNothing();
  const lowered = genres.map((g) => g.toLowerCase());
  const rows = await tx
    .select({ id: genresTable.id, name: genresTable.name })
    .from(genresTable)
    .where(inArray(sql`lower(${genresTable.name})`, lowered));
  const idByName = new Map(rows.map((r) => [r.name.toLowerCase(), r.id]));
  await tx
    .insert(festivalGenresTable)
    .values(lowered.map((name, position) => ({ festivalId, genreId: idByName.get(name)!, position })));
}

/** Inserts a festival and its genres; the caller wraps it in a transaction. */
export async function insertFestival(tx: Executor, values: FestivalInsert, genres: string[]): Promise<number> {
  const [row] = await tx
    .insert(festivalsTable)
    .values({ ...values, dedupeKey: festivalDedupeKey(values.name, values.location) })
    .returning({ id: festivalsTable.id });
  await setFestivalGenres(tx, row.id, genres);
  return row.id;
}

/** Inserts many festivals and their genres in five statements; ids in the order given. */
export async function insertFestivals(
  tx: Executor,
  rows: { values: FestivalInsert; genres: string[] }[],
): Promise<number[]> {
  const inserted = await tx
    .insert(festivalsTable)
    .values(rows.map(({ values }) => ({ ...values, dedupeKey: festivalDedupeKey(values.name, values.location) })))
    .returning({ id: festivalsTable.id });
  // PostgreSQL numbers a multi-row insert's serial ids in the order of its rows.
  const ids = inserted.map((r) => r.id).sort((a, b) => a - b);
  const names = [...new Set(rows.flatMap((r) => r.genres))];
  if (names.length === 0) return ids;
  await tx
    .insert(genresTable)
    .values(names.map((name) => ({ name })))
    .onConflictDoNothing();
  const known = await tx
    .select({ id: genresTable.id, name: genresTable.name })
    .from(genresTable)
    .where(
      inArray(
        sql`lower(${genresTable.name})`,
        names.map((n) => n.toLowerCase()),
      ),
    );
  const idByName = new Map(known.map((g) => [g.name.toLowerCase(), g.id]));
  const links = rows.flatMap(({ genres }, i) =>
    [...new Set(genres.map((g) => g.toLowerCase()))].map((name, position) => ({
      festivalId: ids[i],
      genreId: idByName.get(name)!,
      position,
    })),
  );
  if (links.length) await tx.insert(festivalGenresTable).values(links);
  return ids;
}

/** Updates a festival (the dedupe key follows name and location) and, when given, its genres. */
export async function updateFestival(
  tx: Executor,
  id: number,
  values: Partial<FestivalInsert> & Pick<FestivalInsert, 'name' | 'location'>,
  genres?: string[],
): Promise<boolean> {
  const rows = await tx
    .update(festivalsTable)
    .set({ ...values, dedupeKey: festivalDedupeKey(values.name, values.location), updatedAt: new Date() })
    .where(eq(festivalsTable.id, id))
    .returning({ id: festivalsTable.id });
  if (rows.length === 0) return false;
  if (genres) await setFestivalGenres(tx, id, genres);
  return true;
}
