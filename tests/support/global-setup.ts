import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '#db/client';
import { adminUrl, withDatabase } from './postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: path of a migrated data-dir dump each test file starts from. */
    pgliteDump: string;
    /** PostgreSQL: name of a migrated template database each test file copies. */
    pgTemplate: string;
  }
}

/** Migrates once; every test file then gets its own fresh copy (a copy of a migrated embedded database opens in under a second). */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (url) {
    const template = `festivales_tpl_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
    await withDatabase(adminUrl(url), (client) => client.query(`create database ${template}`));
    const handle = await openDatabase({ url: withDatabaseName(url, template) });
    await handle.migrate();
    await handle.close();
    project.provide('pgTemplate', template);
    project.provide('pgliteDump', '');
    return async () => {
      await withDatabase(adminUrl(url), (client) => client.query(`drop database if exists ${template} with (force)`));
    };
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'festivales-test-'));
  const handle = await openDatabase({ dataDir: 'memory://' });
  await handle.migrate();
  const dump = await handle.pglite!.dumpDataDir('none');
  await handle.close();
  const file = path.join(dir, 'migrated.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteDump', file);
  project.provide('pgTemplate', '');
  return () => rmSync(dir, { recursive: true, force: true });
}

export function withDatabaseName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}
