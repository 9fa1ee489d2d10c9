import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLogTable, festivalsTable } from '#db/schema';
import { api, db, signIn, signInAdmin, type SignedIn } from '../support/api';
import { createFestival } from '../support/fixtures';

let admin: SignedIn;
let stored: { mar: number; bosque: number };
const tag = Date.now();

beforeAll(async () => {
  admin = await signInAdmin();
  stored = {
    mar: await createFestival({
      name: `Mar Electrónico ${tag}`,
      location: 'Castellón de la Plana, España',
      startDate: '2033-07-10',
      endDate: '2033-07-12',
      latitude: 39.98,
      longitude: -0.05,
    }),
    bosque: await createFestival({
      name: `Bosque Sonoro ${tag}`,
      location: 'Soria, España',
      startDate: '2033-08-01',
      endDate: '2033-08-03',
      latitude: null,
      longitude: null,
    }),
  };
});

const row = (name: string, extra: Record<string, string> = {}) => ({
  name,
  location: 'Bilbao',
  country: 'España',
  start_date: '2033-09-01',
  end_date: '2033-09-02',
  description: 'Festival importado en bloque.',
  genres: 'Techno, House',
  ...extra,
});

const csvLine = (values: string[]) =>
  values.map((v) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v)).join(',');

function csv(rows: Record<string, string>[]): string {
  const keys = [
    'name',
    'location',
    'country',
    'start_date',
    'end_date',
    'website',
    'genres',
    'latitude',
    'longitude',
    'description',
  ];
  return [keys.join(','), ...rows.map((r) => csvLine(keys.map((k) => r[k] ?? '')))].join('\r\n') + '\r\n';
}

const post = (body: string, query: string, type = 'text/csv') =>
  api('POST', `/api/admin/import/festivals${query}`, { token: admin.token, body, headers: { 'Content-Type': type } });

describe('bulk import of festivals', () => {
  const file = () =>
    csv([
      row(`Nuevo Norte ${tag}`, { website: 'nuevonorte.es' }),
      // Planted duplicates: a near name within 50 km (no city in common), dates overlapping.
      row(`Mar Electronico ${tag} Festival`, {
        location: 'Benicàssim',
        latitude: '40.05',
        longitude: '0.06',
        start_date: '2033-07-11',
        end_date: '2033-07-13',
      }),
      // The same name once normalised, the same city, no coordinates.
      row(`BOSQUE  SONORO ${tag}`, { location: 'Soria', start_date: '2033-08-02', end_date: '2033-08-02' }),
      // Same name as a stored one but another year: a new edition's festival, not a duplicate of those dates.
      row(`Bosque Sonoro ${tag}`, { location: 'Soria', start_date: '2034-08-01', end_date: '2034-08-03' }),
      // Invalid by the admin form's rules.
      row('', {}),
      row(`Fechas al revés ${tag}`, { start_date: '2033-09-05', end_date: '2033-09-01' }),
      row(`Sin coordenada ${tag}`, { latitude: '43.2' }),
      // Twice in the file.
      row(`Nuevo Norte ${tag}`, { website: 'nuevonorte.es' }),
    ]);

  it('reports what would happen in a dry run, writing nothing', async () => {
    const res = await post(file(), '?dry_run=true');
    expect(res.status).toBe(200);
    expect(res.json.created).toEqual([]);
    expect(res.json.would_create).toEqual([1, 4]);
    expect(res.json.duplicates).toEqual([
      { row: 2, festival_id: stored.mar, name: `Mar Electrónico ${tag}`, similarity: expect.any(Number) },
      { row: 3, festival_id: stored.bosque, name: `Bosque Sonoro ${tag}`, similarity: 1 },
    ]);
    expect(res.json.duplicates[0].similarity).toBeGreaterThanOrEqual(0.5);
    expect(res.json.errors).toEqual([
      { row: 5, field: 'name', message: 'El nombre del festival es requerido' },
      { row: 6, field: 'end_date', message: 'La fecha de fin debe ser posterior a la fecha de inicio' },
      { row: 7, field: 'latitude', message: 'Indica latitud y longitud a la vez.' },
      { row: 8, field: 'name', message: 'Repite la fila 1 del archivo.' },
    ]);
    const rows = await db()
      .select()
      .from(festivalsTable)
      .where(eq(festivalsTable.name, `Nuevo Norte ${tag}`));
    expect(rows).toHaveLength(0);
  });

  it('creates the rest as pending when asked, through the admin write (audited)', async () => {
    const res = await post(file(), '?status=pending');
    expect(res.status).toBe(200);
    expect(res.json.created).toHaveLength(2);
    expect(res.json.duplicates.map((d: { row: number }) => d.row)).toEqual([2, 3]);
    const created = await db().select().from(festivalsTable).where(inArray(festivalsTable.id, res.json.created));
    expect(created.map((f) => [f.name, f.status, f.location, f.website])).toEqual(
      expect.arrayContaining([
        [`Nuevo Norte ${tag}`, 'pending', 'Bilbao, España', 'https://nuevonorte.es/'],
        [`Bosque Sonoro ${tag}`, 'pending', 'Soria, España', null],
      ]),
    );
    const audit = await db().select().from(auditLogTable).where(inArray(auditLogTable.entityId, res.json.created));
    expect(audit.filter((a) => a.action === 'create')).toHaveLength(2);
    // The same file again: its festivals are duplicates now.
    const again = await post(file(), '?dry_run=true');
    expect(again.json.would_create).toEqual([]);
    expect(again.json.duplicates.map((d: { row: number }) => d.row)).toEqual([1, 2, 3, 4]);
  });

  it("takes a JSON array, approved by default; a name and place already taken is that row's error alone", async () => {
    const res = await post(
      JSON.stringify([
        { ...row(`Desde JSON ${tag}`), genres: ['Techno'], latitude: 43.26, longitude: -2.93 },
        // The stored festival's name and place, another year: not a probable duplicate, but the form's 409.
        {
          ...row(`Mar Electrónico ${tag}`),
          location: 'Castellón de la Plana',
          start_date: '2035-07-10',
          end_date: null,
        },
      ]),
      '',
      'application/json',
    );
    expect(res.status).toBe(200);
    expect(res.json.created).toHaveLength(1);
    expect(res.json.errors).toEqual([
      { row: 2, field: 'name', message: 'Ya existe un festival pendiente o aprobado con ese nombre y localización.' },
    ]);
    const [festival] = await db().select().from(festivalsTable).where(eq(festivalsTable.id, res.json.created[0]));
    expect(festival).toMatchObject({ status: 'approved', latitude: 43.26, geocodedFrom: 'manual' });
  });

  it('refuses files that are not a list, over 5,000 rows, bad parameters, and anyone but an admin', async () => {
    expect((await post('{"a":1}', '', 'application/json')).status).toBe(400);
    expect((await post('no es json', '', 'application/json')).json.error).toMatch(/no es JSON válido/);
    const many = csv(Array.from({ length: 5001 }, (_, i) => row(`Fila ${i}`)));
    const tooMany = await post(many, '?dry_run=true');
    expect(tooMany.status).toBe(413);
    expect(tooMany.json.error).toMatch(/Como mucho 5000 festivales/);
    expect((await post(file(), '?status=rejected')).status).toBe(400);
    const user = await signIn();
    const res = await api('POST', '/api/admin/import/festivals', {
      token: user.token,
      body: file(),
      headers: { 'Content-Type': 'text/csv' },
    });
    expect(res.status).toBe(403);
  });
});
