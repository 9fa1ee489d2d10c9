import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  commentsTable,
  festivalCountersTable,
  festivalsTable,
  mediaTable,
  mediaVoteCountsTable,
  mediaVotesTable,
  usersTable,
} from '#db/schema';
import { DELETE_CONFIRMATION } from '#core/alert-schemas';
import { api, db, signIn, signInAdmin, type SignedIn } from '../support/api';
import { addComment, addMedia, addVote, createFestival, writtenBehindTheApi } from '../support/fixtures';

// Counts that lists and pages read from one counter row instead of aggregating the table behind
// them: a festival's approved comments and favourites (festival_counters) and a photo's votes
// (media_vote_counts), kept by triggers in the transaction of every write, whoever writes.

let ana: SignedIn;
let bruno: SignedIn;
let admin: SignedIn;

beforeAll(async () => {
  ana = await signIn(undefined, 'Ana');
  bruno = await signIn(undefined, 'Bruno');
  admin = await signInAdmin();
});

const festivalCounters = async (festivalId: number) => {
  const [row] = await db().select().from(festivalCountersTable).where(eq(festivalCountersTable.festivalId, festivalId));
  return row ? { favorites: row.favoritesCount, comments: row.commentsCount } : null;
};

const voteCounters = async (mediaId: number) => {
  const [row] = await db().select().from(mediaVoteCountsTable).where(eq(mediaVoteCountsTable.mediaId, mediaId));
  return row ? { count: row.votesCount, sum: row.votesSum } : null;
};

/** What the public comment list says its total is (X-Total-Count), as someone signed in or not. */
const commentTotal = async (festivalId: number, who?: SignedIn) => {
  const res = await api('GET', `/api/comments/festival/${festivalId}`, { token: who?.token });
  expect(res.status).toBe(200);
  return { total: Number(res.headers.get('x-total-count')), listed: res.json.length as number };
};

const post = async (who: SignedIn, festivalId: number, rating = 4, content = 'Opinión') => {
  const res = await api('POST', '/api/comments', {
    token: who.token,
    body: { festival_id: festivalId, content, rating },
  });
  expect(res.status).toBe(201);
  return res.json.id as number;
};

/** The gallery item as the public gallery shows it. */
const galleryItem = async (festivalId: number, mediaId: number) => {
  const res = await api('GET', `/api/media/festival/${festivalId}`);
  expect(res.status).toBe(200);
  const item = res.json.find((m: { id: number }) => m.id === mediaId);
  return { rating: item.rating as number, votesCount: item.votesCount as number };
};

const vote = async (who: SignedIn, mediaId: number, rating: number) => {
  const res = await api('POST', `/api/gallery/${mediaId}/rate`, {
    token: who.token,
    body: { rating },
    headers: { 'X-Forwarded-For': `198.51.100.${mediaId % 250}` },
  });
  expect(res.status).toBe(200);
  return res.json as { rating: number; votesCount: number; userRating: number };
};

/** Every counter row against a recount of the tables they stand for: the rows that disagree. */
const disagreements = async () => {
  const result = await db().execute(sql`
    select 'festival ' || f.id as item from festivals f
    left join festival_counters c on c.festival_id = f.id
    where coalesce(c.favorites_count, 0) <> (select count(*) from favorites x where x.festival_id = f.id)
       or coalesce(c.comments_count, 0) <> (select count(*) from comments x where x.festival_id = f.id and x.status = 'approved')
    union all
    select 'photo ' || m.id from media m
    left join media_vote_counts c on c.media_id = m.id
    where coalesce(c.votes_count, 0) <> (select count(*) from media_votes v where v.media_id = m.id)
       or coalesce(c.votes_sum, 0) <> (select coalesce(sum(v.rating), 0) from media_votes v where v.media_id = m.id)`);
  return (result as unknown as { rows: { item: string }[] }).rows.map((r) => r.item);
};

describe('comment counts', () => {
  it('count approved comments only, through posting, approval, deletion and rejection', async () => {
    const id = await createFestival();
    const first = await post(ana, id, 5, 'Primera');
    const second = await post(bruno, id, 3, 'Segunda');
    const third = await post(bruno, id, 2, 'Tercera');
    // Pending: nobody else sees them, and the total says so; each author also sees their own.
    expect(await commentTotal(id)).toEqual({ total: 0, listed: 0 });
    expect(await commentTotal(id, bruno)).toEqual({ total: 2, listed: 2 });
    expect(await festivalCounters(id)).toBeNull();

    for (const commentId of [first, second, third]) {
      expect((await api('PUT', `/api/admin/comments/${commentId}/approve`, { token: admin.token })).status).toBe(200);
    }
    expect(await commentTotal(id)).toEqual({ total: 3, listed: 3 });
    expect(await festivalCounters(id)).toEqual({ favorites: 0, comments: 3 });

    // The author deletes one, an admin deletes another; a new pending one counts for its author only.
    expect((await api('DELETE', `/api/comments/${second}`, { token: bruno.token })).status).toBe(200);
    expect((await api('DELETE', `/api/comments/${first}`, { token: admin.token })).status).toBe(200);
    const pending = await post(ana, id, 1, 'Pendiente');
    expect(await commentTotal(id)).toEqual({ total: 1, listed: 1 });
    expect(await commentTotal(id, ana)).toEqual({ total: 2, listed: 2 });
    // Rejecting deletes the pending comment: the approved count does not move.
    expect((await api('PUT', `/api/admin/comments/${pending}/reject`, { token: admin.token })).status).toBe(200);
    expect(await commentTotal(id, ana)).toEqual({ total: 1, listed: 1 });
    expect(await festivalCounters(id)).toEqual({ favorites: 0, comments: 1 });
  });

  it('follow edits made in SQL: a status changed back, a comment moved to another festival, an author deleted', async () => {
    const one = await createFestival();
    const other = await createFestival();
    const carla = await signIn(undefined, 'Carla');
    const a = await addComment(one, carla.user.id, 4, 'Uno', 'approved');
    const b = await addComment(one, bruno.user.id, 5, 'Dos', 'approved');
    await addComment(one, carla.user.id, 2, 'Tres', 'approved');
    expect(await festivalCounters(one)).toEqual({ favorites: 0, comments: 3 });

    await db().update(commentsTable).set({ status: 'pending' }).where(eq(commentsTable.id, a.id));
    await db().update(commentsTable).set({ festivalId: other }).where(eq(commentsTable.id, b.id));
    expect(await festivalCounters(one)).toEqual({ favorites: 0, comments: 1 });
    expect(await festivalCounters(other)).toEqual({ favorites: 0, comments: 1 });
    expect(await commentTotal(other)).toEqual({ total: 1, listed: 1 });

    // Deleting Carla takes her comments with her (cascade): one approved, one pending.
    await db().delete(usersTable).where(eq(usersTable.id, carla.user.id));
    expect(await festivalCounters(one)).toEqual({ favorites: 0, comments: 0 });
    expect(await commentTotal(one)).toEqual({ total: 0, listed: 0 });
  });
});

describe('favourite counts', () => {
  it('follow adding, adding again, removing and a sync that replaces the list', async () => {
    const one = await createFestival();
    const two = await createFestival();
    expect((await api('POST', `/api/favorites/${one}`, { token: ana.token })).status).toBe(201);
    expect((await api('POST', `/api/favorites/${one}`, { token: ana.token })).status).toBe(200);
    expect((await api('POST', `/api/favorites/${one}`, { token: bruno.token })).status).toBe(201);
    expect(await festivalCounters(one)).toEqual({ favorites: 2, comments: 0 });

    expect((await api('DELETE', `/api/favorites/${one}`, { token: bruno.token })).status).toBe(200);
    expect(await festivalCounters(one)).toEqual({ favorites: 1, comments: 0 });

    // Ana's browser list replaces the server's: one leaves, two enters, in one request.
    const sync = await api('POST', '/api/favorites/sync', {
      token: ana.token,
      body: { favorites: [two], overwrite: true },
    });
    expect(sync.status).toBe(200);
    expect(sync.json.favorites).toEqual([two]);
    expect(await festivalCounters(one)).toEqual({ favorites: 0, comments: 0 });
    expect(await festivalCounters(two)).toEqual({ favorites: 1, comments: 0 });
  });

  it('lose a deleted account and go with a deleted festival', async () => {
    const id = await createFestival();
    const dora = await signIn(undefined, 'Dora');
    expect((await api('POST', `/api/favorites/${id}`, { token: dora.token })).status).toBe(201);
    expect((await api('POST', `/api/favorites/${id}`, { token: bruno.token })).status).toBe(201);
    await addComment(id, bruno.user.id, 4, 'Aprobado', 'approved');
    expect(await festivalCounters(id)).toEqual({ favorites: 2, comments: 1 });

    // Deleting an account removes its favourites (its comments stay, anonymised).
    expect(
      (await api('DELETE', '/api/users/me', { token: dora.token, body: { confirmation: DELETE_CONFIRMATION } })).status,
    ).toBe(200);
    expect(await festivalCounters(id)).toEqual({ favorites: 1, comments: 1 });

    expect((await api('DELETE', `/api/admin/festivals/${id}`, { token: admin.token })).status).toBe(200);
    expect(await festivalCounters(id)).toBeNull();
    expect(await disagreements()).toEqual([]);
  });
});

describe('vote counts', () => {
  it('follow a new vote, a changed vote and a deleted voter, in the gallery, the vote answer and the admin list', async () => {
    const id = await createFestival();
    const photo = await addMedia(id, ana.user.id);
    const other = await addMedia(id, ana.user.id);
    expect(await galleryItem(id, photo.id)).toEqual({ rating: 0, votesCount: 0 });

    expect(await vote(ana, photo.id, 5)).toMatchObject({ rating: 5, votesCount: 1, userRating: 5 });
    expect(await vote(bruno, photo.id, 2)).toMatchObject({ rating: 3.5, votesCount: 2, userRating: 2 });
    // Bruno changes his mind: still two votes, the sum moves.
    expect(await vote(bruno, photo.id, 4)).toMatchObject({ rating: 4.5, votesCount: 2, userRating: 4 });
    await vote(bruno, other.id, 1);
    expect(await galleryItem(id, photo.id)).toEqual({ rating: 4.5, votesCount: 2 });
    expect(await voteCounters(photo.id)).toEqual({ count: 2, sum: 9 });
    const adminList = await api('GET', `/api/admin/media?festival_id=${id}`, { token: admin.token });
    expect(adminList.status).toBe(200);
    expect(adminList.json.find((m: { id: number }) => m.id === photo.id)).toMatchObject({ rating: 4.5, votesCount: 2 });
    expect(adminList.json.find((m: { id: number }) => m.id === other.id)).toMatchObject({ rating: 1, votesCount: 1 });

    // Votes written in SQL, and a voter deleted with all their votes (cascade).
    const erik = await signIn(undefined, 'Erik');
    await addVote(photo.id, erik.user.id, 3);
    expect(await voteCounters(photo.id)).toEqual({ count: 3, sum: 12 });
    await db().delete(usersTable).where(eq(usersTable.id, bruno.user.id));
    writtenBehindTheApi();
    bruno = await signIn(undefined, 'Bruno');
    expect(await galleryItem(id, photo.id)).toEqual({ rating: 4, votesCount: 2 });
    expect(await voteCounters(other.id)).toEqual({ count: 0, sum: 0 });
    expect(await galleryItem(id, other.id)).toEqual({ rating: 0, votesCount: 0 });
  });

  it('go with a deleted photo and a deleted festival, and agree with a recount everywhere', async () => {
    const id = await createFestival();
    const kept = await addMedia(id, ana.user.id);
    const removed = await addMedia(id, ana.user.id);
    await vote(ana, kept.id, 4);
    await vote(ana, removed.id, 2);
    expect((await api('DELETE', `/api/admin/media/${removed.id}`, { token: admin.token })).status).toBe(200);
    expect(await voteCounters(removed.id)).toBeNull();
    expect(await voteCounters(kept.id)).toEqual({ count: 1, sum: 4 });

    await db().delete(festivalsTable).where(eq(festivalsTable.id, id));
    expect(await db().select().from(mediaTable).where(eq(mediaTable.festivalId, id))).toEqual([]);
    expect(await voteCounters(kept.id)).toBeNull();
    expect(await db().select().from(mediaVotesTable).where(eq(mediaVotesTable.mediaId, kept.id))).toEqual([]);
    expect(await disagreements()).toEqual([]);
  });

  it('count every vote when many people vote on one photo at once', async () => {
    const id = await createFestival();
    const photo = await addMedia(id, ana.user.id);
    const voters = await Promise.all(Array.from({ length: 8 }, (_, i) => signIn(undefined, `Votante ${i}`)));
    await Promise.all(voters.map((v, i) => vote(v, photo.id, 1 + (i % 5))));
    expect(await voteCounters(photo.id)).toEqual({ count: 8, sum: 1 + 2 + 3 + 4 + 5 + 1 + 2 + 3 });
    expect(await galleryItem(id, photo.id)).toEqual({ rating: 2.63, votesCount: 8 });
  });
});
