import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { factAuthors, tierKinds } from '#core/price-tier-schemas';
import {
  agePolicies,
  campingRules,
  companionTickets,
  foodRules,
  parkingRules,
  reentryRules,
  waterRules,
} from '#core/trip-fact-schemas';
import { createdAt, httpUrl, updatedAt } from './columns';
import { festivalEditionsTable } from './editions';
import { usersTable } from './users';

export const factGroups = ['tiers', 'conditions', 'accessibility'] as const;

/**
 * An edition's price tiers ('Abono general – 2.º tramo'), in the order the seller lists them. The
 * edition's ticket facts (edition_tickets: price from, on-sale date, sold out, link) are derived from
 * its entry tiers by a trigger (migration price-tiers-functions) whenever it has any, so every list,
 * filter and feed that reads edition_tickets keeps working. `ends_at` null: on sale until sold out.
 * `fees` null: not known; `fees_included`: the price already holds them.
 */
export const editionPriceTiersTable = pgTable(
  'edition_price_tiers',
  {
    id: serial('id').primaryKey(),
    editionId: integer('edition_id')
      .notNull()
      .references(() => festivalEditionsTable.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: tierKinds }).notNull(),
    name: text('name').notNull(),
    price: numeric('price', { precision: 8, scale: 2, mode: 'number' }).notNull(),
    fees: numeric('fees', { precision: 8, scale: 2, mode: 'number' }),
    feesIncluded: boolean('fees_included').notNull().default(false),
    currency: text('currency').notNull().default('EUR'),
    onSaleAt: timestamp('on_sale_at', { withTimezone: true, mode: 'date' }),
    endsAt: date('ends_at', { mode: 'string' }),
    soldOut: boolean('sold_out').notNull().default(false),
    url: text('url'),
    position: smallint('position').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('edition_price_tiers_edition_idx').on(t.editionId, t.position),
    check(
      'edition_price_tiers_kind_check',
      sql`${t.kind} in ('abono', 'dia', 'vip', 'camping', 'parking', 'bus', 'otro')`,
    ),
    check('edition_price_tiers_name_length', sql`char_length(${t.name}) between 1 and 120`),
    check('edition_price_tiers_price_range', sql`${t.price} between 0 and 10000`),
    check('edition_price_tiers_fees_range', sql`${t.fees} between 0 and 10000`),
    check('edition_price_tiers_currency', sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check('edition_price_tiers_url', httpUrl(t.url)),
    check('edition_price_tiers_position_range', sql`${t.position} between 0 and 99`),
  ],
);

/**
 * Every price or availability a tier has had, written by the database (trigger on
 * edition_price_tiers), never by the application: a tier's first row is its creation. The tier id
 * has no foreign key so a tier taken off the sale keeps its history on the chart.
 */
export const editionPriceHistoryTable = pgTable(
  'edition_price_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    editionId: integer('edition_id')
      .notNull()
      .references(() => festivalEditionsTable.id, { onDelete: 'cascade' }),
    tierId: integer('tier_id').notNull(),
    price: numeric('price', { precision: 8, scale: 2, mode: 'number' }).notNull(),
    fees: numeric('fees', { precision: 8, scale: 2, mode: 'number' }),
    soldOut: boolean('sold_out').notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('edition_price_history_edition_idx').on(t.editionId, t.changedAt)],
);

/**
 * Where a group of an edition's facts (its tiers, its gate conditions, its accessibility) comes
 * from: the official page or document, the day someone checked it, and who entered it.
 */
export const editionFactSourcesTable = pgTable(
  'edition_fact_sources',
  {
    editionId: integer('edition_id')
      .notNull()
      .references(() => festivalEditionsTable.id, { onDelete: 'cascade' }),
    factGroup: text('fact_group', { enum: factGroups }).notNull(),
    sourceUrl: text('source_url'),
    verifiedAt: date('verified_at', { mode: 'string' }),
    enteredBy: integer('entered_by').references(() => usersTable.id, { onDelete: 'set null' }),
    enteredAs: text('entered_as', { enum: factAuthors }).notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.editionId, t.factGroup] }),
    check('edition_fact_sources_group_check', sql`${t.factGroup} in ('tiers', 'conditions', 'accessibility')`),
    check('edition_fact_sources_author_check', sql`${t.enteredAs} in ('admin', 'organizer', 'community')`),
    check('edition_fact_sources_url', httpUrl(t.sourceUrl)),
  ],
);

/**
 * 'Antes de ir': the rules at an edition's gate. Every fact is optional: null is 'Sin confirmar',
 * never a guess. `minimum_age` is the age from which one may enter (`minimum_age`) or from which a
 * minor may come with a guardian (`minors_with_guardian`), whose signed form is `guardian_form_url`.
 */
export const editionConditionsTable = pgTable(
  'edition_conditions',
  {
    editionId: integer('edition_id')
      .primaryKey()
      .references(() => festivalEditionsTable.id, { onDelete: 'cascade' }),
    food: text('food', { enum: foodRules }),
    water: text('water', { enum: waterRules }),
    reentry: text('reentry', { enum: reentryRules }),
    cashless: boolean('cashless'),
    cashlessRefundFee: numeric('cashless_refund_fee', { precision: 6, scale: 2, mode: 'number' }),
    cashlessRefundDays: smallint('cashless_refund_days'),
    cashAccepted: boolean('cash_accepted'),
    agePolicy: text('age_policy', { enum: agePolicies }),
    minimumAge: smallint('minimum_age'),
    guardianFormUrl: text('guardian_form_url'),
    camping: text('camping', { enum: campingRules }),
    parking: text('parking', { enum: parkingRules }),
    lockers: boolean('lockers'),
    bagLimit: text('bag_limit'),
    notes: text('notes'),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('edition_conditions_food_check', sql`${t.food} in ('allowed', 'sealed_only', 'not_allowed')`),
    check('edition_conditions_water_check', sql`${t.water} in ('free_fountains', 'empty_bottle_allowed', 'paid_only')`),
    check('edition_conditions_reentry_check', sql`${t.reentry} in ('free', 'paid', 'none')`),
    check('edition_conditions_age_check', sql`${t.agePolicy} in ('all_ages', 'minimum_age', 'minors_with_guardian')`),
    check('edition_conditions_camping_check', sql`${t.camping} in ('included', 'extra', 'none')`),
    check('edition_conditions_parking_check', sql`${t.parking} in ('free', 'paid', 'none')`),
    check('edition_conditions_refund_fee_range', sql`${t.cashlessRefundFee} between 0 and 100`),
    check('edition_conditions_refund_days_range', sql`${t.cashlessRefundDays} between 0 and 365`),
    check('edition_conditions_minimum_age_range', sql`${t.minimumAge} between 0 and 25`),
    check('edition_conditions_guardian_form_url', httpUrl(t.guardianFormUrl)),
    check('edition_conditions_bag_limit_length', sql`char_length(${t.bagLimit}) between 1 and 100`),
    check('edition_conditions_notes_length', sql`char_length(${t.notes}) between 1 and 500`),
  ],
);

/** An edition's accessibility, each fact optional (null: 'Sin confirmar'). */
export const editionAccessibilityTable = pgTable(
  'edition_accessibility',
  {
    editionId: integer('edition_id')
      .primaryKey()
      .references(() => festivalEditionsTable.id, { onDelete: 'cascade' }),
    stepFree: boolean('step_free'),
    viewingPlatform: boolean('viewing_platform'),
    adaptedToilets: boolean('adapted_toilets'),
    companionTicket: text('companion_ticket', { enum: companionTickets }),
    signLanguage: boolean('sign_language'),
    inductionLoop: boolean('induction_loop'),
    vibratingVests: boolean('vibrating_vests'),
    quietArea: boolean('quiet_area'),
    assistanceDogs: boolean('assistance_dogs'),
    accessibleCamping: boolean('accessible_camping'),
    accessibleParking: boolean('accessible_parking'),
    contact: text('contact'),
    notes: text('notes'),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('edition_accessibility_companion_check', sql`${t.companionTicket} in ('free', 'discount', 'none')`),
    check('edition_accessibility_contact_length', sql`char_length(${t.contact}) between 3 and 200`),
    check('edition_accessibility_notes_length', sql`char_length(${t.notes}) between 1 and 500`),
  ],
);
