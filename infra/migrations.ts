import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { functionCode } from './function-code';
import { lambdaArchitecture, lambdaRuntime } from './function-bundles';
import type { Secrets } from './secrets';

export const MIGRATE_HANDLER = 'functions/migrate/lambda.handler';

/** Changes whenever a committed migration changes. */
export function migrationsHash(folder: string): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else hash.update(path.relative(folder, full)).update(readFileSync(full));
    }
  };
  walk(folder);
  return hash.digest('hex');
}

/**
 * Migrations run inside AWS on every deploy, through Neon's direct (non-pooled) URL, before the API
 * functions are updated; a failed migration fails the deploy (docs/decisions/007-migrations-on-deploy.md).
 */
export function createMigrations(secrets: Secrets) {
  const migrator = new sst.aws.Function('Migrate', {
    ...functionCode('migrate', MIGRATE_HANDLER),
    runtime: lambdaRuntime,
    architecture: lambdaArchitecture,
    memory: '512 MB',
    timeout: '300 seconds',
    link: [secrets.DatabaseUrlDirect],
    // The bundle carries its own copy (scripts/bundle-functions.ts); SST's dev build needs this one.
    ...($dev ? { copyFiles: [{ from: 'migrations', to: 'migrations' }] } : {}),
  });
  // `sst dev` runs functions on the developer's machine: migrate there with `npm run db:migrate`.
  if ($dev) return { migrator, run: undefined };
  const run = new aws.lambda.Invocation('MigrateRun', {
    functionName: migrator.name,
    input: JSON.stringify({ seedIfEmpty: true }),
    // A new value on every deploy: the run is idempotent and also catches a database restored or
    // reset behind our back; the hash documents which migrations the stage expects.
    triggers: {
      migrations: migrationsHash(path.join($cli.paths.root, 'migrations')),
      deployedAt: new Date().toISOString(),
    },
  });
  return { migrator, run };
}
