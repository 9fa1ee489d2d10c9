CREATE TABLE "edition_accessibility" (
	"edition_id" integer PRIMARY KEY NOT NULL,
	"step_free" boolean,
	"viewing_platform" boolean,
	"adapted_toilets" boolean,
	"companion_ticket" text,
	"sign_language" boolean,
	"induction_loop" boolean,
	"vibrating_vests" boolean,
	"quiet_area" boolean,
	"assistance_dogs" boolean,
	"accessible_camping" boolean,
	"accessible_parking" boolean,
	"contact" text,
	"notes" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "edition_accessibility_companion_check" CHECK ("edition_accessibility"."companion_ticket" in ('free', 'discount', 'none')),
	CONSTRAINT "edition_accessibility_contact_length" CHECK (char_length("edition_accessibility"."contact") between 3 and 200),
	CONSTRAINT "edition_accessibility_notes_length" CHECK (char_length("edition_accessibility"."notes") between 1 and 500)
);
--> statement-breakpoint
CREATE TABLE "edition_conditions" (
	"edition_id" integer PRIMARY KEY NOT NULL,
	"food" text,
	"water" text,
	"reentry" text,
	"cashless" boolean,
	"cashless_refund_fee" numeric(6, 2),
	"cashless_refund_days" smallint,
	"cash_accepted" boolean,
	"age_policy" text,
	"minimum_age" smallint,
	"guardian_form_url" text,
	"camping" text,
	"parking" text,
	"lockers" boolean,
	"bag_limit" text,
	"notes" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "edition_conditions_food_check" CHECK ("edition_conditions"."food" in ('allowed', 'sealed_only', 'not_allowed')),
	CONSTRAINT "edition_conditions_water_check" CHECK ("edition_conditions"."water" in ('free_fountains', 'empty_bottle_allowed', 'paid_only')),
	CONSTRAINT "edition_conditions_reentry_check" CHECK ("edition_conditions"."reentry" in ('free', 'paid', 'none')),
	CONSTRAINT "edition_conditions_age_check" CHECK ("edition_conditions"."age_policy" in ('all_ages', 'minimum_age', 'minors_with_guardian')),
	CONSTRAINT "edition_conditions_camping_check" CHECK ("edition_conditions"."camping" in ('included', 'extra', 'none')),
	CONSTRAINT "edition_conditions_parking_check" CHECK ("edition_conditions"."parking" in ('free', 'paid', 'none')),
	CONSTRAINT "edition_conditions_refund_fee_range" CHECK ("edition_conditions"."cashless_refund_fee" between 0 and 100),
	CONSTRAINT "edition_conditions_refund_days_range" CHECK ("edition_conditions"."cashless_refund_days" between 0 and 365),
	CONSTRAINT "edition_conditions_minimum_age_range" CHECK ("edition_conditions"."minimum_age" between 0 and 25),
	CONSTRAINT "edition_conditions_guardian_form_url" CHECK ("edition_conditions"."guardian_form_url" is null or ("edition_conditions"."guardian_form_url" ~* '^https?://' and char_length("edition_conditions"."guardian_form_url") <= 500)),
	CONSTRAINT "edition_conditions_bag_limit_length" CHECK (char_length("edition_conditions"."bag_limit") between 1 and 100),
	CONSTRAINT "edition_conditions_notes_length" CHECK (char_length("edition_conditions"."notes") between 1 and 500)
);
--> statement-breakpoint
ALTER TABLE "festival_changes" DROP CONSTRAINT "festival_changes_entity_check";--> statement-breakpoint
ALTER TABLE "edition_accessibility" ADD CONSTRAINT "edition_accessibility_edition_id_festival_editions_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."festival_editions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "edition_conditions" ADD CONSTRAINT "edition_conditions_edition_id_festival_editions_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."festival_editions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "festival_changes" ADD CONSTRAINT "festival_changes_entity_check" CHECK ("festival_changes"."entity" in ('festival', 'edition', 'lineup', 'tickets', 'tiers', 'conditions', 'accessibility', 'set'));