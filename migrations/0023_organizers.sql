CREATE TABLE "festival_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"festival_id" integer NOT NULL,
	"actor_id" integer,
	"actor_role" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" integer NOT NULL,
	"action" text NOT NULL,
	"fields" text[] NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"reverts_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "festival_changes_actor_role_check" CHECK ("festival_changes"."actor_role" in ('admin', 'organizer')),
	CONSTRAINT "festival_changes_entity_check" CHECK ("festival_changes"."entity" in ('festival', 'edition', 'lineup', 'tickets', 'set')),
	CONSTRAINT "festival_changes_action_check" CHECK ("festival_changes"."action" in ('create', 'update', 'delete', 'live'))
);
--> statement-breakpoint
CREATE TABLE "festival_organizers" (
	"festival_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"granted_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "festival_organizers_festival_id_user_id_pk" PRIMARY KEY("festival_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "festival_updates" (
	"id" serial PRIMARY KEY NOT NULL,
	"festival_id" integer NOT NULL,
	"author_id" integer,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"image_url" text,
	"hidden_at" timestamp with time zone,
	"hidden_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "festival_updates_title_length" CHECK (char_length("festival_updates"."title") between 1 and 120),
	CONSTRAINT "festival_updates_body_length" CHECK (char_length("festival_updates"."body") between 1 and 2000),
	CONSTRAINT "festival_updates_image_url" CHECK ("festival_updates"."image_url" is null or ("festival_updates"."image_url" ~* '^(https?://|/uploads/)' and char_length("festival_updates"."image_url") <= 500))
);
--> statement-breakpoint
CREATE TABLE "organizer_claims" (
	"id" serial PRIMARY KEY NOT NULL,
	"festival_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"method" text NOT NULL,
	"email" text,
	"code_hash" text,
	"code_expires_at" timestamp with time zone,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"token" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"proof" text,
	"verified_at" timestamp with time zone,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organizer_claims_method_check" CHECK ("organizer_claims"."method" in ('email', 'website')),
	CONSTRAINT "organizer_claims_status_check" CHECK ("organizer_claims"."status" in ('pending', 'verified', 'approved', 'rejected')),
	CONSTRAINT "organizer_claims_proof_fields" CHECK (("organizer_claims"."method" = 'email' and "organizer_claims"."email" is not null and "organizer_claims"."code_hash" is not null)
        or ("organizer_claims"."method" = 'website' and "organizer_claims"."token" is not null)),
	CONSTRAINT "organizer_claims_email_length" CHECK (char_length("organizer_claims"."email") <= 254),
	CONSTRAINT "organizer_claims_attempts_range" CHECK ("organizer_claims"."attempts" between 0 and 5)
);
--> statement-breakpoint
CREATE TABLE "set_change_deliveries" (
	"change_id" integer PRIMARY KEY NOT NULL,
	"festival_id" integer NOT NULL,
	"lineup_entry_id" integer NOT NULL,
	"cursor" integer DEFAULT 0 NOT NULL,
	"done_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "uploads" DROP CONSTRAINT "uploads_purpose_check";--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_type_check";--> statement-breakpoint
ALTER TABLE "lineup_entries" ADD COLUMN "live_status" text DEFAULT 'on_time' NOT NULL;--> statement-breakpoint
ALTER TABLE "lineup_entries" ADD COLUMN "delay_minutes" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "festival_changes" ADD CONSTRAINT "festival_changes_festival_id_festivals_id_fk" FOREIGN KEY ("festival_id") REFERENCES "public"."festivals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "festival_changes" ADD CONSTRAINT "festival_changes_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "festival_changes" ADD CONSTRAINT "festival_changes_reverts_id_festival_changes_id_fk" FOREIGN KEY ("reverts_id") REFERENCES "public"."festival_changes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "festival_organizers" ADD CONSTRAINT "festival_organizers_festival_id_festivals_id_fk" FOREIGN KEY ("festival_id") REFERENCES "public"."festivals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "festival_organizers" ADD CONSTRAINT "festival_organizers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "festival_organizers" ADD CONSTRAINT "festival_organizers_granted_by_users_id_fk" FOREIGN KEY ("granted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "festival_updates" ADD CONSTRAINT "festival_updates_festival_id_festivals_id_fk" FOREIGN KEY ("festival_id") REFERENCES "public"."festivals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "festival_updates" ADD CONSTRAINT "festival_updates_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "festival_updates" ADD CONSTRAINT "festival_updates_hidden_by_users_id_fk" FOREIGN KEY ("hidden_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organizer_claims" ADD CONSTRAINT "organizer_claims_festival_id_festivals_id_fk" FOREIGN KEY ("festival_id") REFERENCES "public"."festivals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organizer_claims" ADD CONSTRAINT "organizer_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organizer_claims" ADD CONSTRAINT "organizer_claims_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "set_change_deliveries" ADD CONSTRAINT "set_change_deliveries_change_id_festival_changes_id_fk" FOREIGN KEY ("change_id") REFERENCES "public"."festival_changes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "set_change_deliveries" ADD CONSTRAINT "set_change_deliveries_festival_id_festivals_id_fk" FOREIGN KEY ("festival_id") REFERENCES "public"."festivals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "set_change_deliveries" ADD CONSTRAINT "set_change_deliveries_lineup_entry_id_lineup_entries_id_fk" FOREIGN KEY ("lineup_entry_id") REFERENCES "public"."lineup_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "festival_changes_reverts_key" ON "festival_changes" USING btree ("reverts_id") WHERE "festival_changes"."reverts_id" is not null;--> statement-breakpoint
CREATE INDEX "festival_changes_festival_idx" ON "festival_changes" USING btree ("festival_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "festival_changes_live_idx" ON "festival_changes" USING btree ("festival_id","created_at") WHERE "festival_changes"."action" = 'live';--> statement-breakpoint
CREATE INDEX "festival_changes_actor_idx" ON "festival_changes" USING btree ("actor_id");--> statement-breakpoint
CREATE INDEX "festival_organizers_user_idx" ON "festival_organizers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "festival_updates_festival_idx" ON "festival_updates" USING btree ("festival_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "festival_updates"."hidden_at" is null;--> statement-breakpoint
CREATE INDEX "festival_updates_author_idx" ON "festival_updates" USING btree ("author_id");--> statement-breakpoint
CREATE UNIQUE INDEX "organizer_claims_open_key" ON "organizer_claims" USING btree ("festival_id","user_id") WHERE "organizer_claims"."status" in ('pending', 'verified');--> statement-breakpoint
CREATE INDEX "organizer_claims_status_idx" ON "organizer_claims" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "organizer_claims_user_idx" ON "organizer_claims" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "set_change_deliveries_open_idx" ON "set_change_deliveries" USING btree ("created_at") WHERE "set_change_deliveries"."done_at" is null;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_purpose_check" CHECK ("uploads"."purpose" in ('gallery', 'festival', 'admin', 'organizer'));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_type_check" CHECK (type in ('festival', 'media', 'festival_dates', 'festival_cancelled', 'lineup', 'tickets_on_sale', 'sold_out', 'reminder', 'artist_booked', 'saved_search', 'organizer', 'festival_update', 'set_change'));--> statement-breakpoint
ALTER TABLE "lineup_entries" ADD CONSTRAINT "lineup_entries_live_status_check" CHECK ("lineup_entries"."live_status" in ('on_time', 'delayed', 'moved', 'cancelled'));--> statement-breakpoint
ALTER TABLE "lineup_entries" ADD CONSTRAINT "lineup_entries_delay_range" CHECK ("lineup_entries"."delay_minutes" between 0 and 720);