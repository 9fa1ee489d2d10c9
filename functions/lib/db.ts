import { openDatabase, type Database, type DatabaseHandle } from '#db/client';
import { env } from './env';
import { log } from './log';

/** The database closed an idle pooled connection (a restart, an outage): the pool opens another when needed. */
export const idleConnectionClosed = (error: Error) =>
  log().warn({ reason: error.message }, 'idle database connection closed');

let handle: Promise<DatabaseHandle> | undefined;

/**
 * The process's database, opened on first use from the configuration and kept while warm
 * (module scope, so a Lambda reuses it across invocations).
 */
export function databaseHandle(): Promise<DatabaseHandle> {
  if (!handle) {
    const config = env();
    handle = openDatabase({
      url: config.DATABASE_URL,
      dataDir: config.DATA_DIR,
      driver: config.onLambda ? 'neon' : undefined,
      poolSize: config.onLambda ? undefined : config.DATABASE_POOL_SIZE,
      onIdleError: idleConnectionClosed,
    }).catch((error) => {
      handle = undefined;
      throw error;
    });
  }
  return handle;
}

export async function db(): Promise<Database> {
  return (await databaseHandle()).db;
}

/** Use an already opened database (the local server after migrating, each test file its own). */
export function useDatabase(opened: DatabaseHandle): void {
  handle = Promise.resolve(opened);
}
