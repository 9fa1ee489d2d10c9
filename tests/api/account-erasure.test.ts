import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '#db/schema';
import { accountTables } from '../../functions/lib/domain/account/account-data';
import { LocalStorage } from '../../functions/lib/storage/local-storage';
import { useStorage } from '../../functions/lib/storage/storage';
import { api, db, signIn } from '../support/api';
import { createFestival, imageBytes } from '../support/fixtures';

let store: LocalStorage;
let directory: string;

beforeAll(() => {
  directory = mkdtempSync(path.join(tmpdir(), 'festivales-erasure-'));
  store = new LocalStorage({ directory, secret: 'erasure-test-secret' });
  useStorage(store);
});

afterAll(() => {
  useStorage(undefined);
  rmSync(directory, { recursive: true, force: true });
});

/** Every table of the schema with a column that holds a user's id: a foreign key to users, or a *user_id column. */
function tablesHoldingUserIds(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const value of Object.values(schema)) {
    if (!(value instanceof PgTable)) continue;
    const table = getTableConfig(value);
    const toUsers = table.foreignKeys
      .filter((fk) => getTableConfig(fk.reference().foreignTable).name === 'users')
      .flatMap((fk) => fk.reference().columns.map((c) => c.name));
    const named = table.columns.filter((c) => /(^|_)user_id$/.test(c.name)).map((c) => c.name);
    const columns = [...new Set([...toUsers, ...named])];
    if (columns.length) found.set(table.name, columns);
  }
  return found;
}

describe('what the export and the erasure cover', () => {
  it('is derived from the schema: every table holding a user id says what both do with it', () => {
    const holding = tablesHoldingUserIds();
    // The detection itself finds what it must (a table without a foreign key included).
    for (const name of ['favorites', 'timetables', 'festival_user_ratings', 'audit_log', 'festivals'])
      expect(holding.has(name), name).toBe(true);
    const uncovered = [...holding.keys()].filter((name) => !(name in accountTables));
    expect(uncovered, 'tables with a user id in neither the export nor the erasure list').toEqual([]);
    for (const [name, entry] of Object.entries(accountTables)) {
      expect('key' in entry.export || entry.export.omitted.length > 10, `${name}: export or why not`).toBe(true);
      expect(typeof entry.erase === 'function' || entry.erase.kept.length > 10, `${name}: erased or why kept`).toBe(
        true,
      );
    }
  });
});

describe('timetables in the export and the erasure', () => {
  it('exports the picks and the share token, and a deleted account leaves no shared link answering', async () => {
    const user = await signIn();
    const festivalId = await createFestival();
    expect((await api('PUT', `/api/timetables/${festivalId}`, { token: user.token, body: { picks: [] } })).status).toBe(
      200,
    );
    const shared = await api('POST', `/api/timetables/${festivalId}/share`, { token: user.token });
    const token = shared.json.share_token as string;
    expect((await api('GET', `/api/timetables/shared/${token}`)).status).toBe(200);

    const exported = await api('GET', '/api/users/me/export', { token: user.token });
    expect(exported.json.timetables).toEqual([
      expect.objectContaining({ festival_id: festivalId, picks: [], share_token: token }),
    ]);

    const res = await api('DELETE', '/api/users/me', { token: user.token, body: { confirmation: 'ELIMINAR' } });
    expect(res.status).toBe(200);
    const gone = await api('GET', `/api/timetables/shared/${token}`);
    expect(gone.status).toBe(404);
    expect(
      await db().select().from(schema.timetablesTable).where(eq(schema.timetablesTable.userId, user.user.id)),
    ).toEqual([]);
  });
});

describe("an admin's erasure", () => {
  it("keeps the picture a festival still shows (and its row), and deletes the admin's unused upload", async () => {
    const admin = await signIn(`admin-que-se-va-${Date.now()}@festivales.test`);
    await db().update(schema.usersTable).set({ role: 'admin' }).where(eq(schema.usersTable.id, admin.user.id));
    const png = imageBytes('png', 4096);
    async function upload(body: Record<string, unknown>) {
      const signed = await api('POST', '/api/admin/upload/get-signed-url', {
        token: admin.token,
        body: {
          fileName: 'cartel.png',
          contentType: 'image/png',
          fileSize: png.byteLength,
          userId: admin.user.id,
          ...body,
        },
      });
      expect(signed.status).toBe(201);
      const put = await api('PUT', signed.json.uploadUrl, {
        body: png,
        headers: { ...signed.json.headers, 'Content-Length': String(png.byteLength) },
      });
      expect(put.status).toBe(200);
      const confirmed = await api('POST', '/api/admin/upload/confirm', {
        token: admin.token,
        body: {
          key: signed.json.key,
          publicUrl: signed.json.publicUrl,
          fileSize: png.byteLength,
          contentType: 'image/png',
        },
      });
      expect(confirmed.status).toBe(200);
      return confirmed.json as { key: string; publicUrl: string };
    }
    const name = `Festival Con Su Cartel ${Date.now()}`;
    const poster = await upload({ festivalData: { name, location: 'Gijón', start_date: '2031-08-01' } });
    const festival = await api('POST', '/api/admin/festivals', {
      token: admin.token,
      body: {
        name,
        location: 'Gijón',
        start_date: '2031-08-01',
        description: 'Con cartel',
        imageUrl: poster.publicUrl,
      },
    });
    expect(festival.status).toBe(201);
    const other = await createFestival();
    const unused = await upload({
      festivalId: null,
      festivalData: { name: 'Sin usar', location: 'León', start_date: '2031-09-01' },
    });
    await db().update(schema.uploadsTable).set({ festivalId: null }).where(eq(schema.uploadsTable.key, unused.key));
    expect(other).toBeGreaterThan(0);

    const res = await api('DELETE', '/api/users/me', { token: admin.token, body: { confirmation: 'ELIMINAR' } });
    expect(res.status).toBe(200);
    expect(await store.inspect(poster.key)).not.toBeNull();
    const [row] = await db().select().from(schema.uploadsTable).where(eq(schema.uploadsTable.key, poster.key));
    expect(row).toMatchObject({ userId: null, festivalId: festival.json.id });
    expect((await api('GET', `/api/festivals/${festival.json.id}`)).json.image_url).toBe(poster.publicUrl);
    expect(await store.inspect(unused.key)).toBeNull();
  });
});
