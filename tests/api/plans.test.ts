import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { planMembersTable, plansTable } from '#db/schema';
import { rateLimits } from '../../functions/lib/rate-limit';
import { api, db, signIn, type SignedIn } from '../support/api';
import { createFestival } from '../support/fixtures';
import { festivalWithSets, join, newPlan, pick } from '../support/plans';

let ana: SignedIn;
let luis: SignedIn;
let eva: SignedIn;
let festival: number;
let sets: { amelie: number; bicep: number; late: number };
let otherFestival: number;
let otherSet: number;

beforeAll(async () => {
  ana = await signIn(`ana.plan.${Date.now()}@festivales.test`, 'Ana García');
  luis = await signIn(`luis.plan.${Date.now()}@festivales.test`, 'Luis');
  eva = await signIn(`eva.plan.${Date.now()}@festivales.test`, 'Eva');
  const stamp = Date.now();
  const one = await festivalWithSets([`Amelie Lens ${stamp}`, `Bicep ${stamp}`, `Kölsch ${stamp}`]);
  festival = one.id;
  sets = { amelie: one.entries[0], bicep: one.entries[1], late: one.entries[2] };
  const two = await festivalWithSets([`Otro A ${stamp}`, `Otro B ${stamp}`, `Otro C ${stamp}`]);
  otherFestival = two.id;
  otherSet = two.entries[0];
});

describe('POST /api/plans and joining by link', () => {
  it("creates a plan, a friend joins with their own picks, both see each other's picks and the clash in words", async () => {
    expect((await pick(ana, festival, [sets.amelie, sets.bicep, sets.late])).status).toBe(200);
    expect((await pick(luis, festival, [sets.amelie, sets.bicep])).status).toBe(200);
    // Luis's picks in another festival are never part of this plan.
    expect((await pick(luis, otherFestival, [otherSet])).status).toBe(200);

    const created = await api('POST', '/api/plans', { token: ana.token, body: { festival_id: festival } });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({
      festival_id: festival,
      name: expect.stringMatching(/^Plan para Festival de prueba/),
      invite_url: expect.stringMatching(/\/planes\/unirse\/[0-9a-f-]{36}$/),
      members: [{ user_id: ana.user.id, name: 'Ana García', picks: [sets.amelie, sets.bicep, sets.late] }],
    });
    const joined = await join(luis, created.json.invite_url);
    expect(joined.status).toBe(200);
    expect(joined.json).toEqual({ id: created.json.id, festival_id: festival, name: created.json.name });
    // Joining twice changes nothing.
    expect((await join(luis, created.json.invite_url)).status).toBe(200);

    for (const who of [ana, luis]) {
      const plan = await api('GET', `/api/plans/${created.json.id}`, { token: who.token });
      expect(plan.status).toBe(200);
      expect(plan.headers.get('cache-control')).toBe('private, no-store');
      expect(plan.json.members).toEqual([
        { user_id: ana.user.id, name: 'Ana García', avatar_url: null, picks: [sets.amelie, sets.bicep, sets.late] },
        { user_id: luis.user.id, name: 'Luis', avatar_url: null, picks: [sets.amelie, sets.bicep] },
      ]);
      expect(plan.json.clashes).toEqual([
        {
          members: [ana.user.id, luis.user.id],
          sets: [sets.amelie, sets.bicep],
          text: expect.stringMatching(/^Ana y Luis: Amelie Lens \d+ coincide con Bicep \d+$/),
        },
      ]);
      expect(plan.json.members.flatMap((m: { picks: number[] }) => m.picks)).not.toContain(otherSet);
    }
    // The link is the owner's to hand out.
    expect((await api('GET', `/api/plans/${created.json.id}`, { token: luis.token })).json.invite_url).toBeNull();
    const mine = await api('GET', '/api/plans', { token: luis.token });
    expect(mine.json).toContainEqual(expect.objectContaining({ id: created.json.id, members_count: 2 }));
  });

  it("shows a member's new picks, and a meeting point, on the very next read", async () => {
    const plan = await newPlan(ana, festival);
    await join(eva, plan.invite_url);
    const picksOf = async (userId: number) =>
      (await api('GET', `/api/plans/${plan.id}`, { token: ana.token })).json.members.find(
        (m: { user_id: number }) => m.user_id === userId,
      ).picks;
    await pick(eva, festival, [sets.late]);
    expect(await picksOf(eva.user.id)).toEqual([sets.late]);
    await pick(eva, festival, [sets.amelie, sets.late]);
    expect(await picksOf(eva.user.id)).toEqual([sets.amelie, sets.late]);
    await api('POST', `/api/plans/${plan.id}/meeting-points`, { token: eva.token, body: { note: 'Barra central' } });
    const seen = await api('GET', `/api/plans/${plan.id}`, { token: ana.token });
    expect(seen.json.meeting_points.map((p: { note: string }) => p.note)).toEqual(['Barra central']);
    expect(seen.json.notify).toBe(false);
    expect(seen.json.invite_url).toBe(plan.invite_url);
  });

  it('answers 404 to anyone outside the plan, for every route', async () => {
    const plan = await newPlan(ana, festival);
    const calls: [string, string, unknown?][] = [
      ['GET', `/api/plans/${plan.id}`],
      ['POST', `/api/plans/${plan.id}/invite`],
      ['DELETE', `/api/plans/${plan.id}/members/${ana.user.id}`],
      ['DELETE', `/api/plans/${plan.id}`],
      ['POST', `/api/plans/${plan.id}/meeting-points`, { note: 'Entrada norte' }],
      ['PUT', `/api/plans/${plan.id}/notifications`, { notify: true }],
    ];
    for (const [method, path, body] of calls) {
      const res = await api(method, path, { token: eva.token, body });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.json.error).toBe('Plan no encontrado');
    }
    expect((await api('GET', `/api/plans/${plan.id}`)).status).toBe(401);
    expect((await api('GET', '/api/plans/999999', { token: ana.token })).status).toBe(404);
    expect(await db().select().from(plansTable).where(eq(plansTable.id, plan.id))).toHaveLength(1);
  });

  it('keeps the owner-only actions to the owner: a member gets 404 and changes nothing', async () => {
    const plan = await newPlan(ana, festival);
    await join(luis, plan.invite_url);
    await join(eva, plan.invite_url);
    expect((await api('POST', `/api/plans/${plan.id}/invite`, { token: luis.token })).status).toBe(404);
    expect((await api('DELETE', `/api/plans/${plan.id}`, { token: luis.token })).status).toBe(404);
    expect((await api('DELETE', `/api/plans/${plan.id}/members/${eva.user.id}`, { token: luis.token })).status).toBe(
      404,
    );
    const members = await db().select().from(planMembersTable).where(eq(planMembersTable.planId, plan.id));
    expect(members).toHaveLength(3);
  });

  it('rotating the link stops the old one (404) and the new one works', async () => {
    const plan = await newPlan(ana, festival);
    const rotated = await api('POST', `/api/plans/${plan.id}/invite`, { token: ana.token });
    expect(rotated.status).toBe(200);
    expect(rotated.json.invite_url).not.toBe(plan.invite_url);
    const old = await join(eva, plan.invite_url);
    expect(old.status).toBe(404);
    expect(old.json.error).toBe('Este enlace de invitación no existe o se ha renovado.');
    expect((await join(eva, rotated.json.invite_url)).status).toBe(200);
  });

  it('refuses bad bodies with a 400 in Spanish and a wrong token with 404', async () => {
    const bad = async (path: string, body: unknown, error: string) => {
      const res = await api('POST', path, { token: ana.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.error).toBe(error);
    };
    await bad('/api/plans', {}, 'Indica un festival válido (festival_id).');
    await bad('/api/plans', { festival_id: 'x' }, 'Indica un festival válido (festival_id).');
    await bad(
      '/api/plans',
      { festival_id: festival, name: 'x'.repeat(81) },
      'El nombre del plan puede tener como mucho 80 caracteres.',
    );
    await bad('/api/plans/join', { token: 'nope' }, 'Enlace de invitación no válido.');
    const plan = await newPlan(ana, festival);
    await bad(`/api/plans/${plan.id}/meeting-points`, { note: '  ' }, 'Escribe una nota para el punto de encuentro.');
    await bad(
      `/api/plans/${plan.id}/meeting-points`,
      { note: 'x'.repeat(201) },
      'La nota puede tener como mucho 200 caracteres.',
    );
    await bad(
      `/api/plans/${plan.id}/meeting-points`,
      { note: 'Aquí', lat: 40 },
      'Indica latitud y longitud juntas, o ninguna.',
    );
    await bad(
      `/api/plans/${plan.id}/meeting-points`,
      { note: 'Aquí', lat: 95, lon: 1 },
      'La latitud debe estar entre -90 y 90.',
    );
    const unknown = await api('POST', '/api/plans/join', {
      token: ana.token,
      body: { token: '00000000-0000-4000-8000-000000000000' },
    });
    expect(unknown.status).toBe(404);
    const hidden = await createFestival({ status: 'pending', proposedBy: ana.user.id });
    expect((await api('POST', '/api/plans', { token: ana.token, body: { festival_id: hidden } })).status).toBe(404);
    expect((await api('GET', '/api/plans/abc', { token: ana.token })).status).toBe(400);
  });

  it('holds at most 20 members', async () => {
    const plan = await newPlan(ana, festival);
    const people = await Promise.all(Array.from({ length: 19 }, () => signIn()));
    for (const p of people) expect((await join(p, plan.invite_url)).status).toBe(200);
    const full = await join(eva, plan.invite_url);
    expect(full.status).toBe(409);
    expect(full.json.error).toBe('Este plan ya tiene 20 personas, el máximo.');
  });

  it('limits joins per person', async () => {
    const saved = rateLimits.planJoin.limit;
    rateLimits.planJoin.limit = 2;
    try {
      const tryer = await signIn();
      const wrong = { token: '00000000-0000-4000-8000-000000000001' };
      await api('POST', '/api/plans/join', { token: tryer.token, body: wrong });
      await api('POST', '/api/plans/join', { token: tryer.token, body: wrong });
      const third = await api('POST', '/api/plans/join', { token: tryer.token, body: wrong });
      expect(third.status).toBe(429);
    } finally {
      rateLimits.planJoin.limit = saved;
    }
  });
});
