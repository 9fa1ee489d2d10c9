import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { migrate } from 'drizzle-orm/neon-serverless/migrator';
import type { NeonDatabase } from 'drizzle-orm/neon-serverless';
import { Resource } from 'sst';
import { migrationsFolder as sourceMigrations, openDatabase } from '#db/client';
import { seedIfEmpty } from '../lib/seed-catalogue';

declare module 'sst' {
  export interface Resource {
    DatabaseUrlDirect: { type: 'sst.sst.Secret'; value: string };
  }
}

export interface MigrateEvent {
  seedIfEmpty?: boolean;
}

// SST copies migrations/ beside the bundle (copyFiles in infra/migrations.ts); from source it is the repo's.
const bundled = fileURLToPath(new URL('./migrations', import.meta.url));
const migrationsFolder = existsSync(bundled) ? bundled : sourceMigrations;

/**
 * Deploy-time only (invoked once per `sst deploy`): applies the committed migrations through Neon's
 * direct URL, then seeds an empty catalogue so a new stage has festivals to show. It reads its one
 * linked secret instead of the API's configuration, which demands secrets it has no use for.
 */
export async function handler(event: MigrateEvent | null) {
  return runMigrations(Resource.DatabaseUrlDirect.value, event ?? {});
}

export async function runMigrations(databaseUrl: string, options: MigrateEvent = {}) {
  const handle = await openDatabase({ url: databaseUrl, driver: 'neon', poolSize: 1 });
  try {
    await migrate(handle.db as unknown as NeonDatabase, { migrationsFolder });
    const seeded = options.seedIfEmpty ? await seedIfEmpty(handle.db) : 0;
    return { migrated: true, seeded };
  } finally {
    await handle.close();
  }
}
