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
ALTER TABLE "festival_fact_sources" ADD CONSTRAINT "festival_fact_sources_festival_id_festivals_id_fk" FOREIGN KEY ("festival_id") REFERENCES "public"."festivals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "festival_fact_sources" ADD CONSTRAINT "festival_fact_sources_entered_by_users_id_fk" FOREIGN KEY ("entered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;