import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { festivalEditionsTable, festivalsTable } from '#db/schema';
import { api, db, signInAdmin, type SignedIn } from '../support/api';
import { createFestival } from '../support/fixtures';

/*
 * The freshness rule of the answers kept in memory: a write made through this process shows on the
 * very next read; one written straight to the database, as another instance or function would,
 * shows within two seconds on every list and on the festival's own answer.
 */

const BOUND_MS = 2000;
let admin: SignedIn;

beforeAll(async () => {
  admin = await signInAdmin();
});

/** Reads until `shows` holds, and how long that took; fails past the bound. */
async function within<T>(read: () => Promise<T>, shows: (value: T) => boolean): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (shows(await read())) return Date.now() - started;
    if (Date.now() - started > BOUND_MS) throw new Error(`not shown within ${BOUND_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const searchTotal = async (name: string) =>
  (await api('GET', `/api/festivals/page?search=${encodeURIComponent(name)}&upcoming=false`)).json.total as number;
const festival = async (id: number) => (await api('GET', `/api/festivals/${id}`)).json;

describe('a write through this process', () => {
  it("shows at once on the festival's answer and on the lists", async () => {
    const id = await createFestival({ name: `Frescura local ${Date.now()}` });
    // Read and kept.
    expect((await festival(id)).edition.status).toBe('confirmed');
    const year = (await festival(id)).edition.year as number;
    const [edition] = await db().select().from(festivalEditionsTable).where(eq(festivalEditionsTable.festivalId, id));

    const res = await api('PUT', `/api/admin/editions/${edition.id}`, {
      token: admin.token,
      body: { year, start_date: edition.startDate, end_date: edition.endDate, status: 'cancelled' },
    });
    expect(res.status).toBe(200);
    expect((await festival(id)).edition.status).toBe('cancelled');

    const renamed = `Renombrado local ${Date.now()}`;
    const form = {
      name: renamed,
      description: 'x',
      location: 'Bilbao, España',
      start_date: edition.startDate,
      end_date: edition.endDate,
    };
    expect((await api('PUT', `/api/admin/festivals/${id}`, { token: admin.token, body: form })).status).toBe(200);
    expect((await festival(id)).name).toBe(renamed);
    expect(await searchTotal(renamed)).toBe(1);
  });
});

describe('a write made elsewhere (straight to the database)', () => {
  it('shows approve, edit and delete on the lists within two seconds', async () => {
    const name = `Frescura remota ${Date.now()}`;
    const id = await createFestival({ name, status: 'pending' });
    expect(await searchTotal(name)).toBe(0);

    await db().update(festivalsTable).set({ status: 'approved' }).where(eq(festivalsTable.id, id));
    await within(
      () => searchTotal(name),
      (total) => total === 1,
    );

    await db()
      .update(festivalsTable)
      .set({ name: `${name} editado` })
      .where(eq(festivalsTable.id, id));
    await within(
      () => searchTotal(`${name} editado`),
      (total) => total === 1,
    );
    // The festival's own answer follows its catalogue entry.
    expect((await festival(id)).name).toBe(`${name} editado`);

    await db().delete(festivalsTable).where(eq(festivalsTable.id, id));
    await within(
      () => searchTotal(`${name} editado`),
      (total) => total === 0,
    );
    expect((await api('GET', `/api/festivals/${id}`)).status).toBe(404);
  });

  it("shows an edition's change on the festival's answer within two seconds", async () => {
    const id = await createFestival({ name: `Edición remota ${Date.now()}` });
    expect((await festival(id)).edition.status).toBe('confirmed');
    await db()
      .update(festivalEditionsTable)
      .set({ status: 'cancelled' })
      .where(eq(festivalEditionsTable.festivalId, id));
    const took = await within(
      () => festival(id),
      (answer) => answer.edition.status === 'cancelled',
    );
    expect(took).toBeLessThanOrEqual(BOUND_MS);
  });
});
