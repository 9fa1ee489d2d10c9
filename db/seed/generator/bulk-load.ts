import { sql } from 'drizzle-orm';
import type { Database } from '../../client';

type Executor = Pick<Database, 'execute'>;

interface Definition {
  name: string;
  def: string;
  kind: 'constraint' | 'index';
}

/**
 * Runs a bulk insert into `table` with its indexes and foreign keys dropped, then puts them back
 * from their own definitions (pg_get_indexdef, pg_get_constraintdef), so nothing here repeats the
 * schema. Maintaining five indexes and checking two foreign keys row by row was three quarters of
 * the time of 2,000,000 votes; building an index once from sorted rows and validating a foreign
 * key with one join is several times faster. A primary key or unique constraint that another
 * table's foreign key needs stays. The caller's transaction holds ALTER TABLE's exclusive lock
 * until commit: no other session ever sees the table without its constraints.
 */
export async function withoutIndexes(
  tx: Executor,
  table: 'comments' | 'media_votes' | 'festival_user_ratings',
  insert: () => Promise<unknown>,
): Promise<void> {
  const rel = `'${table}'::regclass`;
  const read = async (text: string) => ((await tx.execute(sql.raw(text))) as unknown as { rows: Definition[] }).rows;
  const foreignKeys = await read(
    `select conname as name, pg_get_constraintdef(oid) as def, 'constraint' as kind from pg_constraint where conrelid = ${rel} and contype = 'f'`,
  );
  const keys = await read(
    `select conname as name, pg_get_constraintdef(oid) as def, 'constraint' as kind from pg_constraint
     where conrelid = ${rel} and contype in ('p', 'u')
       and not exists (select 1 from pg_constraint r where r.contype = 'f' and r.confrelid = ${rel})`,
  );
  const indexes = await read(
    `select i.relname as name, pg_get_indexdef(i.oid) as def, 'index' as kind
     from pg_index x join pg_class i on i.oid = x.indexrelid
     where x.indrelid = ${rel} and not exists (select 1 from pg_constraint c where c.conindid = x.indexrelid and c.conrelid = x.indrelid)`,
  );
  const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
  const drop = (d: Definition) =>
    d.kind === 'index' ? `drop index ${quote(d.name)}` : `alter table ${table} drop constraint ${quote(d.name)}`;
  const create = (d: Definition) =>
    d.kind === 'index' ? d.def : `alter table ${table} add constraint ${quote(d.name)} ${d.def}`;

  for (const d of [...foreignKeys, ...keys, ...indexes]) await tx.execute(sql.raw(drop(d)));
  await insert();
  for (const d of [...keys, ...indexes, ...foreignKeys]) await tx.execute(sql.raw(create(d)));
}
