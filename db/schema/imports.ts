import { sql } from 'drizzle-orm';
import { check, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { festivalsTable } from './festivals';
import { usersTable } from './users';

/** The groups of a festival's facts that carry their own source (DESIGN.md, "Who keeps the data current"). */
export const factGroups = ['festival', 'edition', 'lineup', 'tickets'] as const;
export type FactGroup = (typeof factGroups)[number];

/**
 * Where a group of a festival's facts was last read from: an import applied from the festival's own
 * page writes one row per group it applied (the page's address, when it was read, who confirmed it).
 * The festival page shows them ('Fuente: web oficial, consultada el ...'); a trigger (migration
 * fact-sources) gives the festival a new editions version, so its kept answer carries them.
 */
export const festivalFactSourcesTable = pgTable(
  'festival_fact_sources',
  {
    festivalId: integer('festival_id')
      .notNull()
      .references(() => festivalsTable.id, { onDelete: 'cascade' }),
    factGroup: text('fact_group', { enum: factGroups }).notNull(),
    sourceUrl: text('source_url').notNull(),
    checkedAt: timestamp('checked_at', { withTimezone: true, mode: 'date' }).notNull(),
    enteredBy: integer('entered_by').references(() => usersTable.id, { onDelete: 'set null' }),
  },
  (t) => [
    primaryKey({ columns: [t.festivalId, t.factGroup] }),
    check('festival_fact_sources_group_check', sql`${t.factGroup} in ('festival', 'edition', 'lineup', 'tickets')`),
    check(
      'festival_fact_sources_url_check',
      sql`${t.sourceUrl} ~* '^https?://' and char_length(${t.sourceUrl}) <= 2000`,
    ),
  ],
);
