CREATE TABLE "artists" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_key" text GENERATED ALWAYS AS (artist_name_key(name)) STORED NOT NULL,
	"slug" text NOT NULL,
	"country" text,
	"genres" text[] DEFAULT '{}'::text[] NOT NULL,
	"photo_url" text,
	"website" text,
	"instagram" text,
	"soundcloud" text,
	"spotify" text,
	"resident_advisor" text,
	"bandcamp" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "artists_name_length" CHECK (char_length("artists"."name") between 1 and 200),
	CONSTRAINT "artists_name_key_not_empty" CHECK ("artists"."name_key" <> ''),
	CONSTRAINT "artists_country_length" CHECK (char_length("artists"."country") <= 100),
	CONSTRAINT "artists_genres_count" CHECK (cardinality("artists"."genres") <= 12),
	CONSTRAINT "artists_photo_url" CHECK ("artists"."photo_url" is null or ("artists"."photo_url" ~* '^https?://' and char_length("artists"."photo_url") <= 500)),
	CONSTRAINT "artists_website_url" CHECK ("artists"."website" is null or ("artists"."website" ~* '^https?://' and char_length("artists"."website") <= 500)),
	CONSTRAINT "artists_instagram_url" CHECK ("artists"."instagram" is null or ("artists"."instagram" ~* '^https?://' and char_length("artists"."instagram") <= 500)),
	CONSTRAINT "artists_soundcloud_url" CHECK ("artists"."soundcloud" is null or ("artists"."soundcloud" ~* '^https?://' and char_length("artists"."soundcloud") <= 500)),
	CONSTRAINT "artists_spotify_url" CHECK ("artists"."spotify" is null or ("artists"."spotify" ~* '^https?://' and char_length("artists"."spotify") <= 500)),
	CONSTRAINT "artists_resident_advisor_url" CHECK ("artists"."resident_advisor" is null or ("artists"."resident_advisor" ~* '^https?://' and char_length("artists"."resident_advisor") <= 500)),
	CONSTRAINT "artists_bandcamp_url" CHECK ("artists"."bandcamp" is null or ("artists"."bandcamp" ~* '^https?://' and char_length("artists"."bandcamp") <= 500))
);
--> statement-breakpoint
CREATE TABLE "edition_tickets" (
	"edition_id" integer PRIMARY KEY NOT NULL,
	"price_from" numeric(8, 2),
	"price_to" numeric(8, 2),
	"currency" text DEFAULT 'EUR' NOT NULL,
	"ticket_url" text,
	"on_sale_at" timestamp with time zone,
	"sold_out" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "edition_tickets_price_from_range" CHECK ("edition_tickets"."price_from" between 0 and 10000),
	CONSTRAINT "edition_tickets_price_to_range" CHECK ("edition_tickets"."price_to" between 0 and 10000),
	CONSTRAINT "edition_tickets_prices_order" CHECK ("edition_tickets"."price_to" is null or "edition_tickets"."price_from" is null or "edition_tickets"."price_to" >= "edition_tickets"."price_from"),
	CONSTRAINT "edition_tickets_currency" CHECK ("edition_tickets"."currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "edition_tickets_url" CHECK ("edition_tickets"."ticket_url" is null or ("edition_tickets"."ticket_url" ~* '^https?://' and char_length("edition_tickets"."ticket_url") <= 500))
);
--> statement-breakpoint
CREATE TABLE "festival_editions" (
	"id" serial PRIMARY KEY NOT NULL,
	"festival_id" integer NOT NULL,
	"year" smallint NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"status" text DEFAULT 'confirmed' NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "festival_editions_status_check" CHECK ("festival_editions"."status" in ('announced', 'confirmed', 'cancelled')),
	CONSTRAINT "festival_editions_year_matches" CHECK ("festival_editions"."year" = extract(year from "festival_editions"."start_date")),
	CONSTRAINT "festival_editions_dates_order" CHECK ("festival_editions"."end_date" is null or "festival_editions"."end_date" >= "festival_editions"."start_date"),
	CONSTRAINT "festival_editions_notes_length" CHECK (char_length("festival_editions"."notes") <= 2000)
);
--> statement-breakpoint
CREATE TABLE "lineup_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"edition_id" integer NOT NULL,
	"artist_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"billing" text DEFAULT 'regular' NOT NULL,
	"day" date,
	"stage" text,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	CONSTRAINT "lineup_entries_billing_check" CHECK ("lineup_entries"."billing" in ('headliner', 'regular')),
	CONSTRAINT "lineup_entries_position_range" CHECK ("lineup_entries"."position" between 0 and 499),
	CONSTRAINT "lineup_entries_stage_length" CHECK (char_length("lineup_entries"."stage") between 1 and 100),
	CONSTRAINT "lineup_entries_times_order" CHECK ("lineup_entries"."ends_at" is null or "lineup_entries"."starts_at" is null or "lineup_entries"."ends_at" > "lineup_entries"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "edition_year" smallint;--> statement-breakpoint
ALTER TABLE "festivals" ADD COLUMN "current_edition_id" integer;--> statement-breakpoint
ALTER TABLE "edition_tickets" ADD CONSTRAINT "edition_tickets_edition_id_festival_editions_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."festival_editions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "festival_editions" ADD CONSTRAINT "festival_editions_festival_id_festivals_id_fk" FOREIGN KEY ("festival_id") REFERENCES "public"."festivals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lineup_entries" ADD CONSTRAINT "lineup_entries_edition_id_festival_editions_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."festival_editions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lineup_entries" ADD CONSTRAINT "lineup_entries_artist_id_artists_id_fk" FOREIGN KEY ("artist_id") REFERENCES "public"."artists"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "artists_name_key" ON "artists" USING btree ("name_key");--> statement-breakpoint
CREATE UNIQUE INDEX "festival_editions_festival_year_key" ON "festival_editions" USING btree ("festival_id","year");--> statement-breakpoint
CREATE UNIQUE INDEX "lineup_entries_edition_position_key" ON "lineup_entries" USING btree ("edition_id","position");--> statement-breakpoint
CREATE INDEX "lineup_entries_artist_idx" ON "lineup_entries" USING btree ("artist_id","edition_id");--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_edition_year_range" CHECK ("comments"."edition_year" between 1950 and 2100);