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
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { festivalsTable } from './festivals';
import { lineupEntriesTable } from './editions';
import { usersTable } from './users';

/**
 * Who organises a festival: a per-festival role (never a site role), several people per festival,
 * granted by an admin (directly or by approving a claim). `created_at` is since when.
 */
export const festivalOrganizersTable = pgTable(
  'festival_organizers',
  {
    festivalId: integer('festival_id')
      .notNull()
      .references(() => festivalsTable.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => usersTable.id, { onDelete: 'cascade' }),
    grantedBy: integer('granted_by').references(() => usersTable.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.festivalId, t.userId] }), index('festival_organizers_user_idx').on(t.userId)],
);

export const claimMethods = ['email', 'website'] as const;
export const claimStatuses = ['pending', 'verified', 'approved', 'rejected'] as const;

/**
 * A person's request to organise a festival. pending: the proof is not given yet (a code mailed to
 * an address at the official website's domain, or a token to publish on the website); verified: it
 * was, and an admin decides; approved or rejected: decided. One open claim per person and festival.
 */
export const organizerClaimsTable = pgTable(
  'organizer_claims',
  {
    id: serial('id').primaryKey(),
    festivalId: integer('festival_id')
      .notNull()
      .references(() => festivalsTable.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => usersTable.id, { onDelete: 'cascade' }),
    method: text('method', { enum: claimMethods }).notNull(),
    /** The address the code was mailed to (method email). */
    email: text('email'),
    /** HMAC of the 6-digit code: the code itself is only in the message. */
    codeHash: text('code_hash'),
    codeExpiresAt: timestamp('code_expires_at', { withTimezone: true, mode: 'date' }),
    attempts: smallint('attempts').notNull().default(0),
    /** What the website must publish (method website). */
    token: text('token'),
    status: text('status', { enum: claimStatuses }).notNull().default('pending'),
    /** Where the proof was found (the page or file that held the token, or the address that confirmed the code). */
    proof: text('proof'),
    verifiedAt: timestamp('verified_at', { withTimezone: true, mode: 'date' }),
    decidedBy: integer('decided_by').references(() => usersTable.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('organizer_claims_method_check', sql`${t.method} in ('email', 'website')`),
    check('organizer_claims_status_check', sql`${t.status} in ('pending', 'verified', 'approved', 'rejected')`),
    check(
      'organizer_claims_proof_fields',
      sql`(${t.method} = 'email' and ${t.email} is not null and ${t.codeHash} is not null)
        or (${t.method} = 'website' and ${t.token} is not null)`,
    ),
    check('organizer_claims_email_length', sql`char_length(${t.email}) <= 254`),
    check('organizer_claims_attempts_range', sql`${t.attempts} between 0 and 5`),
    uniqueIndex('organizer_claims_open_key')
      .on(t.festivalId, t.userId)
      .where(sql`${t.status} in ('pending', 'verified')`),
    index('organizer_claims_status_idx').on(t.status, t.createdAt),
    index('organizer_claims_user_idx').on(t.userId),
  ],
);

export const changeEntities = [
  'festival',
  'edition',
  'lineup',
  'tickets',
  'tiers',
  'conditions',
  'accessibility',
  'set',
] as const;
export const changeActions = ['create', 'update', 'delete', 'live'] as const;

/**
 * Every change to a festival and what hangs from it (its fields, editions, lineups, tickets, set
 * times on the day), written by the domain's writes in the transaction of the change, whoever made
 * it: who, when, which fields, before and after (in the API's field names, so a revert writes the
 * before values back through the same writes). `reverts_id`: the change this one undid; a change
 * is undone at most once (unique).
 */
export const festivalChangesTable = pgTable(
  'festival_changes',
  {
    id: serial('id').primaryKey(),
    festivalId: integer('festival_id')
      .notNull()
      .references(() => festivalsTable.id, { onDelete: 'cascade' }),
    actorId: integer('actor_id').references(() => usersTable.id, { onDelete: 'set null' }),
    actorRole: text('actor_role', { enum: ['admin', 'organizer'] }).notNull(),
    entity: text('entity', { enum: changeEntities }).notNull(),
    entityId: integer('entity_id').notNull(),
    action: text('action', { enum: changeActions }).notNull(),
    fields: text('fields').array().notNull(),
    before: jsonb('before').$type<Record<string, unknown> | null>(),
    after: jsonb('after').$type<Record<string, unknown> | null>(),
    revertsId: integer('reverts_id').references((): AnyPgColumn => festivalChangesTable.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('festival_changes_actor_role_check', sql`${t.actorRole} in ('admin', 'organizer')`),
    check(
      'festival_changes_entity_check',
      sql`${t.entity} in ('festival', 'edition', 'lineup', 'tickets', 'tiers', 'conditions', 'accessibility', 'set')`,
    ),
    check('festival_changes_action_check', sql`${t.action} in ('create', 'update', 'delete', 'live')`),
    uniqueIndex('festival_changes_reverts_key')
      .on(t.revertsId)
      .where(sql`${t.revertsId} is not null`),
    index('festival_changes_festival_idx').on(t.festivalId, t.createdAt.desc(), t.id.desc()),
    // 'Cambios de hoy': a festival's live set changes since a moment.
    index('festival_changes_live_idx')
      .on(t.festivalId, t.createdAt)
      .where(sql`${t.action} = 'live'`),
    index('festival_changes_actor_idx').on(t.actorId),
  ],
);

/**
 * The fan-out of a live set change to the people who picked the set, done in batches of users by
 * id: `cursor` is the last user id told, committed with each batch, so a worker stopped mid-way
 * resumes after the last batch it committed. `done_at` once everyone was told.
 */
export const setChangeDeliveriesTable = pgTable(
  'set_change_deliveries',
  {
    changeId: integer('change_id')
      .primaryKey()
      .references(() => festivalChangesTable.id, { onDelete: 'cascade' }),
    festivalId: integer('festival_id')
      .notNull()
      .references(() => festivalsTable.id, { onDelete: 'cascade' }),
    lineupEntryId: integer('lineup_entry_id')
      .notNull()
      .references(() => lineupEntriesTable.id, { onDelete: 'cascade' }),
    cursor: integer('cursor').notNull().default(0),
    doneAt: timestamp('done_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('set_change_deliveries_open_idx')
      .on(t.createdAt)
      .where(sql`${t.doneAt} is null`),
  ],
);

/**
 * 'Novedades': what an organiser (or admin) tells a festival's followers. Public on the festival
 * page and its feed unless an admin hid it.
 */
export const festivalUpdatesTable = pgTable(
  'festival_updates',
  {
    id: serial('id').primaryKey(),
    festivalId: integer('festival_id')
      .notNull()
      .references(() => festivalsTable.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').references(() => usersTable.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    body: text('body').notNull(),
    imageUrl: text('image_url'),
    hiddenAt: timestamp('hidden_at', { withTimezone: true, mode: 'date' }),
    hiddenBy: integer('hidden_by').references(() => usersTable.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('festival_updates_title_length', sql`char_length(${t.title}) between 1 and 120`),
    check('festival_updates_body_length', sql`char_length(${t.body}) between 1 and 2000`),
    check(
      'festival_updates_image_url',
      sql`${t.imageUrl} is null or (${t.imageUrl} ~* '^(https?://|/uploads/)' and char_length(${t.imageUrl}) <= 500)`,
    ),
    index('festival_updates_festival_idx')
      .on(t.festivalId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.hiddenAt} is null`),
    index('festival_updates_author_idx').on(t.authorId),
  ],
);
