import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { rateLimitsTable } from '#db/schema';
import { consumeRateLimit, rateLimits } from '../../functions/lib/rate-limit';
import { api, db, signIn } from '../support/api';

const original = { vote: { ...rateLimits.vote }, newsletter: { ...rateLimits.newsletter } };

afterEach(() => {
  Object.assign(rateLimits.vote, original.vote);
  Object.assign(rateLimits.newsletter, original.newsletter);
});

describe('fixed-window counters in Postgres', () => {
  it('count per subject and window, refuse past the limit and start again in the next window', async () => {
    rateLimits.vote.limit = 2;
    rateLimits.vote.windowSeconds = 60;
    const start = Date.UTC(2031, 0, 1, 12, 0, 0);
    const results = [];
    for (let i = 0; i < 3; i++) results.push(await consumeRateLimit('vote', 'user:window-test', start + i * 1000));
    expect(results.map((r) => r.allowed)).toEqual([true, true, false]);
    expect(results[2].retryAfter).toBe(58);
    expect((await consumeRateLimit('vote', 'user:someone-else', start)).allowed).toBe(true);
    expect((await consumeRateLimit('vote', 'user:window-test', start + 60_000)).allowed).toBe(true);
    const rows = await db().select().from(rateLimitsTable).where(eq(rateLimitsTable.bucket, 'vote:user:window-test'));
    expect(rows.map((r) => [r.windowStart.toISOString(), r.count]).sort()).toEqual([
      ['2031-01-01T12:00:00.000Z', 3],
      ['2031-01-01T12:01:00.000Z', 1],
    ]);
  });

  // Anonymous callers are keyed by their address: tests/api/client-address.test.ts.
  it('key signed-in callers by user', async () => {
    const user = await signIn();
    const other = await signIn();
    rateLimits.vote.limit = 0;
    const blocked = await api('POST', '/api/gallery/1/rate', { token: user.token, body: { rating: 3 } });
    expect(blocked.status).toBe(429);
    const buckets = await db()
      .select()
      .from(rateLimitsTable)
      .where(eq(rateLimitsTable.bucket, `vote:user:${user.user.id}`));
    expect(buckets).toHaveLength(1);
    expect(
      await db()
        .select()
        .from(rateLimitsTable)
        .where(eq(rateLimitsTable.bucket, `vote:user:${other.user.id}`)),
    ).toHaveLength(0);
  });
});
