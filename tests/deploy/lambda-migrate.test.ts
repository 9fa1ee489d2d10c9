import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMigrations } from '../../functions/migrate/lambda';
import { withDatabaseName } from '../support/global-setup';
import { startNeonProxy, useNeonProxy, type NeonProxy } from '../support/neon-proxy';
import { adminUrl, withDatabase } from '../support/postgres';

/**
 * The deploy-time migrator (functions/migrate/lambda.ts) on an empty database, through the Neon
 * driver as it runs in AWS. Needs a PostgreSQL server (DATABASE_URL).
 */
const url = process.env.DATABASE_URL;
const name = `festivales_migrate_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
let proxy: NeonProxy | undefined;

beforeAll(async () => {
  if (!url) return;
  proxy = await startNeonProxy();
  useNeonProxy(proxy);
  await withDatabase(adminUrl(url), (client) => client.query(`create database ${name}`));
});

afterAll(async () => {
  await proxy?.close();
  if (url) await withDatabase(adminUrl(url), (client) => client.query(`drop database if exists ${name} with (force)`));
});

describe.runIf(url)('migrations on deploy', () => {
  it('migrates an empty database and seeds the catalogue, then does nothing the second time', async () => {
    const target = withDatabaseName(url!, name);
    expect(await runMigrations(target, { seedIfEmpty: true })).toMatchObject({ migrated: true });
    const counts = await withDatabase(target, async (client) => {
      const festivals = await client.query('select count(*)::int as n from festivals');
      const journal = await client.query('select count(*)::int as n from drizzle.__drizzle_migrations');
      return { festivals: festivals.rows[0], migrations: journal.rows[0].n };
    });
    expect(counts.festivals.n).toBeGreaterThanOrEqual(60);
    expect(counts.migrations).toBeGreaterThanOrEqual(1);
    expect(await runMigrations(target, { seedIfEmpty: true })).toEqual({ migrated: true, seeded: 0 });
  });
});
