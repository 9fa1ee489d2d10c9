import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { ImportDiff, ImportDraft } from '#core/import-schemas';
import { createdAt, updatedAt } from './columns';
import { festivalsTable } from './festivals';
import { usersTable } from './users';

/** The groups of a festival's facts that carry their own source (DESIGN.md, "Who keeps the data current"). */
export const importedFactGroups = ['festival', 'edition', 'lineup', 'tickets'] as const;
export type ImportedFactGroup = (typeof importedFactGroups)[number];

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
    factGroup: text('fact_group', { enum: importedFactGroups }).notNull(),
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

/**
 * A page the watcher re-reads (at most once a week): added when an import is applied, or by hand.
 * `etag` and `last_modified` make the next read conditional; `failures` counts failed reads in a
 * row, and a source at 3 or more is shown as failing.
 */
export const watchedSourcesTable = pgTable(
  'watched_sources',
  {
    id: serial('id').primaryKey(),
    festivalId: integer('festival_id')
      .notNull()
      .references(() => festivalsTable.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    etag: text('etag'),
    lastModified: text('last_modified'),
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true, mode: 'date' }),
    failures: smallint('failures').notNull().default(0),
    lastError: text('last_error'),
    createdBy: integer('created_by').references(() => usersTable.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('watched_sources_festival_url_key').on(t.festivalId, t.url),
    index('watched_sources_due_idx').on(t.lastCheckedAt),
    check('watched_sources_url_check', sql`${t.url} ~* '^https?://' and char_length(${t.url}) <= 2000`),
  ],
);

export const detectedChangeStatuses = ['open', 'applied', 'dismissed'] as const;

/**
 * 'Cambios detectados': what a watched source says differently from the stored festival (dates,
 * status, lineup, tickets), for its organisers and admins to apply or dismiss. One open item per
 * source: a later read replaces its diff. Nothing changes without a person's confirmation.
 */
export const detectedChangesTable = pgTable(
  'detected_changes',
  {
    id: serial('id').primaryKey(),
    festivalId: integer('festival_id')
      .notNull()
      .references(() => festivalsTable.id, { onDelete: 'cascade' }),
    sourceId: integer('source_id')
      .notNull()
      .references(() => watchedSourcesTable.id, { onDelete: 'cascade' }),
    diff: jsonb('diff').$type<ImportDiff[]>().notNull(),
    draft: jsonb('draft').$type<ImportDraft>().notNull(),
    status: text('status', { enum: detectedChangeStatuses }).notNull().default('open'),
    decidedBy: integer('decided_by').references(() => usersTable.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('detected_changes_open_key')
      .on(t.sourceId)
      .where(sql`${t.status} = 'open'`),
    index('detected_changes_festival_idx').on(t.festivalId, t.status),
    check('detected_changes_status_check', sql`${t.status} in ('open', 'applied', 'dismissed')`),
  ],
);
