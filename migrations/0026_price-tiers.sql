CREATE TABLE "edition_fact_sources" (
	"edition_id" integer NOT NULL,
	"fact_group" text NOT NULL,
	"source_url" text,
	"verified_at" date,
	"entered_by" integer,
	"entered_as" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "edition_fact_sources_edition_id_fact_group_pk" PRIMARY KEY("edition_id","fact_group"),
	CONSTRAINT "edition_fact_sources_group_check" CHECK ("edition_fact_sources"."fact_group" in ('tiers', 'conditions', 'accessibility')),
	CONSTRAINT "edition_fact_sources_author_check" CHECK ("edition_fact_sources"."entered_as" in ('admin', 'organizer', 'community')),
	CONSTRAINT "edition_fact_sources_url" CHECK ("edition_fact_sources"."source_url" is null or ("edition_fact_sources"."source_url" ~* '^https?://' and char_length("edition_fact_sources"."source_url") <= 500))
);
--> statement-breakpoint
CREATE TABLE "edition_price_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"edition_id" integer NOT NULL,
	"tier_id" integer NOT NULL,
	"price" numeric(8, 2) NOT NULL,
	"fees" numeric(8, 2),
	"sold_out" boolean NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "edition_price_tiers" (
	"id" serial PRIMARY KEY NOT NULL,
	"edition_id" integer NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"price" numeric(8, 2) NOT NULL,
	"fees" numeric(8, 2),
	"fees_included" boolean DEFAULT false NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"on_sale_at" timestamp with time zone,
	"ends_at" date,
	"sold_out" boolean DEFAULT false NOT NULL,
	"url" text,
	"position" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "edition_price_tiers_kind_check" CHECK ("edition_price_tiers"."kind" in ('abono', 'dia', 'vip', 'camping', 'parking', 'bus', 'otro')),
	CONSTRAINT "edition_price_tiers_name_length" CHECK (char_length("edition_price_tiers"."name") between 1 and 120),
	CONSTRAINT "edition_price_tiers_price_range" CHECK ("edition_price_tiers"."price" between 0 and 10000),
	CONSTRAINT "edition_price_tiers_fees_range" CHECK ("edition_price_tiers"."fees" between 0 and 10000),
	CONSTRAINT "edition_price_tiers_currency" CHECK ("edition_price_tiers"."currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "edition_price_tiers_url" CHECK ("edition_price_tiers"."url" is null or ("edition_price_tiers"."url" ~* '^https?://' and char_length("edition_price_tiers"."url") <= 500)),
	CONSTRAINT "edition_price_tiers_position_range" CHECK ("edition_price_tiers"."position" between 0 and 99)
);
--> statement-breakpoint
ALTER TABLE "festival_changes" DROP CONSTRAINT "festival_changes_entity_check";--> statement-breakpoint
ALTER TABLE "edition_fact_sources" ADD CONSTRAINT "edition_fact_sources_edition_id_festival_editions_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."festival_editions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "edition_fact_sources" ADD CONSTRAINT "edition_fact_sources_entered_by_users_id_fk" FOREIGN KEY ("entered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "edition_price_history" ADD CONSTRAINT "edition_price_history_edition_id_festival_editions_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."festival_editions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "edition_price_tiers" ADD CONSTRAINT "edition_price_tiers_edition_id_festival_editions_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."festival_editions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "edition_price_history_edition_idx" ON "edition_price_history" USING btree ("edition_id","changed_at");--> statement-breakpoint
CREATE INDEX "edition_price_tiers_edition_idx" ON "edition_price_tiers" USING btree ("edition_id","position");--> statement-breakpoint
ALTER TABLE "festival_changes" ADD CONSTRAINT "festival_changes_entity_check" CHECK ("festival_changes"."entity" in ('festival', 'edition', 'lineup', 'tickets', 'tiers', 'set'));