import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { usersTable } from './users';
import { festivalsTable } from './festivals';
import { festivalEditionsTable } from './editions';

/**
 * 'Voy' / 'Me interesa': one state per person and festival, changeable. Who is going stays private;
 * only the counts are public (festival_attendance_counts).
 */
export const festivalAttendanceTable = pgTable(
  'festival_attendance',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => usersTable.id, { onDelete: 'cascade' }),
    festivalId: integer('festival_id')
      .notNull()
      .references(() => festivalsTable.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['going', 'interested'] }).notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.festivalId] }),
    // Who goes to a festival (its reminders): the key starts with the user.
    index('festival_attendance_festival_idx').on(t.festivalId, t.status),
    check('festival_attendance_status_check', sql`${t.status} in ('going', 'interested')`),
  ],
);

/**
 * Per-festival counts of 'Voy' and 'Me interesa', kept by statement triggers on
 * festival_attendance (migration together-functions, decision 095) in the transaction of each
 * write. Part of the catalogue: a write here moves catalogue_version, as the rating counters do,
 * so cards and the festival's answer show the new counts. No row means nobody yet.
 */
export const festivalAttendanceCountsTable = pgTable(
  'festival_attendance_counts',
  {
    festivalId: integer('festival_id')
      .primaryKey()
      .references(() => festivalsTable.id, { onDelete: 'cascade' }),
    goingCount: integer('going_count').notNull().default(0),
    interestedCount: integer('interested_count').notNull().default(0),
  },
  (t) => [check('festival_attendance_counts_not_negative', sql`${t.goingCount} >= 0 and ${t.interestedCount} >= 0`)],
);

/**
 * 'Plan con amigos': a group for one festival's edition, joined through a link (no profiles, no
 * friend search). Rotating the link replaces `invite_token`, so the old one stops working at once.
 */
export const plansTable = pgTable(
  'plans',
  {
    id: id(),
    festivalId: integer('festival_id')
      .notNull()
      .references(() => festivalsTable.id, { onDelete: 'cascade' }),
    editionId: integer('edition_id').references(() => festivalEditionsTable.id, { onDelete: 'set null' }),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => usersTable.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    inviteToken: uuid('invite_token').notNull().defaultRandom().unique(),
    /**
     * Moved by triggers (migration together-functions) on every write to the plan, its members or
     * its meeting points: with the members' timetables and the festival's edition version, the
     * stamp of the plan's kept answer (functions/lib/domain/plans/read-plan.ts).
     */
    version: bigint('version', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('plans_owner_idx').on(t.ownerId),
    check('plans_name_length', sql`char_length(${t.name}) between 1 and 80`),
  ],
);

/** Who is in a plan (the owner too). Picks are read from each member's 'Mi horario' of the plan's festival. */
export const planMembersTable = pgTable(
  'plan_members',
  {
    planId: integer('plan_id')
      .notNull()
      .references(() => plansTable.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => usersTable.id, { onDelete: 'cascade' }),
    /** Opt-in: notify this member when someone joins. */
    notify: boolean('notify').notNull().default(false),
    joinedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.planId, t.userId] }), index('plan_members_user_idx').on(t.userId)],
);

/** A meeting point a member added: a short note and, optionally, a place on the festival's map. */
export const planMeetingPointsTable = pgTable(
  'plan_meeting_points',
  {
    id: id(),
    planId: integer('plan_id')
      .notNull()
      .references(() => plansTable.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => usersTable.id, { onDelete: 'cascade' }),
    note: text('note').notNull(),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    createdAt: createdAt(),
  },
  (t) => [
    index('plan_meeting_points_plan_idx').on(t.planId),
    index('plan_meeting_points_user_idx').on(t.userId),
    check('plan_meeting_points_note_length', sql`char_length(${t.note}) between 1 and 200`),
    check('plan_meeting_points_coordinates_pair', sql`(${t.latitude} is null) = (${t.longitude} is null)`),
    check('plan_meeting_points_latitude_range', sql`${t.latitude} between -90 and 90`),
    check('plan_meeting_points_longitude_range', sql`${t.longitude} between -180 and 180`),
  ],
);
