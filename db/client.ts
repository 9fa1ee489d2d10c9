import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';

export type Schema = typeof schema;
/** The one database type the code sees, whichever driver sits under it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** The database or an open transaction: what every query helper takes, so callers choose the transaction. */
export type Executor = Database | Transaction;

export type DatabaseDriver = 'pglite' | 'pg' | 'neon';

export interface DatabaseOptions {
  /** postgres:// URL; without it the embedded PGlite in `dataDir` is used. */
  url?: string;
  /** PGlite data directory; 'memory://' for an in-memory database. */
  dataDir?: string;
  /** Force a driver; by default PGlite without a URL, node-postgres with one. Lambda passes 'neon'. */
  driver?: DatabaseDriver;
  /** PGlite only: start from this dump (`dumpDataDir`) instead of an empty directory. */
  loadDataDir?: Blob | File;
  /** Max pool size for node-postgres / Neon. */
  poolSize?: number;
  /** node-postgres: give up on a connection (new, or waiting for a free one) after this long. */
  connectTimeoutMs?: number;
  /** node-postgres: the server cancels a statement running longer than this (0: never). */
  statementTimeoutMs?: number;
  /** Where to report an idle connection the server closed (the pool replaces it); console.error by default. */
  onIdleError?: (error: Error) => void;
}

/**
 * A database that stops answering must give each request a quick 503, not a hang (decision 022):
 * connecting, or waiting for a free pooled connection, gives up after a second; the server cuts a
 * statement after 5 s; and a query whose server went silent fails a second after that.
 */
export const DEFAULT_CONNECT_TIMEOUT_MS = 1000;
export const DEFAULT_STATEMENT_TIMEOUT_MS = 5000;

export interface DatabaseHandle {
  db: Database;
  driver: DatabaseDriver;
  /** Apply the committed SQL migrations (idempotent). */
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: the underlying instance (tests dump it for fast copies). */
  pglite?: import('@electric-sql/pglite').PGlite;
}

/**
 * The pool listens for errors of idle connections only. A connection checked out for a
 * transaction that the server drops (a restart, an outage) emits 'error' with nobody listening,
 * which would end the process; the transaction's query fails with the same error and the request
 * gets its 503, so the event itself needs no handling.
 */
function ignoreCheckedOutErrors(client: { on(event: 'error', listener: (error: Error) => void): unknown }): void {
  client.on('error', () => undefined);
}

export const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../migrations');

export function pickDriver(options: DatabaseOptions): DatabaseDriver {
  if (options.driver) return options.driver;
  return options.url ? 'pg' : 'pglite';
}

/** Opens the database. The only place that knows which driver runs. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const driver = pickDriver(options);
  if (driver === 'pglite') {
    const { PGlite } = await import('@electric-sql/pglite');
    const { drizzle } = await import('drizzle-orm/pglite');
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    // pg_trgm serves the artist search's trigram index (migration artist-name-trigram); PostgreSQL
    // ships it, PGlite loads it as an extension.
    const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
    const dataDir = options.dataDir ?? '.data';
    const client = await PGlite.create(dataDir === 'memory://' ? undefined : dataDir, {
      loadDataDir: options.loadDataDir,
      extensions: { pg_trgm },
    });
    const db = drizzle({ client, schema, casing: 'snake_case' });
    return {
      db: db as unknown as Database,
      driver,
      pglite: client,
      migrate: () => migrate(db, { migrationsFolder }),
      close: () => client.close(),
    };
  }
  if (!options.url) throw new Error('DATABASE_URL es obligatorio para el controlador ' + driver);
  if (driver === 'pg') {
    const pg = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    // DATE columns stay YYYY-MM-DD strings, as PGlite returns them.
    pg.default.types.setTypeParser(1082, (v: string) => v);
    const statementTimeout = options.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS;
    const pool = new pg.default.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
      statement_timeout: statementTimeout || undefined,
      query_timeout: statementTimeout ? statementTimeout + 1000 : undefined,
      // An abandoned transaction must not hold its locks and connection for ever.
      idle_in_transaction_session_timeout: 10_000,
      // No JIT compilation: the planner turns it on for queries whose estimated cost is high but
      // that run in milliseconds (an artist search over 30,000 names: 925 ms with JIT, 149 ms
      // without, 743 ms of it compiling), and every request would pay it again.
      options: '-c jit=off',
      keepAlive: true,
    });
    // A server-side disconnect of an idle connection must not crash the process; the pool replaces it.
    pool.on(
      'error',
      options.onIdleError ?? ((error: Error) => console.error('[db] conexión inactiva cerrada:', error.message)),
    );
    pool.on('connect', ignoreCheckedOutErrors);
    const db = drizzle({ client: pool, schema, casing: 'snake_case' });
    return {
      db: db as unknown as Database,
      driver,
      // Migrations get a connection of their own, free of the request timeouts (an index build may take minutes).
      migrate: async () => {
        const client = new pg.default.Client({ connectionString: options.url });
        // The failed query reports a lost connection; the event alone must not end the process.
        client.on('error', () => undefined);
        await client.connect();
        try {
          await migrate(drizzle({ client, casing: 'snake_case' }), { migrationsFolder });
        } finally {
          await client.end();
        }
      },
      close: () => pool.end(),
    };
  }
  const { Pool, neonConfig, types } = await import('@neondatabase/serverless');
  const { drizzle } = await import('drizzle-orm/neon-serverless');
  const { migrate } = await import('drizzle-orm/neon-serverless/migrator');
  // Node 22+ (our Lambda runtime) has a global WebSocket; older Node needs the ws package.
  if (typeof WebSocket === 'undefined' && !neonConfig.webSocketConstructor) {
    neonConfig.webSocketConstructor = (await import('ws')).default;
  }
  types.setTypeParser(1082, (v: string) => v);
  const pool = new Pool({ connectionString: options.url, max: options.poolSize ?? 5 });
  // An idle connection dropped while a Lambda is frozen must not crash the process; the pool replaces it.
  pool.on('error', (error: Error) => console.error('[db] conexión inactiva cerrada:', error.message));
  pool.on('connect', ignoreCheckedOutErrors);
  const db = drizzle({ client: pool, schema, casing: 'snake_case' });
  return {
    db: db as unknown as Database,
    driver,
    migrate: () => migrate(db, { migrationsFolder }),
    close: () => pool.end(),
  };
}
