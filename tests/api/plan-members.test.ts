import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { notificationsTable, planMeetingPointsTable, plansTable } from '#db/schema';
import { api, db, signIn, type SignedIn } from '../support/api';
import { festivalWithSets, join, newPlan, pick } from '../support/plans';

let ana: SignedIn;
let luis: SignedIn;
let eva: SignedIn;
let festival: number;
let sets: { amelie: number; bicep: number; late: number };

beforeAll(async () => {
  ana = await signIn(`ana.plan.${Date.now()}@festivales.test`, 'Ana García');
  luis = await signIn(`luis.plan.${Date.now()}@festivales.test`, 'Luis');
  eva = await signIn(`eva.plan.${Date.now()}@festivales.test`, 'Eva');
  const stamp = Date.now();
  const one = await festivalWithSets([`Amelie Lens ${stamp}`, `Bicep ${stamp}`, `Kölsch ${stamp}`]);
  festival = one.id;
  sets = { amelie: one.entries[0], bicep: one.entries[1], late: one.entries[2] };
});

describe('leaving, removing and deleting', () => {
  it('a member leaves and their picks leave the plan; the owner removes someone; the owner deletes the plan', async () => {
    await pick(eva, festival, [sets.late]);
    const plan = await newPlan(ana, festival);
    await join(luis, plan.invite_url);
    await join(eva, plan.invite_url);
    const left = await api('DELETE', `/api/plans/${plan.id}/members/${luis.user.id}`, { token: luis.token });
    expect(left.status).toBe(200);
    expect(left.json.message).toBe('Has salido del plan');
    expect((await api('GET', `/api/plans/${plan.id}`, { token: luis.token })).status).toBe(404);
    const after = await api('GET', `/api/plans/${plan.id}`, { token: ana.token });
    expect(after.json.members.map((m: { user_id: number }) => m.user_id)).toEqual([ana.user.id, eva.user.id]);
    expect(after.json.clashes).toEqual(expect.arrayContaining([]));

    expect((await api('DELETE', `/api/plans/${plan.id}/members/${eva.user.id}`, { token: ana.token })).status).toBe(
      200,
    );
    expect((await api('DELETE', `/api/plans/${plan.id}/members/${eva.user.id}`, { token: ana.token })).status).toBe(
      404,
    );
    expect((await api('DELETE', `/api/plans/${plan.id}`, { token: ana.token })).status).toBe(200);
    expect(await db().select().from(plansTable).where(eq(plansTable.id, plan.id))).toEqual([]);
  });

  it('an owner who leaves hands the plan to the next member', async () => {
    const plan = await newPlan(ana, festival);
    await join(luis, plan.invite_url);
    expect((await api('DELETE', `/api/plans/${plan.id}/members/${ana.user.id}`, { token: ana.token })).status).toBe(
      200,
    );
    const [row] = await db().select().from(plansTable).where(eq(plansTable.id, plan.id));
    expect(row.ownerId).toBe(luis.user.id);
  });
});

describe('meeting points', () => {
  it('members add them, the group sees them; the author or the owner deletes them', async () => {
    const plan = await newPlan(ana, festival);
    await join(luis, plan.invite_url);
    await join(eva, plan.invite_url);
    const added = await api('POST', `/api/plans/${plan.id}/meeting-points`, {
      token: luis.token,
      body: { note: 'Junto a la noria', lat: 40.41, lon: -3.7 },
    });
    expect(added.status).toBe(201);
    expect(added.json).toMatchObject({ user_id: luis.user.id, author: 'Luis', note: 'Junto a la noria', lat: 40.41 });
    const seen = await api('GET', `/api/plans/${plan.id}`, { token: ana.token });
    expect(seen.json.meeting_points).toEqual([
      expect.objectContaining({ id: added.json.id, note: 'Junto a la noria' }),
    ]);
    const other = await api('DELETE', `/api/plans/${plan.id}/meeting-points/${added.json.id}`, { token: eva.token });
    expect(other.status).toBe(404);
    const byOwner = await api('DELETE', `/api/plans/${plan.id}/meeting-points/${added.json.id}`, { token: ana.token });
    expect(byOwner.status).toBe(200);
    expect(await db().select().from(planMeetingPointsTable).where(eq(planMeetingPointsTable.planId, plan.id))).toEqual(
      [],
    );
  });
});

describe('notifications when someone joins (opt-in per plan)', () => {
  it('tells the members who asked, and nobody else', async () => {
    const plan = await newPlan(ana, festival);
    await join(luis, plan.invite_url);
    expect(
      (await api('PUT', `/api/plans/${plan.id}/notifications`, { token: ana.token, body: { notify: true } })).json,
    ).toEqual({ notify: true });
    const newcomer = await signIn(`nuevo.${Date.now()}@festivales.test`, 'Marta Ruiz');
    await join(newcomer, plan.invite_url);
    const bell = (userId: number) =>
      db()
        .select({ message: notificationsTable.message })
        .from(notificationsTable)
        .where(and(eq(notificationsTable.userId, userId), eq(notificationsTable.type, 'plan')));
    expect(await bell(ana.user.id)).toContainEqual({ message: expect.stringMatching(/^Marta se ha unido a «/) });
    expect(await bell(luis.user.id)).toEqual([]);
  });
});

describe('an erased account', () => {
  it('leaves its plans, its picks leave with it, and its own plans pass to another member', async () => {
    const gone = await signIn(`borrada.${Date.now()}@festivales.test`, 'Borrada');
    await pick(gone, festival, [sets.amelie]);
    const plan = await newPlan(gone, festival);
    await join(luis, plan.invite_url);
    const exported = await api('GET', '/api/users/me/export', { token: gone.token });
    expect(exported.json.plans).toEqual([expect.objectContaining({ id: plan.id, owner: true })]);
    expect(
      (await api('DELETE', '/api/users/me', { token: gone.token, body: { confirmation: 'ELIMINAR' } })).status,
    ).toBe(200);
    const seen = await api('GET', `/api/plans/${plan.id}`, { token: luis.token });
    expect(seen.json.owner_id).toBe(luis.user.id);
    expect(seen.json.members.map((m: { user_id: number }) => m.user_id)).toEqual([luis.user.id]);
  });
});
