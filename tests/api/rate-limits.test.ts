import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { rateLimitsTable } from '#db/schema';
import { consumeRateLimit, rateLimits } from '../../functions/lib/rate-limit';
import { api, db, signIn } from '../support/api';
import { createFestival } from '../support/fixtures';

const keys = { p256dh: `B${'A'.repeat(86)}`, auth: 'AAAAAAAAAAAAAAAAAAAAAA' };

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

describe("a person's own settings, lists and data export", () => {
  it('answer 429 in Spanish with Retry-After past their limit, and count per person; reads stay free', async () => {
    const user = await signIn();
    const other = await signIn();
    const festivalId = await createFestival();
    const saved = { settings: { ...rateLimits.settings }, export: { ...rateLimits.export } };
    rateLimits.settings.limit = 0;
    rateLimits.export.limit = 0;
    try {
      const writes: [string, string, unknown?][] = [
        ['POST', '/api/alerts', { name: 'Techno', filters: { genre: 'Techno' } }],
        ['PUT', '/api/alerts/1', { name: 'Techno', filters: {} }],
        ['DELETE', '/api/alerts/1'],
        ['POST', '/api/follows/artists/1'],
        ['DELETE', '/api/follows/artists/1'],
        ['POST', '/api/push/subscriptions', { endpoint: 'https://fcm.googleapis.com/fcm/send/x', keys }],
        ['DELETE', '/api/push/subscriptions', { endpoint: 'https://fcm.googleapis.com/fcm/send/x' }],
        ['PUT', '/api/users/preferences', { digest: 'weekly' }],
        ['POST', '/api/users/feed-token'],
        ['PUT', `/api/timetables/${festivalId}`, { picks: [] }],
        ['POST', `/api/timetables/${festivalId}/share`],
        ['DELETE', `/api/timetables/${festivalId}/share`],
        ['POST', '/api/favorites/sync', { favorites: [festivalId], overwrite: false }],
        ['POST', `/api/favorites/${festivalId}`],
        ['DELETE', `/api/favorites/${festivalId}`],
        ['GET', '/api/users/me/export'],
      ];
      for (const [method, path, body] of writes) {
        const res = await api(method, path, { token: user.token, body });
        expect(res.status, `${method} ${path}`).toBe(429);
        expect(res.json.error).toMatch(/^Has (hecho demasiados cambios|descargado tus datos demasiadas veces)/);
        expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      }
      // Reads of the same areas are not counted.
      for (const path of ['/api/alerts', '/api/follows', '/api/favorites', '/api/users/preferences'])
        expect((await api('GET', path, { token: user.token })).status, path).toBe(200);
      rateLimits.settings.limit = saved.settings.limit;
      rateLimits.export.limit = saved.export.limit;
      // Another person is not limited by this one's count.
      expect(
        (await api('PUT', '/api/users/preferences', { token: other.token, body: { digest: 'daily' } })).status,
      ).toBe(200);
      expect((await api('GET', '/api/users/me/export', { token: other.token })).status).toBe(200);
    } finally {
      Object.assign(rateLimits.settings, saved.settings);
      Object.assign(rateLimits.export, saved.export);
    }
  });
});
