import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  editionAccessibilityTable,
  editionConditionsTable,
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

async function festivalWithEdition(values: Parameters<typeof createFestival>[0] = {}) {
  const festivalId = await createFestival({ name: `Antes de ir ${Date.now()}${Math.random()}`, ...values });
  const [edition] = await db()
    .select()
    .from(festivalEditionsTable)
    .where(eq(festivalEditionsTable.festivalId, festivalId));
  return { festivalId, editionId: edition.id };
}

const conditions = {
  food: 'sealed_only',
  water: 'free_fountains',
  reentry: 'paid',
  cashless: true,
  cashless_refund_fee: 0,
  cashless_refund_days: 30,
  cash_accepted: false,
  age_policy: 'minors_with_guardian',
  minimum_age: 16,
  guardian_form_url: 'https://festival.example/autorizacion.pdf',
  camping: 'included',
  bag_limit: 'Mochila de 30 × 20 × 10 cm',
  notes: 'Se permiten cremas solares de hasta 100 ml.',
  source_url: 'https://festival.example/faq',
  verified_at: '2026-11-12',
};

const accessibility = {
  step_free: true,
  viewing_platform: true,
  adapted_toilets: true,
  companion_ticket: 'free',
  sign_language: false,
  assistance_dogs: true,
  contact: 'accesibilidad@festival.example',
  source_url: 'https://festival.example/accesibilidad',
  verified_at: '2026-11-10',
};

describe("PUT /api/admin/editions/{id}/conditions and /accessibility ('Antes de ir')", () => {
  it('stores each group with its source, unknown facts as null, and shows them on the festival and its editions', async () => {
    const { festivalId, editionId } = await festivalWithEdition();
    const before = await api('GET', `/api/festivals/${festivalId}`);
    expect(before.json).toMatchObject({ conditions: null, accessibility: null });

    const res = await api('PUT', `/api/admin/editions/${editionId}/conditions`, {
      token: admin.token,
      body: conditions,
    });
    expect(res.status).toBe(200);
    expect(res.json.conditions).toMatchObject({
      food: 'sealed_only',
      cashless_refund_fee: 0,
      minimum_age: 16,
      parking: null,
      lockers: null,
      source_url: 'https://festival.example/faq',
      verified_at: '2026-11-12',
      entered_as: 'admin',
    });
    const access = await api('PUT', `/api/admin/editions/${editionId}/accessibility`, {
      token: admin.token,
      body: accessibility,
    });
    expect(access.status).toBe(200);

    const [row] = await db()
      .select()
      .from(editionConditionsTable)
      .where(eq(editionConditionsTable.editionId, editionId));
    expect(row).toMatchObject({ food: 'sealed_only', water: 'free_fountains', parking: null, cashlessRefundDays: 30 });

    const festival = await api('GET', `/api/festivals/${festivalId}`);
    expect(festival.json.conditions).toMatchObject({ food: 'sealed_only', camping: 'included', entered_as: 'admin' });
    expect(festival.json.accessibility).toMatchObject({
      step_free: true,
      companion_ticket: 'free',
      sign_language: false,
      induction_loop: null,
      contact: 'accesibilidad@festival.example',
      verified_at: '2026-11-10',
    });
    const editions = await api('GET', `/api/festivals/${festivalId}/editions`);
    expect(editions.json[0].conditions.bag_limit).toBe('Mochila de 30 × 20 × 10 cm');
    expect(editions.json[0].accessibility.assistance_dogs).toBe(true);

    // Written whole: a fact left out becomes unknown again; 'Todas las edades' has no age.
    await api('PUT', `/api/admin/editions/${editionId}/conditions`, {
      token: admin.token,
      body: { food: 'allowed', age_policy: 'all_ages', minimum_age: 18 },
    });
    const [again] = await db()
      .select()
      .from(editionConditionsTable)
      .where(eq(editionConditionsTable.editionId, editionId));
    expect(again).toMatchObject({ food: 'allowed', water: null, agePolicy: 'all_ages', minimumAge: null });
    expect((await api('GET', `/api/festivals/${festivalId}`)).json.conditions).toMatchObject({
      food: 'allowed',
      water: null,
      source_url: null,
    });

    // Recorded in the festival's history; an admin undoes the last change.
    const changes = await db()
      .select()
      .from(festivalChangesTable)
      .where(and(eq(festivalChangesTable.entity, 'conditions'), eq(festivalChangesTable.entityId, editionId)))
      .orderBy(asc(festivalChangesTable.id));
    expect(changes).toHaveLength(2);
    expect((await api('POST', `/api/admin/changes/${changes[1].id}/revert`, { token: admin.token })).status).toBe(200);
    expect((await api('GET', `/api/festivals/${festivalId}`)).json.conditions).toMatchObject({
      food: 'sealed_only',
      water: 'free_fountains',
      minimum_age: 16,
      source_url: 'https://festival.example/faq',
    });
  });

  it('validates in Spanish with a 400, answers 404 for an unknown edition, 401 and 403 to who may not', async () => {
    const { editionId } = await festivalWithEdition();
    const path = `/api/admin/editions/${editionId}/conditions`;
    const food = await api('PUT', path, { token: admin.token, body: { food: 'picnic' } });
    expect(food.status).toBe(400);
    expect(food.json.error).toMatch(/La comida no válido/);
    const age = await api('PUT', path, { token: admin.token, body: { age_policy: 'minimum_age' } });
    expect(age.status).toBe(400);
    expect(age.json.error).toMatch(/Indica la edad/);
    const notes = await api('PUT', path, { token: admin.token, body: { notes: 'x'.repeat(501) } });
    expect(notes.status).toBe(400);
    expect(notes.json.error).toMatch(/Las notas: como máximo 500 caracteres/);
    const source = await api('PUT', path, { token: admin.token, body: { source_url: 'javascript:alert(1)' } });
    expect(source.status).toBe(400);
    expect(source.json.error).toMatch(/URL de la fuente no es válida/);
    const contact = await api('PUT', `/api/admin/editions/${editionId}/accessibility`, {
      token: admin.token,
      body: { contact: 'llámanos' },
    });
    expect(contact.status).toBe(400);
    expect(contact.json.error).toMatch(/email o un teléfono/);
    const future = await api('PUT', path, { token: admin.token, body: { verified_at: '2999-01-01' } });
    expect(future.status).toBe(400);
    expect(future.json.error).toMatch(/no puede ser futura/);

    expect((await api('PUT', '/api/admin/editions/99999999/conditions', { token: admin.token, body: {} })).status).toBe(
      404,
    );
    expect(
      (await api('PUT', '/api/admin/editions/99999999/accessibility', { token: admin.token, body: {} })).status,
    ).toBe(404);
    expect((await api('PUT', path, { body: conditions })).status).toBe(401);
    expect((await api('PUT', path, { token: stranger.token, body: conditions })).status).toBe(403);
    expect(
      (
        await api('PUT', `/api/admin/editions/${editionId}/accessibility`, {
          token: stranger.token,
          body: accessibility,
        })
      ).status,
    ).toBe(403);
    expect(
      await db().select().from(editionConditionsTable).where(eq(editionConditionsTable.editionId, editionId)),
    ).toEqual([]);
  });

  it("the festival's organisers reach the same (entered as organiser); others 403, a hidden festival 404", async () => {
    const { festivalId, editionId } = await festivalWithEdition();
    await db()
      .insert(festivalOrganizersTable)
      .values({ festivalId, userId: organizer.user.id, grantedBy: admin.user.id });
    for (const [group, body] of [
      ['conditions', conditions],
      ['accessibility', accessibility],
    ] as const) {
      const path = `/api/organizer/editions/${editionId}/${group}`;
      const res = await api('PUT', path, { token: organizer.token, body });
      expect(res.status, group).toBe(200);
      expect(res.json[group].entered_as).toBe('organizer');
      expect((await api('PUT', path, { body })).status).toBe(401);
      expect((await api('PUT', path, { token: stranger.token, body })).status).toBe(403);
    }
    const hidden = await festivalWithEdition({ status: 'pending' });
    const other = await api('PUT', `/api/organizer/editions/${hidden.editionId}/accessibility`, {
      token: organizer.token,
      body: accessibility,
    });
    expect(other.status).toBe(404);
    expect(
      await db()
        .select()
        .from(editionAccessibilityTable)
        .where(eq(editionAccessibilityTable.editionId, hidden.editionId)),
    ).toEqual([]);
  });
});

describe('GET /api/festivals/page: the fact filters', () => {
  it('keeps the festivals whose current edition says each fact asked for; an unknown fact never matches', async () => {
    const tag = `Filtros ${Date.now()}`;
    const make = async (suffix: string, c: object | null, a: object | null) => {
      const { festivalId, editionId } = await festivalWithEdition({ name: `${tag} ${suffix}` });
      if (c) await api('PUT', `/api/admin/editions/${editionId}/conditions`, { token: admin.token, body: c });
      if (a) await api('PUT', `/api/admin/editions/${editionId}/accessibility`, { token: admin.token, body: a });
      return festivalId;
    };
    const open = await make(
      'abierto',
      { food: 'allowed', water: 'free_fountains', age_policy: 'all_ages', camping: 'included', cashless: false },
      { step_free: true, adapted_toilets: true, companion_ticket: 'free', sign_language: true },
    );
    const sealed = await make(
      'precintado',
      { food: 'sealed_only', age_policy: 'minors_with_guardian', minimum_age: 16, cashless: true, cash_accepted: true },
      { step_free: true, companion_ticket: 'discount' },
    );
    const unknown = await make('sin datos', null, null);
    const ids = async (query: string) => {
      const res = await api('GET', `/api/festivals/page?search=${encodeURIComponent(tag)}&limit=100&${query}`);
      expect(res.status, query).toBe(200);
      return res.json.items.map((f: { id: number }) => f.id).sort((x: number, y: number) => x - y);
    };
    expect(await ids('')).toEqual([open, sealed, unknown]);
    expect(await ids('food=allowed')).toEqual([open]);
    expect(await ids('food=sealed_only')).toEqual([open, sealed]);
    expect(await ids('freeWater=true')).toEqual([open]);
    expect(await ids('allAges=true')).toEqual([open]);
    expect(await ids('minorsWithGuardian=true')).toEqual([open, sealed]);
    // Step-free without an adapted toilet is not enough.
    expect(await ids('wheelchair=true')).toEqual([open]);
    expect(await ids('freeCompanion=true')).toEqual([open]);
    expect(await ids('signLanguage=true')).toEqual([open]);
    expect(await ids('camping=included')).toEqual([open]);
    expect(await ids('cashOk=true')).toEqual([open, sealed]);
    expect(await ids('wheelchair=true&food=sealed_only')).toEqual([open]);
    expect(await ids('freeWater=false')).toEqual([open, sealed, unknown]);

    // A change shows in the list at once (the filter reads the facts; the write announced itself).
    const [{ id: sealedEdition }] = await db()
      .select()
      .from(festivalEditionsTable)
      .where(eq(festivalEditionsTable.festivalId, sealed));
    await api('PUT', `/api/admin/editions/${sealedEdition}/accessibility`, {
      token: admin.token,
      body: { step_free: true, adapted_toilets: true },
    });
    expect(await ids('wheelchair=true')).toEqual([open, sealed]);

    const bad = await api('GET', '/api/festivals/page?food=picnic');
    expect(bad.status).toBe(400);
    expect(bad.json.error).toMatch(/food debe ser 'allowed' o 'sealed_only'/);
    expect((await api('GET', '/api/festivals/page?wheelchair=si')).json.error).toMatch(/wheelchair debe ser/);
  });
});
