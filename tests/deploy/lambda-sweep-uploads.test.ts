import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMigrations } from '../../functions/migrate/lambda';
import { pendingKey } from '../../functions/lib/storage/pending';
import { S3Storage } from '../../functions/lib/storage/s3-storage';
import { UNCONFIRMED_UPLOAD_MAX_AGE_MS } from '../../functions/lib/domain/uploads/sweep';
import { runUploadSweep } from '../../functions/sweep-uploads/lambda';
import { uploadsCors, uploadsCorsXml } from '../../infra/uploads-cors';
import { withDatabaseName } from '../support/global-setup';
import { startNeonProxy, useNeonProxy, type NeonProxy } from '../support/neon-proxy';
import { adminUrl, withDatabase } from '../support/postgres';
import { S3_TEST_CREDENTIALS, startS3, type S3TestServer } from './support/s3-server';

/**
 * The UploadSweep cron's function (functions/sweep-uploads/lambda.ts) as it runs in AWS: through
 * the Neon driver on a migrated database, deleting from a signature-checking S3. Needs a
 * PostgreSQL server (DATABASE_URL).
 */
const url = process.env.DATABASE_URL;
const name = `festivales_sweep_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
let proxy: NeonProxy | undefined;
let s3: S3TestServer | undefined;

beforeAll(async () => {
  if (!url) return;
  proxy = await startNeonProxy();
  useNeonProxy(proxy);
  await withDatabase(adminUrl(url), (client) => client.query(`create database ${name}`));
  s3 = await startS3('festivales-sweep-test', uploadsCorsXml(uploadsCors(['https://festivales.example'])));
});

afterAll(async () => {
  await proxy?.close();
  await s3?.close();
  if (url) await withDatabase(adminUrl(url), (client) => client.query(`drop database if exists ${name} with (force)`));
});

describe.runIf(url)('sweep of unconfirmed uploads on Lambda', () => {
  it('removes the rows and private objects of uploads unconfirmed for over an hour, and nothing else', async () => {
    const target = withDatabaseName(url!, name);
    await runMigrations(target);
    const store = new S3Storage({
      bucket: s3!.bucket,
      region: 'eu-central-1',
      endpoint: s3!.endpoint,
      credentials: S3_TEST_CREDENTIALS,
    });
    const keys = {
      stale: 'users/1/gallery/stale.png',
      recent: 'users/1/gallery/recent.png',
      confirmed: 'users/1/gallery/confirmed.png',
    };
    const old = new Date(Date.now() - UNCONFIRMED_UPLOAD_MAX_AGE_MS - 60_000).toISOString();
    await withDatabase(target, async (client) => {
      const insert =
        'insert into uploads (key, purpose, content_type, content_length, status, expires_at, created_at) values ($1, $2, $3, $4, $5, $6, $7)';
      await client.query(insert, [keys.stale, 'gallery', 'image/png', 2048, 'issued', old, old]);
      await client.query(insert, [
        keys.recent,
        'gallery',
        'image/png',
        2048,
        'issued',
        new Date().toISOString(),
        new Date().toISOString(),
      ]);
      await client.query(insert, [keys.confirmed, 'gallery', 'image/png', 2048, 'confirmed', old, old]);
    });
    const body = new Uint8Array(2048);
    await store.put({ key: pendingKey(keys.stale), contentType: 'image/png', body });
    await store.put({ key: pendingKey(keys.recent), contentType: 'image/png', body });
    await store.put({ key: keys.confirmed, contentType: 'image/png', body });

    expect(await runUploadSweep(target, store)).toEqual({ removed: 1, failed: 0 });

    const left = await withDatabase(target, (client) => client.query('select key from uploads order by key'));
    expect(left.rows.map((r: { key: string }) => r.key)).toEqual([keys.confirmed, keys.recent]);
    expect(await store.inspect(pendingKey(keys.stale))).toBeNull();
    expect(await store.inspect(pendingKey(keys.recent))).not.toBeNull();
    expect(await store.inspect(keys.confirmed)).not.toBeNull();
  });
});
