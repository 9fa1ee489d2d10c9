import { inArray } from 'drizzle-orm';
import { slugify } from '#core/slug';
import type { Executor } from '../client';
import {
  artistsTable,
  editionTicketsTable,
  festivalEditionsTable,
  festivalsTable,
  lineupEntriesTable,
} from '../schema';
import { seedFestivals } from './festival-data';
import { seedEditions } from './lineup-data';

const pad = (n: number) => String(n).padStart(2, '0');

/** The festival's usual dates in a given year. */
function datesIn(year: number, usualStart: string, durationDays: number) {
  const [month, day] = usualStart.split('-').map(Number);
  const end = new Date(Date.UTC(year, month - 1, day + Math.max(1, durationDays) - 1));
  return {
    startDate: `${year}-${usualStart}`,
    endDate: `${end.getUTCFullYear()}-${pad(end.getUTCMonth() + 1)}-${pad(end.getUTCDate())}`,
  };
}

/**
 * Past editions with their lineups, and indicative prices for the upcoming one, for the seeded
 * festivals that have them (db/seed/lineup-data.ts). Runs in the seed's transaction, after the
 * festivals (whose dates made their current edition).
 */
export async function seedLineups(tx: Executor): Promise<void> {
  const names = [...new Set(seedEditions.flatMap((f) => f.past.flatMap((e) => [...e.headliners, ...e.others])))];
  await tx
    .insert(artistsTable)
    .values(names.map((name) => ({ name, slug: slugify(name) || 'artista' })))
    .onConflictDoNothing();
  const artists = await tx
    .select({ id: artistsTable.id, name: artistsTable.name })
    .from(artistsTable)
    .where(inArray(artistsTable.name, names));
  const artistId = new Map(artists.map((a) => [a.name, a.id]));
  const festivals = await tx
    .select({ id: festivalsTable.id, name: festivalsTable.name, current: festivalsTable.currentEditionId })
    .from(festivalsTable)
    .where(
      inArray(
        festivalsTable.name,
        seedEditions.map((f) => f.festival),
      ),
    );
  const byName = new Map(festivals.map((f) => [f.name, f]));

  for (const entry of seedEditions) {
    const festival = byName.get(entry.festival);
    const data = seedFestivals.find((f) => f.name === entry.festival);
    if (!festival || !data) continue;
    for (const edition of entry.past) {
      const [row] = await tx
        .insert(festivalEditionsTable)
        .values({
          festivalId: festival.id,
          year: edition.year,
          ...datesIn(edition.year, data.usualStart, data.durationDays),
        })
        .onConflictDoNothing()
        .returning({ id: festivalEditionsTable.id });
      if (!row) continue;
      const lineup = [
        ...edition.headliners.map((name) => ({ name, billing: 'headliner' as const })),
        ...edition.others.map((name) => ({ name, billing: 'regular' as const })),
      ];
      await tx.insert(lineupEntriesTable).values(
        lineup.map((a, position) => ({
          editionId: row.id,
          artistId: artistId.get(a.name)!,
          position,
          billing: a.billing,
        })),
      );
    }
    if (entry.priceFrom !== undefined && festival.current !== null) {
      await tx.insert(editionTicketsTable).values({
        editionId: festival.current,
        priceFrom: entry.priceFrom,
        priceTo: entry.priceTo ?? null,
        ticketUrl: data.website,
      });
    }
  }
}
