CREATE TABLE "timetables" (
	"user_id" integer NOT NULL,
	"festival_id" integer NOT NULL,
	"picks" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"share_token" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "timetables_user_id_festival_id_pk" PRIMARY KEY("user_id","festival_id"),
	CONSTRAINT "timetables_share_token_unique" UNIQUE("share_token"),
	CONSTRAINT "timetables_picks_count" CHECK (cardinality("timetables"."picks") <= 500)
);
--> statement-breakpoint
ALTER TABLE "timetables" ADD CONSTRAINT "timetables_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetables" ADD CONSTRAINT "timetables_festival_id_festivals_id_fk" FOREIGN KEY ("festival_id") REFERENCES "public"."festivals"("id") ON DELETE cascade ON UPDATE no action;