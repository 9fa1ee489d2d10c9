import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

/*
 * Two builds measured side by side (this checkout and an older one, BENCH_BASELINE): each server
 * gets a database of its own holding the same catalogue, since a newer build migrates it.
 */

/** Each side gets its own copy of the PGlite data dir (a build migrates it), or its own PostgreSQL database. */
export async function databaseFor(
  side: string,
  { dataDir, databaseUrl }: { dataDir?: string; databaseUrl?: string },
): Promise<{ env: Record<string, string>; drop: () => Promise<void> }> {
  if (dataDir) {
    const copy = mkdtempSync(path.join(tmpdir(), `festivales-bench-${side}-`));
    cpSync(dataDir, copy, { recursive: true });
    return { env: { DATA_DIR: copy }, drop: async () => rmSync(copy, { recursive: true, force: true }) };
  }
  const url = new URL(databaseUrl!);
  const name = `${url.pathname.slice(1)}_cold_${side}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name} template ${url.pathname.slice(1)}`);
  await admin.end();
  const copy = new URL(databaseUrl!);
  copy.pathname = `/${name}`;
  const scratch = mkdtempSync(path.join(tmpdir(), `festivales-bench-${side}-`));
  return {
    env: { DATABASE_URL: copy.toString(), DATA_DIR: scratch },
    drop: async () => {
      const again = new pg.Client({ connectionString: databaseUrl });
      await again.connect();
      await again.query(`drop database if exists ${name} with (force)`);
      await again.end();
      rmSync(scratch, { recursive: true, force: true });
    },
  };
}
