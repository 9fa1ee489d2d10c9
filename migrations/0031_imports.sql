CREATE TABLE "detected_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"festival_id" integer NOT NULL,
	"source_id" integer NOT NULL,
	"diff" jsonb NOT NULL,
	"draft" jsonb NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "detected_changes_status_check" CHECK ("detected_changes"."status" in ('open', 'applied', 'dismissed'))
);
--> statement-breakpoint
CREATE TABLE "festival_fact_sources" (
	"festival_id" integer NOT NULL,
	"fact_group" text NOT NULL,
	"source_url" text NOT NULL,
	"checked_at" timestamp with time zone NOT NULL,
	"entered_by" integer,
	CONSTRAINT "festival_fact_sources_festival_id_fact_group_pk" PRIMARY KEY("festival_id","fact_group"),
	CONSTRAINT "festival_fact_sources_group_check" CHECK ("festival_fact_sources"."fact_group" in ('festival', 'edition', 'lineup', 'tickets')),
	CONSTRAINT "festival_fact_sources_url_check" CHECK ("festival_fact_sources"."source_url" ~* '^https?://' and char_length("festival_fact_sources"."source_url") <= 2000)
);
--> statement-breakpoint
CREATE TABLE "watched_sources" (
	"id" serial PRIMARY KEY NOT NULL,
	"festival_id" integer NOT NULL,
	"url" text NOT NULL,
	"etag" text,
	"last_modified" text,
	"last_checked_at" timestamp with time zone,
	"failures" smallint DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "watched_sources_url_check" CHECK ("watched_sources"."url" ~* '^https?://' and char_length("watched_sources"."url") <= 2000)
);
--> statement-breakpoint
ALTER TABLE "detected_changes" ADD CONSTRAINT "detected_changes_festival_id_festivals_id_fk" FOREIGN KEY ("festival_id") REFERENCES "public"."festivals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "detected_changes" ADD CONSTRAINT "detected_changes_source_id_watched_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."watched_sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "detected_changes" ADD CONSTRAINT "detected_changes_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "festival_fact_sources" ADD CONSTRAINT "festival_fact_sources_festival_id_festivals_id_fk" FOREIGN KEY ("festival_id") REFERENCES "public"."festivals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "festival_fact_sources" ADD CONSTRAINT "festival_fact_sources_entered_by_users_id_fk" FOREIGN KEY ("entered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watched_sources" ADD CONSTRAINT "watched_sources_festival_id_festivals_id_fk" FOREIGN KEY ("festival_id") REFERENCES "public"."festivals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watched_sources" ADD CONSTRAINT "watched_sources_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "detected_changes_open_key" ON "detected_changes" USING btree ("source_id") WHERE "detected_changes"."status" = 'open';--> statement-breakpoint
CREATE INDEX "detected_changes_festival_idx" ON "detected_changes" USING btree ("festival_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "watched_sources_festival_url_key" ON "watched_sources" USING btree ("festival_id","url");--> statement-breakpoint
CREATE INDEX "watched_sources_due_idx" ON "watched_sources" USING btree ("last_checked_at");