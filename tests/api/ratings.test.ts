import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { commentsTable, festivalRatingsTable, festivalsTable, festivalUserRatingsTable, usersTable } from '#db/schema';
import { api, db, signIn, signInAdmin, type SignedIn } from '../support/api';
import { addComment, createFestival, writtenBehindTheApi } from '../support/fixtures';

// A festival's averageRating and ratingsCount: approved comments only, one rating per user (their
// newest approved comment), kept by triggers on comments in the database.

let ana: SignedIn;
let bruno: SignedIn;
let admin: SignedIn;

beforeAll(async () => {
  ana = await signIn(undefined, 'Ana');
  bruno = await signIn(undefined, 'Bruno');
  admin = await signInAdmin();
});

const aggregates = async (id: number) => {
  const res = await api('GET', `/api/festivals/${id}`);
  return { averageRating: res.json.averageRating, ratingsCount: res.json.ratingsCount };
};

const post = async (who: SignedIn, festivalId: number, rating: number, content = 'Opinión') => {
  const res = await api('POST', '/api/comments', {
    token: who.token,
    body: { festival_id: festivalId, content, rating },
  });
  expect(res.status).toBe(201);
  return res.json.id as number;
};

const approve = async (commentId: number) => {
  const res = await api('PUT', `/api/admin/comments/${commentId}/approve`, { token: admin.token });
  expect(res.status).toBe(200);
};

const counters = async (festivalId: number) => {
  const [row] = await db().select().from(festivalRatingsTable).where(eq(festivalRatingsTable.festivalId, festivalId));
  return row ? { count: row.ratingsCount, sum: row.ratingsSum } : null;
};

describe('festival ratings', () => {
  it('counts one rating per user: three 5-star comments by one user do not move the average past theirs', async () => {
    const id = await createFestival();
    await approve(await post(bruno, id, 3));
    const posted = [await post(ana, id, 5, 'Uno'), await post(ana, id, 5, 'Dos'), await post(ana, id, 5, 'Tres')];
    // Pending: no effect yet, whatever their number.
    expect(await aggregates(id)).toEqual({ averageRating: 3, ratingsCount: 1 });
    for (const commentId of posted) await approve(commentId);
    expect(await aggregates(id)).toEqual({ averageRating: 4, ratingsCount: 2 });
    const listed = (await api('GET', '/api/festivals')).json.find((f: { id: number }) => f.id === id);
    expect(listed).toMatchObject({ averageRating: 4, ratingsCount: 2 });
    const adminList = (await api('GET', '/api/admin/festivals?status=approved', { token: admin.token })).json.find(
      (f: { id: number }) => f.id === id,
    );
    expect(adminList).toMatchObject({ averageRating: 4, ratingsCount: 2 });
    expect(await counters(id)).toEqual({ count: 2, sum: 8 });
  });

  it("uses each user's newest approved comment, and the one before when that is deleted", async () => {
    const id = await createFestival();
    const older = await post(ana, id, 1, 'Antes');
    await approve(older);
    const newer = await post(ana, id, 4, 'Después');
    expect(await aggregates(id)).toEqual({ averageRating: 1, ratingsCount: 1 });
    await approve(newer);
    expect(await aggregates(id)).toEqual({ averageRating: 4, ratingsCount: 1 });
    const [mine] = await db()
      .select()
      .from(festivalUserRatingsTable)
      .where(eq(festivalUserRatingsTable.festivalId, id));
    expect(mine).toEqual({ festivalId: id, userId: ana.user.id, commentId: newer, rating: 4 });

    expect((await api('DELETE', `/api/comments/${newer}`, { token: ana.token })).status).toBe(200);
    expect(await aggregates(id)).toEqual({ averageRating: 1, ratingsCount: 1 });
    expect((await api('PUT', `/api/admin/comments/${older}/reject`, { token: admin.token })).status).toBe(200);
    expect(await aggregates(id)).toEqual({ averageRating: 0, ratingsCount: 0 });
    expect(await counters(id)).toEqual({ count: 0, sum: 0 });
  });

  it('holds for writes that bypass the API: SQL inserts, status changes, user and festival deletion', async () => {
    const id = await createFestival();
    const carla = await signIn(undefined, 'Carla');
    await addComment(id, carla.user.id, 2, 'Por SQL', 'approved');
    await addComment(id, bruno.user.id, 4, 'Por SQL', 'approved');
    const pending = await addComment(id, bruno.user.id, 5, 'Pendiente por SQL');
    writtenBehindTheApi();
    expect(await aggregates(id)).toEqual({ averageRating: 3, ratingsCount: 2 });

    await db().update(commentsTable).set({ status: 'approved' }).where(eq(commentsTable.id, pending.id));
    writtenBehindTheApi();
    expect(await aggregates(id)).toEqual({ averageRating: 3.5, ratingsCount: 2 });

    // Deleting a user removes their comments (cascade) and, with them, their rating.
    await db().delete(usersTable).where(eq(usersTable.id, carla.user.id));
    writtenBehindTheApi();
    expect(await aggregates(id)).toEqual({ averageRating: 5, ratingsCount: 1 });
    expect(await counters(id)).toEqual({ count: 1, sum: 5 });

    // Deleting the festival takes its comments and both rating tables with it, without an error.
    await db().delete(festivalsTable).where(eq(festivalsTable.id, id));
    expect(await counters(id)).toBeNull();
    expect(
      await db().select().from(festivalUserRatingsTable).where(eq(festivalUserRatingsTable.festivalId, id)),
    ).toEqual([]);
  });

  it('deletes a rated festival through the admin API', async () => {
    const id = await createFestival();
    await approve(await post(ana, id, 5));
    expect((await api('DELETE', `/api/admin/festivals/${id}`, { token: admin.token })).status).toBe(200);
    expect(await counters(id)).toBeNull();
  });

  it('keeps the newest comment as the rating when two approvals of one user run at once', async () => {
    const id = await createFestival();
    const first = await post(bruno, id, 2, 'Primera');
    const second = await post(bruno, id, 5, 'Segunda');
    await Promise.all([approve(first), approve(second)]);
    expect(await aggregates(id)).toEqual({ averageRating: 5, ratingsCount: 1 });
  });

  it('matches a recount from the comments for every festival', async () => {
    const result = await db().execute(sql`
      select f.id from festivals f
      left join festival_ratings r on r.festival_id = f.id
      left join (
        select distinct on (festival_id, user_id) festival_id, user_id, rating from comments
        where status = 'approved' order by festival_id, user_id, created_at desc, id desc
      ) latest on latest.festival_id = f.id
      group by f.id, r.ratings_count, r.ratings_sum
      having coalesce(r.ratings_count, 0) <> count(latest.user_id) or coalesce(r.ratings_sum, 0) <> coalesce(sum(latest.rating), 0)`);
    expect((result as unknown as { rows: unknown[] }).rows).toEqual([]);
  });
});

describe('pending comments in the festival list', () => {
  it('are shown to their author only, marked pending, until an admin approves them', async () => {
    const id = await createFestival();
    await approve(await post(bruno, id, 4, 'Aprobado'));
    const mine = await post(ana, id, 2, 'Mío, pendiente');
    const list = (token?: string) => api('GET', `/api/comments/festival/${id}`, { token });

    const anonymous = await list();
    expect(anonymous.json.map((c: { content: string }) => c.content)).toEqual(['Aprobado']);
    expect(anonymous.headers.get('x-total-count')).toBe('1');
    expect((await list(bruno.token)).json.map((c: { content: string }) => c.content)).toEqual(['Aprobado']);
    expect((await list(admin.token)).json.map((c: { content: string }) => c.content)).toEqual(['Aprobado']);

    const own = await list(ana.token);
    expect(own.json.map((c: { content: string; status: string }) => [c.content, c.status])).toEqual([
      ['Mío, pendiente', 'pending'],
      ['Aprobado', 'approved'],
    ]);
    expect(own.headers.get('x-total-count')).toBe('2');
    // The author's view is never cached for others.
    expect((await list()).json).toHaveLength(1);

    await approve(mine);
    expect((await list()).json.map((c: { content: string; status: string }) => [c.content, c.status])).toEqual([
      ['Mío, pendiente', 'approved'],
      ['Aprobado', 'approved'],
    ]);
  });
});
