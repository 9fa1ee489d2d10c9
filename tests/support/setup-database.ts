import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '#db/client';
import { useDatabase } from '../../functions/lib/db';
import { resetEnv } from '../../functions/lib/env';
import { withDatabaseName } from './global-setup';
import { startJwksServer } from './jwks-server';
import { startNeonProxy, useNeonProxy, type NeonProxy } from './neon-proxy';
import { adminUrl, withDatabase } from './postgres';
import { setTestContext, TEST_ADMIN_EMAIL, TEST_CLIENT_ID, TEST_ORIGIN_SECRET } from './context';

// Each test file gets its own fresh, migrated database and its own Google key set on loopback.
const url = process.env.DATABASE_URL;
const jwks = await startJwksServer(TEST_CLIENT_ID);
let handle: DatabaseHandle;
let dropName: string | undefined;
// TEST_DB_DRIVER=neon: the production driver (@neondatabase/serverless) through a WebSocket proxy to DATABASE_URL.
let neonProxy: NeonProxy | undefined;

if (url) {
  const template = inject('pgTemplate');
  dropName = `festivales_test_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  await withDatabase(adminUrl(url), (client) => client.query(`create database ${dropName} template ${template}`));
  if (process.env.TEST_DB_DRIVER === 'neon') {
    neonProxy = await startNeonProxy();
    useNeonProxy(neonProxy);
  }
  handle = await openDatabase({
    url: withDatabaseName(url, dropName),
    poolSize: 5,
    driver: neonProxy ? 'neon' : undefined,
  });
} else {
  const dump = readFileSync(inject('pgliteDump'));
  handle = await openDatabase({ dataDir: 'memory://', loadDataDir: new Blob([dump]) });
}

resetEnv({
  SESSION_SECRET: 'test-session-secret-with-enough-length-0123456789',
  GOOGLE_CLIENT_ID: TEST_CLIENT_ID,
  GOOGLE_JWKS_URL: jwks.url,
  ADMIN_EMAILS: TEST_ADMIN_EMAIL,
  AUTH_DEV_LOGIN: '1',
  // As behind one reverse proxy: a test is its own client by sending X-Forwarded-For (app.request has no socket).
  TRUSTED_PROXIES: '1',
  S3_BUCKET: undefined,
  AWS_LAMBDA_FUNCTION_NAME: undefined,
  // Only read on Lambda; set here so a test that plays a deployed function has it.
  ORIGIN_SECRET: TEST_ORIGIN_SECRET,
  // Request lines off, even where a test switches to production mode; LOG_LEVEL=info shows them.
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'error',
});
useDatabase(handle);
setTestContext({ handle, jwks });

afterAll(async () => {
  await handle.close();
  await neonProxy?.close();
  await jwks.close();
  if (url && dropName) {
    const name = dropName;
    await withDatabase(adminUrl(url), async (client) => {
      // Let the pool's connections finish closing: forcing them would make their clients emit errors.
      for (let i = 0; i < 50; i++) {
        const { rows } = await client.query('select count(*)::int as n from pg_stat_activity where datname = $1', [
          name,
        ]);
        if (rows[0].n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await client.query(`drop database if exists ${name} with (force)`);
    });
  }
});
