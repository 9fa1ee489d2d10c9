import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { editionFactSourcesTable, factCorrectionsTable, festivalEditionsTable, notificationsTable } from '#db/schema';
import { api, db, signIn, signInAdmin, type SignedIn } from '../support/api';
import { createFestival } from '../support/fixtures';

// Anyone signed in proposes a correction to one fact with its source; an admin approves (the fact
// is written, sourced as the community's) or rejects it; the proposer is told either way.

let admin: SignedIn;
let ana: SignedIn;
let bruno: SignedIn;

beforeAll(async () => {
  admin = await signInAdmin();
  ana = await signIn(undefined, 'Ana Correctora');
  bruno = await signIn();
});

async function festivalWithEdition(values: Parameters<typeof createFestival>[0] = {}) {
  const festivalId = await createFestival({ name: `Correcciones ${Date.now()}${Math.random()}`, ...values });
  const [edition] = await db()
    .select()
    .from(festivalEditionsTable)
    .where(eq(festivalEditionsTable.festivalId, festivalId));
  return { festivalId, editionId: edition.id };
}

const propose = (token: string, festivalId: number, body: unknown) =>
  api('POST', `/api/festivals/${festivalId}/fact-corrections`, { token, body });
const decide = (token: string, id: number, status: string) =>
  api('PATCH', `/api/admin/fact-corrections/${id}`, { token, body: { status } });
const messagesOf = async (userId: number) =>
  (await db().select().from(notificationsTable).where(eq(notificationsTable.userId, userId))).map((n) => n.message);

describe('POST /api/festivals/{id}/fact-corrections', () => {
  it('keeps a correction of the current edition, pending, with its source; the admin queue lists it', async () => {
    const { festivalId, editionId } = await festivalWithEdition();
    const res = await propose(ana.token, festivalId, {
      group: 'conditions',
      field: 'food',
      value: 'allowed',
      source_url: 'https://festival.example/faq',
      note: 'La FAQ dice que se puede entrar con bocadillos.',
    });
    expect(res.status, res.text).toBe(201);
    expect(res.json).toMatchObject({
      festival_id: festivalId,
      edition_id: editionId,
      group: 'conditions',
      field: 'food',
      field_label: 'Comida',
      value: 'allowed',
      status: 'pending',
      proposer: { id: ana.user.id, name: 'Ana Correctora' },
    });
    const queue = await api('GET', '/api/admin/fact-corrections', { token: admin.token });
    expect(queue.status).toBe(200);
    expect(queue.json.map((c: { id: number }) => c.id)).toContain(res.json.id);
    expect((await api('GET', '/api/admin/fact-corrections', { token: ana.token })).status).toBe(403);
  });

  it('refuses a missing source, an unknown field, a value the editor would refuse, and asks to sign in', async () => {
    const { festivalId } = await festivalWithEdition();
    const body = { group: 'accessibility', field: 'step_free', value: true, source_url: 'https://f.example/a' };
    const noSource = await propose(ana.token, festivalId, { ...body, source_url: undefined });
    expect(noSource.status).toBe(400);
    expect(noSource.text).toContain('Indica la página oficial que lo dice (URL de la fuente).');
    const badUrl = await propose(ana.token, festivalId, { ...body, source_url: 'javascript:alert(1)' });
    expect(badUrl.status).toBe(400);
    expect(badUrl.text).toContain('La URL de la fuente no es válida');
    const unknown = await propose(ana.token, festivalId, { ...body, field: 'is_admin' });
    expect(unknown.status).toBe(400);
    expect(unknown.text).toContain('Ese dato no existe en este grupo.');
    const wrong = await propose(ana.token, festivalId, { ...body, field: 'companion_ticket', value: 'gratis' });
    expect(wrong.status).toBe(400);
    expect(wrong.text).toContain('La entrada de acompañante no válido');
    const group = await propose(ana.token, festivalId, { ...body, group: 'lineup' });
    expect(group.status).toBe(400);
    expect((await api('POST', `/api/festivals/${festivalId}/fact-corrections`, { body })).status).toBe(401);
    expect((await propose(ana.token, 99999999, body)).status).toBe(404);
    expect(
      await db().select().from(factCorrectionsTable).where(eq(factCorrectionsTable.festivalId, festivalId)),
    ).toEqual([]);
  });

  it("answers 404 for someone else's pending festival, as if it did not exist", async () => {
    const { festivalId } = await festivalWithEdition({ status: 'pending', proposedBy: bruno.user.id });
    const res = await propose(ana.token, festivalId, {
      group: 'tiers',
      field: 'price',
      value: '45 €',
      source_url: 'https://f.example/entradas',
    });
    expect(res.status).toBe(404);
  });
});

describe('PATCH /api/admin/fact-corrections/{id}', () => {
  it('approving writes the fact into the edition, sourced by the correction and entered by the community; the proposer is told', async () => {
    const { festivalId, editionId } = await festivalWithEdition();
    const proposed = await propose(ana.token, festivalId, {
      group: 'accessibility',
      field: 'companion_ticket',
      value: 'free',
      source_url: 'https://festival.example/accesibilidad',
    });
    expect(proposed.status, proposed.text).toBe(201);
    const decided = await decide(admin.token, proposed.json.id, 'approved');
    expect(decided.status, decided.text).toBe(200);
    expect(decided.json).toMatchObject({ status: 'approved' });

    const festival = await api('GET', `/api/festivals/${festivalId}`);
    expect(festival.json.accessibility).toMatchObject({
      companion_ticket: 'free',
      step_free: null,
      source_url: 'https://festival.example/accesibilidad',
      entered_as: 'community',
    });
    const [source] = await db()
      .select()
      .from(editionFactSourcesTable)
      .where(eq(editionFactSourcesTable.editionId, editionId));
    expect(source).toMatchObject({ factGroup: 'accessibility', enteredAs: 'community', enteredBy: admin.user.id });
    expect(await messagesOf(ana.user.id)).toContainEqual(
      expect.stringContaining('Hemos aprobado tu corrección de «Entrada de acompañante»'),
    );

    const again = await decide(admin.token, proposed.json.id, 'rejected');
    expect(again.status).toBe(409);
    expect(again.json.error).toBe('Esta corrección ya se decidió. Solo se pueden aprobar o rechazar las pendientes.');
  });

  it('rejecting changes no fact and tells the proposer; a correction the group rules refuse stays pending', async () => {
    const { festivalId } = await festivalWithEdition();
    const tier = await propose(bruno.token, festivalId, {
      group: 'tiers',
      field: 'price',
      value: 'El segundo tramo cuesta 55 €',
      source_url: 'https://festival.example/entradas',
    });
    expect((await decide(admin.token, tier.json.id, 'rejected')).json.status).toBe('rejected');
    expect(await messagesOf(bruno.user.id)).toContainEqual(
      expect.stringContaining('No hemos aprobado tu corrección de «Precio de un tramo»'),
    );
    expect((await api('GET', `/api/festivals/${festivalId}`)).json.conditions).toBeNull();

    // 'Edad mínima' alone: the editor asks which age policy it belongs to, so it cannot be written as it is.
    const age = await propose(bruno.token, festivalId, {
      group: 'conditions',
      field: 'age_policy',
      value: 'minimum_age',
      source_url: 'https://festival.example/faq',
    });
    const refused = await decide(admin.token, age.json.id, 'approved');
    expect(refused.status).toBe(409);
    expect(refused.json.error).toContain('No se puede aplicar: Indica la edad');
    const [row] = await db().select().from(factCorrectionsTable).where(eq(factCorrectionsTable.id, age.json.id));
    expect(row.status).toBe('pending');
    expect((await decide(admin.token, 99999999, 'approved')).status).toBe(404);
    expect((await decide(admin.token, age.json.id, 'maybe')).status).toBe(400);
  });
});
