import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import journal from '../../migrations/meta/_journal.json';
import { openDatabase } from '#db/client';
import { useDatabase } from '../../functions/lib/db';
import { api, db, signIn } from '../support/api';
import { testContext } from '../support/context';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

afterEach(() => useDatabase(testContext().handle));

/** A database handle whose server refuses every connection (nothing listens on port 1). */
async function unreachableDatabase() {
  return openDatabase({ url: 'postgres://postgres@127.0.0.1:1/festivales', onIdleError: () => undefined });
}

describe('GET /api/health (liveness)', () => {
  it('answers 200 without the database', async () => {
    const down = await unreachableDatabase();
    useDatabase(down);
    const res = await api('GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ status: 'ok' });
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    await down.close();
  });
});

describe('GET /api/health/ready (readiness)', () => {
  it('answers 200 with the migrations applied against those this code ships', async () => {
    const res = await api('GET', '/api/health/ready');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      status: 'ok',
      database: 'ok',
      migrations: { applied: journal.entries.length, expected: journal.entries.length },
    });
  });

  it('answers 503 in Spanish when the database cannot be reached', async () => {
    const down = await unreachableDatabase();
    useDatabase(down);
    const started = performance.now();
    const res = await api('GET', '/api/health/ready');
    expect(performance.now() - started).toBeLessThan(1000);
    expect(res.status).toBe(503);
    expect(res.json).toEqual({
      error: 'La base de datos no está disponible. Inténtalo de nuevo en unos segundos.',
      code: 'database_unavailable',
      requestId: res.headers.get('X-Request-Id'),
    });
    await down.close();
  });

  it('answers 503 when a migration is missing', async () => {
    const [last] = (
      (await db().execute(
        sql`delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations) returning hash, created_at`,
      )) as unknown as {
        rows: { hash: string; created_at: string }[];
      }
    ).rows;
    try {
      const res = await api('GET', '/api/health/ready');
      expect(res.status).toBe(503);
      expect(res.json).toMatchObject({
        code: 'migrations_pending',
        error: 'La base de datos no tiene aplicadas todas las migraciones.',
        details: { migrations: { applied: journal.entries.length - 1, expected: journal.entries.length } },
      });
    } finally {
      await db().execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${last.hash}, ${last.created_at})`,
      );
    }
  });
});

describe('request id', () => {
  it('comes back in X-Request-Id, a new one for each request', async () => {
    const [a, b] = await Promise.all([api('GET', '/api/festivals'), api('GET', '/api/health')]);
    expect(a.headers.get('X-Request-Id')).toMatch(UUID);
    expect(b.headers.get('X-Request-Id')).toMatch(UUID);
    expect(a.headers.get('X-Request-Id')).not.toBe(b.headers.get('X-Request-Id'));
  });

  it('is in every error body, equal to the header', async () => {
    const user = await signIn();
    const errors = [
      await api('GET', '/api/no-existe'),
      await api('GET', '/api/festivals/no-existe/ni-esto'),
      await api('GET', '/api/media/festival/1/no-existe'),
      await api('GET', '/api/festivals/abc'),
      await api('GET', '/api/festivals/999999'),
      await api('GET', '/api/favorites'),
      await api('GET', '/api/admin/users', { token: user.token }),
      await api('POST', '/api/contact', { body: '{"roto', headers: { 'Content-Type': 'application/json' } }),
      await api('POST', '/api/contact', {
        body: 'x'.repeat(200 * 1024),
        headers: { 'Content-Type': 'application/json' },
      }),
    ];
    expect(errors.map((r) => r.status)).toEqual([404, 404, 404, 400, 404, 401, 403, 400, 413]);
    for (const res of errors) {
      expect(res.json.error).toEqual(expect.any(String));
      expect(res.json.requestId).toMatch(UUID);
      expect(res.json.requestId).toBe(res.headers.get('X-Request-Id'));
    }
  });
});
