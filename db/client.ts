import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';

export type Schema = typeof schema;
/** The one database type the code sees, whichever driver sits under it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

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
}

export interface DatabaseHandle {
  db: Database;
  driver: DatabaseDriver;
  /** Apply the committed SQL migrations (idempotent). */
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: the underlying instance (tests dump it for fast copies). */
  pglite?: import('@electric-sql/pglite').PGlite;
}

export const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../migrations');

export function pickDriver(options: DatabaseOptions): DatabaseDriver {
  if (options.driver) return options.driver;
  return options.url ? 'pg' : 'pglite';
}

/** Opens the database. The only place that knows which driver runs (DESIGN.md "Data"). */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const driver = pickDriver(options);
  if (driver === 'pglite') {
    const { PGlite } = await import('@electric-sql/pglite');
    const { drizzle } = await import('drizzle-orm/pglite');
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    const dataDir = options.dataDir ?? '.data';
    const client = await PGlite.create(dataDir === 'memory://' ? undefined : dataDir, {
      loadDataDir: options.loadDataDir,
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
    const pool = new pg.default.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // A server-side disconnect of an idle connection must not crash the process; the pool replaces it.
    pool.on('error', (error: Error) => console.error('[db] conexión inactiva cerrada:', error.message));
    const db = drizzle({ client: pool, schema, casing: 'snake_case' });
    return {
      db: db as unknown as Database,
      driver,
      migrate: () => migrate(db, { migrationsFolder }),
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
  const db = drizzle({ client: pool, schema, casing: 'snake_case' });
  return {
    db: db as unknown as Database,
    driver,
    migrate: () => migrate(db, { migrationsFolder }),
    close: () => pool.end(),
  };
}
