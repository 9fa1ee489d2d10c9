import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  editionPriceHistoryTable,
  editionPriceTiersTable,
  editionTicketsTable,
  festivalChangesTable,
  festivalEditionsTable,
  festivalOrganizersTable,
} from '#db/schema';
import { api, db, signIn, signInAdmin, type SignedIn } from '../support/api';
import { createFestival } from '../support/fixtures';

let admin: SignedIn;
let organizer: SignedIn;
let stranger: SignedIn;

beforeAll(async () => {
  admin = await signInAdmin();
  organizer = await signIn();
  stranger = await signIn();
});

const unique = () => `${Date.now()}${Math.floor(Math.random() * 1e6)}`;

async function festivalWithEdition(values: Parameters<typeof createFestival>[0] = {}) {
  const name = `Tramos ${unique()}`;
  const festivalId = await createFestival({ name, ...values });
  const [edition] = await db()
    .select()
    .from(festivalEditionsTable)
    .where(eq(festivalEditionsTable.festivalId, festivalId));
  return { festivalId, editionId: edition.id, name };
}

const tiers = [
  {
    kind: 'abono',
    name: 'Abono general – 1.er tramo',
    price: 45,
    fees: 4.5,
    on_sale_at: '2026-10-01T10:00:00+02:00',
    ends_at: '2027-01-31',
    url: 'https://entradas.example/1',
  },
  {
    kind: 'abono',
    name: 'Abono general – 2.º tramo',
    price: 65,
    fees_included: true,
    on_sale_at: '2027-02-01T00:00:00Z',
  },
  { kind: 'parking', name: 'Parking', price: 20, fees: 0 },
];

const putTiers = (editionId: number, body: unknown, token = admin.token) =>
  api('PUT', `/api/admin/editions/${editionId}/tiers`, { token, body });

const storedTiers = (editionId: number) =>
  db()
    .select()
    .from(editionPriceTiersTable)
    .where(eq(editionPriceTiersTable.editionId, editionId))
    .orderBy(asc(editionPriceTiersTable.position));

describe('PUT /api/admin/editions/{id}/tiers', () => {
  it('stores the tiers, derives the edition tickets from the entry tiers and shows both in the answers', async () => {
    const { festivalId, editionId } = await festivalWithEdition();
    const res = await putTiers(editionId, {
      tiers,
      source_url: 'https://festival.example/entradas',
      verified_at: '2026-11-20',
    });
    expect(res.status).toBe(200);
    expect(res.json.tiers.map((t: { name: string; position: number }) => [t.name, t.position])).toEqual([
      ['Abono general – 1.er tramo', 0],
      ['Abono general – 2.º tramo', 1],
      ['Parking', 2],
    ]);
    expect(res.json.tiers[1]).toMatchObject({ price: 65, fees: 0, fees_included: true, ends_at: null });
    expect(res.json.tiers_source).toEqual({
      source_url: 'https://festival.example/entradas',
      verified_at: '2026-11-20',
      entered_as: 'admin',
    });

    // The parking is an extra: the tickets go from the cheapest entry tier to the dearest.
    const [tickets] = await db().select().from(editionTicketsTable).where(eq(editionTicketsTable.editionId, editionId));
    expect(tickets).toMatchObject({
      priceFrom: 45,
      priceTo: 65,
      soldOut: false,
      ticketUrl: 'https://entradas.example/1',
      onSaleAt: new Date('2026-10-01T08:00:00Z'),
    });

    const festival = await api('GET', `/api/festivals/${festivalId}`);
    expect(festival.json.tickets).toMatchObject({ price_from: 45, price_to: 65, sold_out: false });
    expect(festival.json.tiers).toHaveLength(3);
    expect(festival.json.tiers[0]).toMatchObject({ name: 'Abono general – 1.er tramo', fees: 4.5 });
    expect(festival.json.tiers_source.entered_as).toBe('admin');
    const editions = await api('GET', `/api/festivals/${festivalId}/editions`);
    expect(editions.json[0].tiers.map((t: { price: number }) => t.price)).toEqual([45, 65, 20]);
    expect(editions.json[0].tiers_source.source_url).toBe('https://festival.example/entradas');
  });

  it('keeps the ids sent, takes off the tiers not sent, and the database writes a history row on each price or availability change', async () => {
    const { editionId } = await festivalWithEdition();
    const first = (await putTiers(editionId, { tiers })).json.tiers as { id: number; name: string }[];
    const [one, two] = first;
    // Renamed only: no history row. Price moved: one row. Sold out: one row. Parking: taken off.
    const res = await putTiers(editionId, {
      tiers: [
        { ...tiers[0], id: one.id, name: 'Abono – early bird', sold_out: true },
        { ...tiers[1], id: two.id, price: 70 },
        { kind: 'dia', name: 'Entrada sábado', price: 40 },
      ],
    });
    expect(res.status).toBe(200);
    const stored = await storedTiers(editionId);
    expect(stored.map((t) => t.id).slice(0, 2)).toEqual([one.id, two.id]);
    expect(stored.map((t) => t.name)).toEqual(['Abono – early bird', 'Abono general – 2.º tramo', 'Entrada sábado']);

    const history = await db()
      .select()
      .from(editionPriceHistoryTable)
      .where(eq(editionPriceHistoryTable.editionId, editionId))
      .orderBy(asc(editionPriceHistoryTable.id));
    expect(history.map((h) => [h.tierId, h.price, h.soldOut])).toEqual([
      [one.id, 45, false],
      [two.id, 65, false],
      [first[2].id, 20, false],
      [one.id, 45, true],
      [two.id, 70, false],
      [stored[2].id, 40, false],
    ]);

    // A write behind the API (a script, another process) is kept by the database just the same.
    await db().update(editionPriceTiersTable).set({ price: 75 }).where(eq(editionPriceTiersTable.id, two.id));
    await db().update(editionPriceTiersTable).set({ name: 'Otro nombre' }).where(eq(editionPriceTiersTable.id, two.id));
    const public_ = await api('GET', `/api/editions/${editionId}/price-history`);
    expect(public_.status).toBe(200);
    expect(public_.json).toHaveLength(7);
    expect(public_.json.at(-1)).toMatchObject({ tier_id: two.id, price: 75, fees: 0, sold_out: false });
    expect(typeof public_.json[0].changed_at).toBe('string');

    // Sold out early bird: the tickets start at the cheapest tier still on sale.
    const [tickets] = await db().select().from(editionTicketsTable).where(eq(editionTicketsTable.editionId, editionId));
    expect([tickets.priceFrom, tickets.priceTo, tickets.soldOut]).toEqual([40, 75, false]);

    // The change is in the festival's history, and an admin can undo it.
    const changes = await db()
      .select()
      .from(festivalChangesTable)
      .where(and(eq(festivalChangesTable.entity, 'tiers'), eq(festivalChangesTable.entityId, editionId)))
      .orderBy(asc(festivalChangesTable.id));
    expect(changes).toHaveLength(2);
    const reverted = await api('POST', `/api/admin/changes/${changes[1].id}/revert`, { token: admin.token });
    expect(reverted.status).toBe(200);
    expect((await storedTiers(editionId)).map((t) => [t.name, t.price])).toEqual([
      ['Abono general – 1.er tramo', 45],
      ['Abono general – 2.º tramo', 65],
      ['Parking', 20],
    ]);
  });

  it('derived price shows in the lists at once: the Precio máximo filter follows a tier change', async () => {
    const { festivalId, editionId, name } = await festivalWithEdition();
    const search = encodeURIComponent(name);
    const listed = async () =>
      (await api('GET', `/api/festivals/page?maxPrice=50&search=${search}`)).json.items.map(
        (f: { id: number }) => f.id,
      );
    expect(await listed()).toEqual([]);
    const first = await putTiers(editionId, { tiers: [{ kind: 'abono', name: 'Abono', price: 48 }] });
    expect(await listed()).toEqual([festivalId]);
    await putTiers(editionId, { tiers: [{ id: first.json.tiers[0].id, kind: 'abono', name: 'Abono', price: 55 }] });
    expect(await listed()).toEqual([]);
    expect((await api('GET', `/api/festivals/${festivalId}`)).json.tickets.price_from).toBe(55);
  });

  it('every entry tier sold out: the edition is sold out; an edition with tiers refuses hand-set tickets with a 409', async () => {
    const { festivalId, editionId } = await festivalWithEdition();
    await putTiers(editionId, {
      tiers: [
        { kind: 'abono', name: 'Abono', price: 50, sold_out: true },
        { kind: 'vip', name: 'VIP', price: 120, sold_out: true },
      ],
    });
    expect((await api('GET', `/api/festivals/${festivalId}`)).json.tickets).toMatchObject({
      price_from: 50,
      sold_out: true,
    });
    const refused = await api('PUT', `/api/admin/editions/${editionId}/tickets`, {
      token: admin.token,
      body: { price_from: 10 },
    });
    expect(refused.status).toBe(409);
    expect(refused.json.error).toMatch(/se calculan a partir de sus tramos/);
  });

  it('validates in Spanish: 400 for a bad body, 422 for a tier of another edition, 404 for an unknown edition', async () => {
    const { editionId } = await festivalWithEdition();
    const other = await festivalWithEdition();
    const otherTier = (await putTiers(other.editionId, { tiers: [tiers[0]] })).json.tiers[0].id;

    const negative = await putTiers(editionId, { tiers: [{ kind: 'abono', name: 'Abono', price: -1 }] });
    expect(negative.status).toBe(400);
    expect(negative.json.error).toMatch(/El precio no puede ser negativo/);
    const kind = await putTiers(editionId, { tiers: [{ kind: 'palco', name: 'Palco', price: 10 }] });
    expect(kind.status).toBe(400);
    expect(kind.json.error).toMatch(/Tipo no válido/);
    const url = await putTiers(editionId, { tiers: [{ kind: 'abono', name: 'A', price: 1, url: 'ftp://x' }] });
    expect(url.status).toBe(400);
    expect(url.json.error).toMatch(/URL de venta no es válida/);
    const fees = await putTiers(editionId, {
      tiers: [{ kind: 'abono', name: 'A', price: 1, fees: 3, fees_included: true }],
    });
    expect(fees.status).toBe(400);
    expect(fees.json.error).toMatch(/gastos están incluidos/);

    const stolen = await putTiers(editionId, { tiers: [{ ...tiers[0], id: otherTier, price: 1 }] });
    expect(stolen.status).toBe(422);
    expect(stolen.json.error).toBe(`El tramo ${otherTier} no es de esta edición.`);
    expect((await storedTiers(other.editionId))[0].price).toBe(45);

    const missing = await putTiers(99999999, { tiers });
    expect(missing.status).toBe(404);
    expect(missing.json.error).toBe('Edición no encontrada');
    expect((await api('GET', '/api/editions/99999999/price-history')).status).toBe(404);
  });

  it('answers 401 signed out and 403 to who is not an admin', async () => {
    const { editionId } = await festivalWithEdition();
    expect((await api('PUT', `/api/admin/editions/${editionId}/tiers`, { body: { tiers } })).status).toBe(401);
    expect((await putTiers(editionId, { tiers }, stranger.token)).status).toBe(403);
    expect(await storedTiers(editionId)).toEqual([]);
  });

  it('a pending festival: its price history is a 404 to anyone but its proposer and admins', async () => {
    const { editionId } = await festivalWithEdition({ status: 'pending' });
    await putTiers(editionId, { tiers });
    expect((await api('GET', `/api/editions/${editionId}/price-history`)).status).toBe(404);
    const asAdmin = await api('GET', `/api/editions/${editionId}/price-history`, { token: admin.token });
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.json).toHaveLength(3);
    expect(asAdmin.headers.get('cache-control')).toBe('private, no-store');
  });
});

describe('PUT /api/organizer/editions/{id}/tiers', () => {
  it('lets the festival organiser set tiers (entered as organiser); others get 403, a hidden festival 404', async () => {
    const { festivalId, editionId } = await festivalWithEdition();
    await db()
      .insert(festivalOrganizersTable)
      .values({ festivalId, userId: organizer.user.id, grantedBy: admin.user.id });
    const path = `/api/organizer/editions/${editionId}/tiers`;
    const res = await api('PUT', path, { token: organizer.token, body: { tiers: [tiers[0]] } });
    expect(res.status).toBe(200);
    expect(res.json.tiers_source.entered_as).toBe('organizer');
    expect((await api('PUT', path, { body: { tiers } })).status).toBe(401);
    expect((await api('PUT', path, { token: stranger.token, body: { tiers } })).status).toBe(403);

    // The organiser of this festival reaching another festival's hidden edition: as missing as none.
    const hidden = await festivalWithEdition({ status: 'pending' });
    const other = await api('PUT', `/api/organizer/editions/${hidden.editionId}/tiers`, {
      token: organizer.token,
      body: { tiers },
    });
    expect(other.status).toBe(404);
    expect(await storedTiers(hidden.editionId)).toEqual([]);
    const invalid = await api('PUT', path, { token: organizer.token, body: { tiers: [{ kind: 'abono' }] } });
    expect(invalid.status).toBe(400);
    expect(invalid.json.error).toMatch(/nombre del tramo es obligatorio/);
  });
});
