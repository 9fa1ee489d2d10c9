import { count } from 'drizzle-orm';
import type { Database } from '#db/client';
import { festivalsTable } from '#db/schema';
import { seedFestivals, type SeedFestival } from '#db/seed/festival-data';
import { seedLineups } from '#db/seed/lineups';
import { seedTimetable } from '#db/seed/timetable';
import { insertFestival } from './domain/festivals/festival-row-writes';

const pad = (n: number) => String(n).padStart(2, '0');
const iso = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/**
 * Indicative dates for a festival's edition: the next occurrence of its usual start within the
 * coming 12 months, or the latest one already held for `pastEdition` festivals.
 */
export function editionDates(
  festival: Pick<SeedFestival, 'usualStart' | 'durationDays' | 'pastEdition'>,
  today = new Date(),
) {
  const [month, day] = festival.usualStart.split('-').map(Number);
  const base = new Date(today.getFullYear(), today.getMonth(), today.getDate());
  let start = new Date(base.getFullYear(), month - 1, day);
  if (festival.pastEdition) {
    if (start >= base) start = new Date(base.getFullYear() - 1, month - 1, day);
  } else if (start < base) {
    start = new Date(base.getFullYear() + 1, month - 1, day);
  }
  const end = new Date(start.getFullYear(), start.getMonth(), start.getDate() + Math.max(1, festival.durationDays) - 1);
  return { startDate: iso(start), endDate: iso(end) };
}

/**
 * Seeds the catalogue when the festivals table is empty; returns how many were inserted. The
 * festivals are written as an admin's are (the festivals domain: duplicate key, genres); the
 * sample data itself lives in db/seed/.
 */
export async function seedIfEmpty(database: Database, today = new Date()): Promise<number> {
  const [{ n }] = await database.select({ n: count() }).from(festivalsTable);
  if (n > 0) return 0;
  await database.transaction(async (tx) => {
    for (const festival of seedFestivals) {
      await insertFestival(
        tx,
        {
          name: festival.name,
          location: festival.location,
          address: festival.address,
          latitude: festival.latitude,
          longitude: festival.longitude,
          website: festival.website,
          description: festival.description,
          transportation: festival.transportation ?? null,
          parkingInfo: festival.parking_info ?? null,
          accommodation: festival.accommodation ?? null,
          status: 'approved',
          geocodedFrom: festival.address,
          ...editionDates(festival, today),
        },
        festival.genres,
      );
    }
    await seedLineups(tx);
    await seedTimetable(tx);
  });
  return seedFestivals.length;
}
