import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { uploadsTable } from '#db/schema';
import { LocalStorage } from '../../functions/lib/storage/local-storage';
import { pendingKey } from '../../functions/lib/storage/pending';
import { useStorage } from '../../functions/lib/storage/storage';
import {
  scheduleUploadSweep,
  sweepUnconfirmedUploads,
  UNCONFIRMED_UPLOAD_MAX_AGE_MS,
} from '../../functions/lib/domain/uploads/sweep';
import { api, db, signIn, type SignedIn } from '../support/api';
import { createFestival, imageBytes } from '../support/fixtures';

let directory: string;
let store: LocalStorage;
let ana: SignedIn;

beforeAll(async () => {
  directory = mkdtempSync(path.join(tmpdir(), 'festivales-sweep-'));
  store = new LocalStorage({ directory: path.join(directory, 'uploads'), secret: 'sweep-test-secret' });
  useStorage(store);
  ana = await signIn();
});

afterAll(() => {
  useStorage(undefined);
  rmSync(directory, { recursive: true, force: true });
});

/** An upload through the API (presign and PUT), confirmed or not. */
async function upload(confirm: boolean): Promise<string> {
  const bytes = imageBytes('png', 2048);
  const signed = await api('POST', '/api/media/upload-url', {
    token: ana.token,
    body: {
      festival_id: await createFestival(),
      fileName: 'foto.png',
      contentType: 'image/png',
      fileSize: bytes.byteLength,
    },
  });
  const put = await api('PUT', signed.json.uploadUrl, {
    body: bytes,
    headers: { ...signed.json.headers, 'Content-Length': String(bytes.byteLength) },
  });
  expect(put.status).toBe(200);
  if (confirm)
    expect((await api('POST', '/api/media/confirm', { token: ana.token, body: { key: signed.json.key } })).status).toBe(
      201,
    );
  return signed.json.key;
}

const ageBy = (key: string, ms: number) =>
  db()
    .update(uploadsTable)
    .set({ createdAt: new Date(Date.now() - ms) })
    .where(eq(uploadsTable.key, key));
const rowsOf = (keys: string[]) => db().select().from(uploadsTable).where(inArray(uploadsTable.key, keys));
const pendingExists = async (key: string) => (await store.inspect(pendingKey(key))) !== null;
const publicExists = async (key: string) => (await store.inspect(key)) !== null;

describe('sweep of unconfirmed uploads', () => {
  it('removes uploads not confirmed within an hour, row and bytes, and leaves recent and confirmed ones', async () => {
    const stale = await upload(false);
    const recent = await upload(false);
    const confirmedLongAgo = await upload(true);
    const neverPut = (
      await api('POST', '/api/media/upload-url', {
        token: ana.token,
        body: { festival_id: await createFestival(), fileName: 'nada.png', contentType: 'image/png', fileSize: 2048 },
      })
    ).json.key as string;
    const hourAndMinute = UNCONFIRMED_UPLOAD_MAX_AGE_MS + 60_000;
    await ageBy(stale, hourAndMinute);
    await ageBy(neverPut, hourAndMinute);
    await ageBy(recent, UNCONFIRMED_UPLOAD_MAX_AGE_MS - 60_000);
    await ageBy(confirmedLongAgo, 24 * UNCONFIRMED_UPLOAD_MAX_AGE_MS);
    expect(await pendingExists(stale)).toBe(true);

    const result = await sweepUnconfirmedUploads(db(), store);
    expect(result).toEqual({ removed: 2, failed: 0 });

    const left = await rowsOf([stale, recent, confirmedLongAgo, neverPut]);
    expect(left.map((r) => r.key).sort()).toEqual([recent, confirmedLongAgo].sort());
    expect(await pendingExists(stale)).toBe(false);
    expect(await pendingExists(recent)).toBe(true);
    expect(await publicExists(confirmedLongAgo)).toBe(true);
    // Swept: confirming now finds nothing.
    const late = await api('POST', '/api/media/confirm', { token: ana.token, body: { key: stale } });
    expect(late.status).toBe(404);
    expect(await sweepUnconfirmedUploads(db(), store)).toEqual({ removed: 0, failed: 0 });
  });

  it('works through any number of stale uploads in batches', async () => {
    const festivalId = await createFestival();
    const old = new Date(Date.now() - 2 * UNCONFIRMED_UPLOAD_MAX_AGE_MS);
    const keys = Array.from({ length: 1203 }, (_, i) => `users/${ana.user.id}/gallery/lote-${i}.png`);
    await db()
      .insert(uploadsTable)
      .values(
        keys.map((key) => ({
          key,
          userId: ana.user.id,
          festivalId,
          purpose: 'gallery' as const,
          contentType: 'image/png',
          contentLength: 2048,
          expiresAt: old,
          createdAt: old,
        })),
      );
    expect((await sweepUnconfirmedUploads(db(), store)).removed).toBe(1203);
    expect(await rowsOf(keys)).toEqual([]);
  });

  it('runs at once and then on its interval, one sweep at a time, and survives a failing one', async () => {
    vi.useFakeTimers();
    try {
      let calls = 0;
      const stop = scheduleUploadSweep(async () => {
        calls++;
        if (calls === 2) throw new Error('database down');
        return { removed: 0, failed: 0 };
      }, 1000);
      expect(calls).toBe(1);
      await vi.advanceTimersByTimeAsync(1000);
      expect(calls).toBe(2);
      await vi.advanceTimersByTimeAsync(1000);
      expect(calls).toBe(3);
      stop();
      await vi.advanceTimersByTimeAsync(5000);
      expect(calls).toBe(3);
    } finally {
      vi.useRealTimers();
    }
  });
});
