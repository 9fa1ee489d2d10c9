import { describe, expect, it } from 'vitest';
import { defaultFilters } from './festival-filters';
import { festivalPageUrl } from './festival-page-url';
import { calendarRange, festivalPage, festivalPageQuerySchema } from './festival-page';
import type { Festival } from './response-schemas';

const now = new Date('2030-03-01T12:00:00Z');
let nextId = 1;
function festival(overrides: Partial<Festival>): Festival {
  return {
    id: nextId++,
    name: 'Festival',
    description: 'Una **descripción** larga '.repeat(20),
    location: null,
    address: null,
    start_date: '2030-06-01',
    end_date: '2030-06-02',
    website: null,
    image_url: null,
    status: 'approved',
    genres: [],
    averageRating: 0,
    ratingsCount: 0,
    going_count: 0,
    interested_count: 0,
    latitude: null,
    longitude: null,
    hasValidCoordinates: false,
    geocoded_from: null,
    geocoded_at: null,
    transportation: 'En tren',
    parking_info: null,
    accommodation: null,
    proposed_by: null,
    created_at: '2029-01-01T00:00:00.000Z',
    ...overrides,
  };
}
const at = (lat: number, lon: number) => ({ latitude: lat, longitude: lon, hasValidCoordinates: true });

const madrid = festival({ name: 'Mad Cool', location: 'Madrid', genres: ['Rock', 'Techno'], ...at(40.4168, -3.7038) });
const barcelona = festival({
  name: 'Sónar',
  location: 'Barcelona',
  genres: ['Techno'],
  start_date: '2030-06-18',
  end_date: '2030-06-20',
  ...at(41.3874, 2.1686),
});
const valencia = festival({
  name: 'Medusa',
  location: 'Cullera',
  genres: ['EDM'],
  start_date: '2030-08-10',
  end_date: '2030-08-14',
  ...at(39.1667, -0.25),
});
const nowhere = festival({ name: 'Sin sitio', genres: ['House'], start_date: '2030-05-01', end_date: null });
const past = festival({
  name: 'Pasado',
  start_date: '2029-05-01',
  end_date: '2029-05-02',
  genres: ['Techno'],
  ...at(40.4, -3.7),
});
const catalogue = [madrid, barcelona, valencia, nowhere, past];

const page = (query: Record<string, string>) => festivalPage(catalogue, festivalPageQuerySchema.parse(query), now);

describe('festivalPage', () => {
  it('pages the filtered, sorted list and counts every match', () => {
    const first = page({ upcoming: 'true', limit: '2' });
    expect(first.total).toBe(4);
    expect(first.items.map((f) => f.name)).toEqual(['Sin sitio', 'Mad Cool']);
    const second = page({ upcoming: 'true', limit: '2', offset: '2' });
    expect(second.items.map((f) => f.name)).toEqual(['Sónar', 'Medusa']);
  });

  it('sends card fields only, never the description or practical texts', () => {
    const [card] = page({ search: 'sonar' }).items;
    expect(card).toMatchObject({ id: barcelona.id, name: 'Sónar', genres: ['Techno'], averageRating: 0 });
    expect(card).not.toHaveProperty('description');
    expect(card).not.toHaveProperty('transportation');
  });

  it('counts genres over the other filters, keeping options while a genre is chosen', () => {
    const all = page({ upcoming: 'true' });
    expect(all.genres).toEqual([
      { name: 'EDM', count: 1 },
      { name: 'House', count: 1 },
      { name: 'Rock', count: 1 },
      { name: 'Techno', count: 2 },
    ]);
    const techno = page({ upcoming: 'true', genre: 'Techno' });
    expect(techno.total).toBe(2);
    expect(techno.genres.find((g) => g.name === 'EDM')).toEqual({ name: 'EDM', count: 1 });
    // Past festivals' genres are options too (the filter may be switched off), counted as 0 here.
    expect(page({ upcoming: 'true', search: 'medusa' }).genres.find((g) => g.name === 'Techno')).toEqual({
      name: 'Techno',
      count: 0,
    });
  });

  it('finds favourites by id, in date order, with the other filters off', () => {
    const favourites = page({ ids: `${valencia.id},${past.id},999999`, upcoming: 'false' });
    expect(favourites.items.map((f) => f.name)).toEqual(['Pasado', 'Medusa']);
  });

  it('keeps festivals within the radius of a place, with their distance, nearest first', () => {
    const near = page({ lat: '40.4168', lon: '-3.7038', radius: '500', sort: 'distance', upcoming: 'true' });
    expect(near.items.map((f) => [f.name, Math.round(f.distanceKm ?? -1)])).toEqual([
      ['Mad Cool', 0],
      ['Medusa', 326],
    ]);
    // Barcelona is 505 km from Madrid: outside 500 km.
    const any = page({ lat: '40.4168', lon: '-3.7038', sort: 'distance', upcoming: 'true' });
    expect(any.items.map((f) => f.name)).toEqual(['Mad Cool', 'Medusa', 'Sónar', 'Sin sitio']);
    expect(any.items[3]).not.toHaveProperty('distanceKm');
  });

  it.each([
    [{ radius: '75', lat: '40', lon: '-3' }, 'El radio debe ser 50, 100, 250, 500 km o ninguno.'],
    [{ radius: '50' }, 'El radio necesita un lugar'],
    [{ lat: '40' }, 'Indica la latitud y la longitud'],
    [{ lat: '95', lon: '0' }, 'La latitud debe ser'],
    [{ ids: '1,abc' }, 'ids debe ser una lista'],
    [{ limit: '101' }, 'limit debe ser un número entre 1 y 100.'],
  ])('rejects %o with a Spanish message', (query, message) => {
    const result = festivalPageQuerySchema.safeParse(query);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message).join(' ')).toContain(message);
  });
});

describe('calendarRange', () => {
  it('holds festivals overlapping the range with a 100-character plain preview, and the next one after it', () => {
    const june = calendarRange(catalogue, '2030-06-02', '2030-06-30');
    expect(june.items.map((f) => f.name)).toEqual(['Mad Cool', 'Sónar']);
    expect(june.items[0].description.length).toBeLessThanOrEqual(100);
    expect(june.items[0].description).toMatch(/^Una descripción larga .*\.\.\.$/);
    expect(june.next).toEqual({ id: valencia.id, name: 'Medusa', start_date: '2030-08-10' });
    expect(calendarRange(catalogue, '2030-09-01', '2030-09-30')).toEqual({ items: [], next: null });
  });
});

describe('festivalPageUrl', () => {
  it('names the filters in one order, the place rounded, the ids of favourites', () => {
    expect(
      festivalPageUrl(
        {
          search: ' sónar ',
          genre: 'Techno',
          minRating: 3,
          upcoming: false,
          sort: 'distance',
          near: { lat: 40.41677, lon: -3.70379, radiusKm: 100 },
        },
        24,
        24,
        [3, 1],
      ),
    ).toBe(
      '/api/festivals/page?search=s%C3%B3nar&genre=Techno&minRating=3&upcoming=false&sort=distance' +
        '&lat=40.4168&lon=-3.7038&radius=100&ids=3%2C1&limit=24&offset=24',
    );
  });
});

describe("festivalPageUrl with 'Precio máximo'", () => {
  it('asks the server for festivals up to that price, and leaves the default URL as it was', () => {
    expect(festivalPageUrl(defaultFilters)).not.toContain('maxPrice');
    expect(festivalPageUrl({ ...defaultFilters, maxPrice: 100 })).toBe(
      '/api/festivals/page?upcoming=true&sort=date&maxPrice=100&limit=24',
    );
  });
});
