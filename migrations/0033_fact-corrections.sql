CREATE TABLE "fact_corrections" (
	"id" serial PRIMARY KEY NOT NULL,
	"festival_id" integer NOT NULL,
	"edition_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"fact_group" text NOT NULL,
	"field" text NOT NULL,
	"value" jsonb,
	"source_url" text NOT NULL,
	"note" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" integer,
	CONSTRAINT "fact_corrections_status_check" CHECK ("fact_corrections"."status" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "fact_corrections_group_check" CHECK ("fact_corrections"."fact_group" in ('tiers', 'conditions', 'accessibility')),
	CONSTRAINT "fact_corrections_source_url" CHECK ("fact_corrections"."source_url" is null or ("fact_corrections"."source_url" ~* '^https?://' and char_length("fact_corrections"."source_url") <= 500)),
	CONSTRAINT "fact_corrections_note_length" CHECK (char_length("fact_corrections"."note") between 1 and 500)
);
--> statement-breakpoint
ALTER TABLE "fact_corrections" ADD CONSTRAINT "fact_corrections_festival_id_festivals_id_fk" FOREIGN KEY ("festival_id") REFERENCES "public"."festivals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fact_corrections" ADD CONSTRAINT "fact_corrections_edition_id_festival_editions_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."festival_editions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fact_corrections" ADD CONSTRAINT "fact_corrections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fact_corrections" ADD CONSTRAINT "fact_corrections_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fact_corrections_pending_idx" ON "fact_corrections" USING btree ("created_at") WHERE "fact_corrections"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "fact_corrections_user_idx" ON "fact_corrections" USING btree ("user_id");