import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { Executor } from '../client';
import { festivalEditionsTable, festivalsTable, lineupEntriesTable } from '../schema';

const STAGES = ['Escenario principal', 'Carpa', 'Terraza'];

/**
 * Gives the first seeded festival whose lineup history is known a current edition with set times,
 * so the timetable page ('Mi horario') has something to show on a fresh `npm start`: the artists
 * of its latest past edition spread over the days of its current edition and three stages, one-hour
 * sets from 18:00 (Madrid summer time, 16:00 UTC) with a half-hour overlap between stages, so some
 * picks clash. Indicative like every seeded date. Runs in the seed's transaction, after the lineups.
 */
export async function seedTimetable(tx: Executor): Promise<void> {
  const candidates = await tx
    .select({ id: festivalsTable.id, current: festivalsTable.currentEditionId })
    .from(festivalsTable)
    .where(isNotNull(festivalsTable.currentEditionId))
    .orderBy(asc(festivalsTable.id));
  for (const festival of candidates) {
    const editions = await tx
      .select({ id: festivalEditionsTable.id, year: festivalEditionsTable.year, start: festivalEditionsTable.startDate, end: festivalEditionsTable.endDate })
      .from(festivalEditionsTable)
      .where(eq(festivalEditionsTable.festivalId, festival.id));
    const current = editions.find((e) => e.id === festival.current);
    const past = editions.filter((e) => e.id !== festival.current).sort((a, b) => b.year - a.year)[0];
    if (!current || !past) continue;
    const already = await tx.select({ id: lineupEntriesTable.id }).from(lineupEntriesTable).where(eq(lineupEntriesTable.editionId, current.id)).limit(1);
    if (already.length) continue;
    const artists = await tx
      .select({ artistId: lineupEntriesTable.artistId, billing: lineupEntriesTable.billing })
      .from(lineupEntriesTable)
      .where(and(eq(lineupEntriesTable.editionId, past.id)))
      .orderBy(asc(lineupEntriesTable.position));
    if (artists.length < 4) continue;
    const first = Date.parse(`${current.start}T00:00:00Z`);
    const last = Date.parse(`${current.end ?? current.start}T00:00:00Z`);
    const days = Math.max(1, Math.round((last - first) / 86_400_000) + 1);
    await tx.insert(lineupEntriesTable).values(
      artists.slice(0, 60).map((a, position) => {
        const day = position % days;
        const stage = Math.floor(position / days) % STAGES.length;
        const slot = Math.floor(position / (days * STAGES.length));
        // Stages start half an hour apart, so sets on different stages overlap.
        const start = first + day * 86_400_000 + (16 * 60 + slot * 60 + stage * 30) * 60_000;
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
