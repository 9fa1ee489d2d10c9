import { is, sql, SQL, type Column } from 'drizzle-orm';
import { PgTimestamp, PgTimestampString } from 'drizzle-orm/pg-core';

/** Same text as Date#toISOString, so JSON built by Postgres matches the objects the other routes serialise. */
export const isoTimestamp = (value: SQL | Column) =>
  sql`to_char(${value} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A field list: response key -> column (or expression), nested objects for nested answers. */
export interface Selection {
  [key: string]: Column | SQL | SQL.Aliased | Selection;
}

/** A field list for answer type T: one entry per key of T, no other (checked with `satisfies`). */
export type FieldsOf<T> = { [K in keyof T]-?: Column | SQL | Selection };

/** A nested object that is null when `key` is null (the row of a left join that found nothing). */
export const jsonObjectOrNull = (key: Column, selection: Selection): SQL =>
  sql`case when ${key} is null then null else ${jsonObjectOf(selection)} end`;

/**
 * `json_build_object(...)` over the same field list a Drizzle select uses, so an answer that
 * Postgres serialises (the admin queues, decision 012) has the keys, order and formats of the one
 * built in JavaScript. Timestamps come out as toISOString does; the columns are named by their
 * table, so the query must call its rows by the table's name.
 */
export function jsonObjectOf(selection: Selection): SQL {
  const pairs = Object.entries(selection).map(([key, value]) => {
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(key)) throw new Error(`not a field name: ${key}`);
    const expression =
      is(value, PgTimestamp) || is(value, PgTimestampString)
        ? isoTimestamp(value)
        : is(value, SQL) || is(value, SQL.Aliased) || isColumn(value)
          ? sql`${value}`
          : jsonObjectOf(value as Selection);
    return sql`${sql.raw(`'${key}'`)}, ${expression}`;
  });
  return sql`json_build_object(${sql.join(pairs, sql`, `)})`;
}

function isColumn(value: unknown): value is Column {
  return typeof value === 'object' && value !== null && 'columnType' in value && 'table' in value;
}
