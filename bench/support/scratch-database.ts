/**
 * A database of a benchmark's own on the machine's PostgreSQL (PG_URL), named after the benchmark
 * with a random suffix so runs side by side never share one; `drop` removes it, connections and all.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';

export interface ScratchDatabase {
  name: string;
  /** Its postgres:// URL. */
  url: string;
  drop: () => Promise<void>;
}

export async function createScratchDatabase(label: string): Promise<ScratchDatabase> {
  const pgUrl = process.env.PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `festivales_bench_${label}_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(pgUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: async () => {
      try {
        await admin.query(`drop database if exists ${name} with (force)`);
      } finally {
        await admin.end();
      }
    },
  };
}
