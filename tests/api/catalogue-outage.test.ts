import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '#db/client';
import { useDatabase } from '../../functions/lib/db';
import { api, signIn } from '../support/api';
import { testContext } from '../support/context';
import { createFestival, writtenBehindTheApi } from '../support/fixtures';

const SPANISH_503 = 'La base de datos no está disponible. Inténtalo de nuevo en unos segundos.';
let down: DatabaseHandle | undefined;

afterEach(async () => {
  useDatabase(testContext().handle);
  await down?.close();
  down = undefined;
});

/** The database goes away: a pool whose server refuses every connection (nothing listens on port 1). */
async function databaseDown() {
  down = await openDatabase({ url: 'postgres://postgres@127.0.0.1:1/festivales', onIdleError: () => undefined });
  useDatabase(down);
}

describe('catalogue while the database is down', () => {
  it('serves the festival list and festival pages from the last good catalogue, even after a write dropped it', async () => {
    const id = await createFestival({ name: 'Sigue en pie' });
    const pending = await createFestival({ name: 'Propuesta sin moderar', status: 'pending' });
    const user = await signIn();
    const before = await api('GET', '/api/festivals');
    expect(before.status).toBe(200);

    await databaseDown();
    // As after a write in this process: the next list request must read the database again, and cannot.
    writtenBehindTheApi();
    const started = performance.now();
    const list = await api('GET', '/api/festivals');
    expect(performance.now() - started).toBeLessThan(1000);
    expect(list.status).toBe(200);
    expect(list.text).toBe(before.text);
    const filtered = await api('GET', '/api/festivals?search=sigue&limit=5');
    expect(filtered.status).toBe(200);
    expect(filtered.json.map((f: { name: string }) => f.name)).toEqual(['Sigue en pie']);
    // Signed in or not: without the database the session cannot be checked, and the public page is what anyone sees.
    for (const token of [undefined, user.token]) {
      const page = await api('GET', `/api/festivals/${id}`, { token });
      expect(page.status).toBe(200);
      expect(page.json).toMatchObject({ id, name: 'Sigue en pie' });
    }

    // Anything that needs the database gets the JSON 503.
    for (const res of [
      await api('GET', `/api/festivals/${pending}`),
      await api('GET', `/api/comments/festival/${id}`),
      await api('POST', `/api/favorites/${id}`, { token: user.token }),
    ]) {
      expect(res.status).toBe(503);
      expect(res.json).toEqual({
        error: SPANISH_503,
        code: 'database_unavailable',
        requestId: res.headers.get('X-Request-Id'),
      });
    }
  });

  it('reads the database again once it is back, without a restart', async () => {
    await api('GET', '/api/festivals');
    await databaseDown();
    writtenBehindTheApi();
    expect((await api('GET', '/api/festivals')).status).toBe(200);

    useDatabase(testContext().handle);
    await createFestival({ name: 'Llegó después del corte' });
    const started = Date.now();
    let names: string[] = [];
    while (Date.now() - started < 5000 && !names.includes('Llegó después del corte')) {
      names = (await api('GET', '/api/festivals')).json.map((f: { name: string }) => f.name);
      if (!names.includes('Llegó después del corte')) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(names).toContain('Llegó después del corte');
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
