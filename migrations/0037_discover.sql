CREATE TABLE "festival_similar_dirty" (
	"festival_id" integer PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "festival_similar" (
	"festival_id" integer NOT NULL,
	"similar_id" integer NOT NULL,
	"score" real NOT NULL,
	"artist_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"genres" text[] DEFAULT '{}'::text[] NOT NULL,
	"distance_km" real,
	CONSTRAINT "festival_similar_festival_id_similar_id_pk" PRIMARY KEY("festival_id","similar_id")
);
--> statement-breakpoint
CREATE TABLE "festival_similar_versions" (
	"festival_id" integer PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recommendation_dismissals" (
	"user_id" integer NOT NULL,
	"festival_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recommendation_dismissals_user_id_festival_id_pk" PRIMARY KEY("user_id","festival_id")
);
--> statement-breakpoint
ALTER TABLE "artists" ADD COLUMN "youtube" text;--> statement-breakpoint
ALTER TABLE "festival_similar" ADD CONSTRAINT "festival_similar_festival_id_festivals_id_fk" FOREIGN KEY ("festival_id") REFERENCES "public"."festivals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "festival_similar" ADD CONSTRAINT "festival_similar_similar_id_festivals_id_fk" FOREIGN KEY ("similar_id") REFERENCES "public"."festivals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recommendation_dismissals" ADD CONSTRAINT "recommendation_dismissals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recommendation_dismissals" ADD CONSTRAINT "recommendation_dismissals_festival_id_festivals_id_fk" FOREIGN KEY ("festival_id") REFERENCES "public"."festivals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "festival_similar_similar_idx" ON "festival_similar" USING btree ("similar_id");--> statement-breakpoint
CREATE INDEX "recommendation_dismissals_festival_idx" ON "recommendation_dismissals" USING btree ("festival_id");--> statement-breakpoint
ALTER TABLE "artists" ADD CONSTRAINT "artists_youtube_url" CHECK ("artists"."youtube" is null or ("artists"."youtube" ~* '^https?://' and char_length("artists"."youtube") <= 500));