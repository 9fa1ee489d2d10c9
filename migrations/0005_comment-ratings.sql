CREATE TABLE "festival_ratings" (
	"festival_id" integer PRIMARY KEY NOT NULL,
	"ratings_count" integer DEFAULT 0 NOT NULL,
	"ratings_sum" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "festival_ratings_consistent" CHECK ("festival_ratings"."ratings_count" >= 0 and "festival_ratings"."ratings_sum" between "festival_ratings"."ratings_count" and 5 * "festival_ratings"."ratings_count")
);
--> statement-breakpoint
CREATE TABLE "festival_user_ratings" (
	"festival_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"comment_id" integer NOT NULL,
	"rating" smallint NOT NULL,
	CONSTRAINT "festival_user_ratings_festival_id_user_id_pk" PRIMARY KEY("festival_id","user_id"),
	CONSTRAINT "festival_user_ratings_rating_range" CHECK ("festival_user_ratings"."rating" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "festival_ratings" ADD CONSTRAINT "festival_ratings_festival_id_festivals_id_fk" FOREIGN KEY ("festival_id") REFERENCES "public"."festivals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "festival_user_ratings" ADD CONSTRAINT "festival_user_ratings_festival_id_festivals_id_fk" FOREIGN KEY ("festival_id") REFERENCES "public"."festivals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "comments_festival_approved_idx" ON "comments" USING btree ("festival_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "comments"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "comments_festival_author_idx" ON "comments" USING btree ("festival_id","user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);