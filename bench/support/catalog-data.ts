import { festivalDedupeKey } from '#core/festival-key';
import type { Database } from '#db/client';
import { setFestivalGenres } from '../../functions/lib/domain/festivals/festival-row-writes';
import { festivalsTable } from '#db/schema';

const GENRES = [
  'Techno',
  'House',
  'Tech House',
  'Trance',
  'Drum and Bass',
  'Minimal',
  'Electro',
  'Ambient',
  'Hardstyle',
  'Disco',
];
const CITIES: Array<[string, number, number]> = [
  ['Madrid, España', 40.4168, -3.7038],
  ['Berlín, Alemania', 52.52, 13.405],
  ['Ámsterdam, Países Bajos', 52.3676, 4.9041],
  ['Lisboa, Portugal', 38.7223, -9.1393],
  ['Praga, Chequia', 50.0755, 14.4378],
  ['Budapest, Hungría', 47.4979, 19.0402],
];

/** Adds `count` approved festivals with genres, spread over the coming year (benchmarks only). */
export async function addGeneratedFestivals(database: Database, count: number, prefix = 'Generado'): Promise<number[]> {
  const ids: number[] = [];
  const today = new Date();
  for (let start = 0; start < count; start += 250) {
    const batch = Array.from({ length: Math.min(250, count - start) }, (_, k) => {
      const i = start + k;
      const [location, lat, lon] = CITIES[i % CITIES.length];
      const day = new Date(today.getFullYear(), today.getMonth(), today.getDate() + (i % 365));
      const iso = day.toISOString().slice(0, 10);
      const name = `${prefix} ${i + 1}`;
      return {
        name,
        dedupeKey: festivalDedupeKey(name, location),
        location,
        address: `Recinto ${i + 1}`,
        description: `Festival generado número ${i + 1} para medir el rendimiento del catálogo. Música electrónica durante todo el fin de semana.`,
        startDate: iso,
        endDate: iso,
        status: 'approved' as const,
        latitude: lat + ((i % 100) - 50) / 100,
        longitude: lon + ((i % 77) - 38) / 100,
        website: `https://festival-${i + 1}.example.com`,
      };
    });
    const rows = await database.insert(festivalsTable).values(batch).returning({ id: festivalsTable.id });
    for (const [k, row] of rows.entries()) {
      await setFestivalGenres(database, row.id, [
        GENRES[(start + k) % GENRES.length],
        GENRES[(start + k + 3) % GENRES.length],
      ]);
      ids.push(row.id);
    }
  }
  return ids;
}
