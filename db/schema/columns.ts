// Column helpers every table file shares.
import { sql } from 'drizzle-orm';
import { serial, timestamp } from 'drizzle-orm/pg-core';

export const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
export const id = () => serial('id').primaryKey();

export const httpUrl = (column: unknown) =>
  sql`${column} is null or (${column} ~* '^https?://' and char_length(${column}) <= 500)`;
