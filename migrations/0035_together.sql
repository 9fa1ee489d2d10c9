CREATE TABLE "festival_attendance_counts" (
	"festival_id" integer PRIMARY KEY NOT NULL,
	"going_count" integer DEFAULT 0 NOT NULL,
	"interested_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "festival_attendance_counts_not_negative" CHECK ("festival_attendance_counts"."going_count" >= 0 and "festival_attendance_counts"."interested_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "festival_attendance" (
	"user_id" integer NOT NULL,
	"festival_id" integer NOT NULL,
	"status" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "festival_attendance_user_id_festival_id_pk" PRIMARY KEY("user_id","festival_id"),
	CONSTRAINT "festival_attendance_status_check" CHECK ("festival_attendance"."status" in ('going', 'interested'))
);
--> statement-breakpoint
CREATE TABLE "plan_meeting_points" (
	"id" serial PRIMARY KEY NOT NULL,
	"plan_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"note" text NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plan_meeting_points_note_length" CHECK (char_length("plan_meeting_points"."note") between 1 and 200),
	CONSTRAINT "plan_meeting_points_coordinates_pair" CHECK (("plan_meeting_points"."latitude" is null) = ("plan_meeting_points"."longitude" is null)),
	CONSTRAINT "plan_meeting_points_latitude_range" CHECK ("plan_meeting_points"."latitude" between -90 and 90),
	CONSTRAINT "plan_meeting_points_longitude_range" CHECK ("plan_meeting_points"."longitude" between -180 and 180)
);
--> statement-breakpoint
CREATE TABLE "plan_members" (
	"plan_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"notify" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plan_members_plan_id_user_id_pk" PRIMARY KEY("plan_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"festival_id" integer NOT NULL,
	"edition_id" integer,
	"owner_id" integer NOT NULL,
	"name" text NOT NULL,
	"invite_token" uuid DEFAULT gen_random_uuid() NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plans_invite_token_unique" UNIQUE("invite_token"),
	CONSTRAINT "plans_name_length" CHECK (char_length("plans"."name") between 1 and 80)
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_type_check";--> statement-breakpoint
ALTER TABLE "festival_attendance_counts" ADD CONSTRAINT "festival_attendance_counts_festival_id_festivals_id_fk" FOREIGN KEY ("festival_id") REFERENCES "public"."festivals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "festival_attendance" ADD CONSTRAINT "festival_attendance_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "festival_attendance" ADD CONSTRAINT "festival_attendance_festival_id_festivals_id_fk" FOREIGN KEY ("festival_id") REFERENCES "public"."festivals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_meeting_points" ADD CONSTRAINT "plan_meeting_points_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_meeting_points" ADD CONSTRAINT "plan_meeting_points_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_members" ADD CONSTRAINT "plan_members_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_members" ADD CONSTRAINT "plan_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_festival_id_festivals_id_fk" FOREIGN KEY ("festival_id") REFERENCES "public"."festivals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_edition_id_festival_editions_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."festival_editions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "festival_attendance_festival_idx" ON "festival_attendance" USING btree ("festival_id","status");--> statement-breakpoint
CREATE INDEX "plan_meeting_points_plan_idx" ON "plan_meeting_points" USING btree ("plan_id");--> statement-breakpoint
CREATE INDEX "plan_meeting_points_user_idx" ON "plan_meeting_points" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "plan_members_user_idx" ON "plan_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "plans_owner_idx" ON "plans" USING btree ("owner_id");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_type_check" CHECK (type in ('festival', 'media', 'festival_dates', 'festival_cancelled', 'lineup', 'tickets_on_sale', 'sold_out', 'reminder', 'artist_booked', 'saved_search', 'organizer', 'festival_update', 'set_change', 'price_rise', 'plan'));