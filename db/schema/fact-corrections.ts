import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { factCorrectionStatuses } from '#core/fact-correction-schemas';
import { createdAt, httpUrl } from './columns';
import { festivalEditionsTable } from './editions';
import { festivalsTable } from './festivals';
import { factGroups } from './trip-facts';
import { usersTable } from './users';

/**
 * A signed-in person's correction to one fact of a festival's current edition (a tier, a rule at
 * the gate, an accessibility fact), with the page that says so. Admins decide; an approved
 * correction to 'Antes de ir' or accessibility is written into the edition with its source, marked
 * as the community's. The proposer's rows go with their account.
 */
export const factCorrectionsTable = pgTable(
  'fact_corrections',
  {
    id: serial('id').primaryKey(),
    festivalId: integer('festival_id')
      .notNull()
      .references(() => festivalsTable.id, { onDelete: 'cascade' }),
    editionId: integer('edition_id')
      .notNull()
      .references(() => festivalEditionsTable.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => usersTable.id, { onDelete: 'cascade' }),
    factGroup: text('fact_group', { enum: factGroups }).notNull(),
    field: text('field').notNull(),
    /** The proposed value as the group's form takes it (a choice, true/false, a number, a text); null: 'Sin confirmar'. */
    value: jsonb('value').$type<string | number | boolean | null>(),
    sourceUrl: text('source_url').notNull(),
    note: text('note'),
    status: text('status', { enum: factCorrectionStatuses }).notNull().default('pending'),
    createdAt: createdAt(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: integer('decided_by').references(() => usersTable.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('fact_corrections_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
    index('fact_corrections_user_idx').on(t.userId),
    check('fact_corrections_status_check', sql`${t.status} in ('pending', 'approved', 'rejected')`),
    check('fact_corrections_group_check', sql`${t.factGroup} in ('tiers', 'conditions', 'accessibility')`),
    check('fact_corrections_source_url', httpUrl(t.sourceUrl)),
    check('fact_corrections_note_length', sql`char_length(${t.note}) between 1 and 500`),
  ],
);
