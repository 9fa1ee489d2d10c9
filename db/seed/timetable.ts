import { asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Executor } from '../client';
import { festivalEditionsTable, festivalsTable, lineupEntriesTable } from '../schema';

const STAGES = ['Escenario principal', 'Carpa', 'Terraza'];

/**
 * Gives the first seeded festival with eight or more artists in its past lineups a current edition
 * with set times, so the timetable page ('Mi horario') has something to show on a fresh `npm start`:
 * those artists spread over the days of its current edition (at least four sets a day) and three
 * stages, one-hour sets every 90 minutes from 18:00 (Madrid summer time, 16:00 UTC), stages half an
 * hour apart, so some picks clash and others do not. Indicative like every seeded date. Runs in the
 * seed's transaction, after the lineups.
 */
export async function seedTimetable(tx: Executor): Promise<void> {
  const candidates = await tx
    .select({ id: festivalsTable.id, current: festivalsTable.currentEditionId })
    .from(festivalsTable)
    .where(isNotNull(festivalsTable.currentEditionId))
    .orderBy(asc(festivalsTable.id));
  for (const festival of candidates) {
    const editions = await tx
      .select({
        id: festivalEditionsTable.id,
        year: festivalEditionsTable.year,
        start: festivalEditionsTable.startDate,
        end: festivalEditionsTable.endDate,
      })
      .from(festivalEditionsTable)
      .where(eq(festivalEditionsTable.festivalId, festival.id));
    const current = editions.find((e) => e.id === festival.current);
    const past = editions.filter((e) => e.id !== festival.current).map((e) => e.id);
    if (!current || past.length === 0) continue;
    const already = await tx
      .select({ id: lineupEntriesTable.id })
      .from(lineupEntriesTable)
      .where(eq(lineupEntriesTable.editionId, current.id))
      .limit(1);
    if (already.length) continue;
    // Everyone who played its past editions, once each, headliners first.
    const played = await tx
      .select({ artistId: lineupEntriesTable.artistId, billing: lineupEntriesTable.billing })
      .from(lineupEntriesTable)
      .where(inArray(lineupEntriesTable.editionId, past))
      .orderBy(asc(lineupEntriesTable.billing), asc(lineupEntriesTable.position));
    const artists = [...new Map(played.map((a) => [a.artistId, a])).values()];
    if (artists.length < 8) continue;
    const first = Date.parse(`${current.start}T00:00:00Z`);
    const last = Date.parse(`${current.end ?? current.start}T00:00:00Z`);
    // At least four sets a day, so a day has sets that clash and sets that do not.
    const days = Math.max(1, Math.min(Math.round((last - first) / 86_400_000) + 1, Math.floor(artists.length / 4)));
    await tx.insert(lineupEntriesTable).values(
      artists.slice(0, 60).map((a, position) => {
        const day = position % days;
        const stage = Math.floor(position / days) % STAGES.length;
        const slot = Math.floor(position / (days * STAGES.length));
        // One-hour sets every 90 minutes on a stage; stages start half an hour apart, so sets on
        // different stages overlap and later ones do not.
        const start = first + day * 86_400_000 + (16 * 60 + slot * 90 + stage * 30) * 60_000;
        return {
          editionId: current.id,
          artistId: a.artistId,
          position,
          billing: a.billing,
          day: new Date(first + day * 86_400_000).toISOString().slice(0, 10),
          stage: STAGES[stage],
          startsAt: new Date(start),
          endsAt: new Date(start + 60 * 60_000),
        };
      }),
    );
    return;
  }
}
