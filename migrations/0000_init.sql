CREATE TABLE "audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"actor_id" integer,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" integer,
	"details" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"festival_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"content" text NOT NULL,
	"rating" smallint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "comments_content_length" CHECK (char_length("comments"."content") between 1 and 300),
	CONSTRAINT "comments_rating_range" CHECK ("comments"."rating" between 1 and 5),
	CONSTRAINT "comments_status_check" CHECK ("comments"."status" in ('pending', 'approved'))
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"subject" text NOT NULL,
	"category" text,
	"message" text NOT NULL,
	"user_id" integer,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_messages_category_check" CHECK ("contact_messages"."category" is null or "contact_messages"."category" in ('general', 'festivals', 'partnership', 'support', 'business', 'press')),
	CONSTRAINT "contact_messages_name_length" CHECK (char_length("contact_messages"."name") between 1 and 200),
	CONSTRAINT "contact_messages_subject_length" CHECK (char_length("contact_messages"."subject") between 1 and 200),
	CONSTRAINT "contact_messages_message_length" CHECK (char_length("contact_messages"."message") between 1 and 5000)
);
--> statement-breakpoint
CREATE TABLE "favorites" (
	"user_id" integer NOT NULL,
	"festival_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favorites_user_id_festival_id_pk" PRIMARY KEY("user_id","festival_id")
);
--> statement-breakpoint
CREATE TABLE "festival_genres" (
	"festival_id" integer NOT NULL,
	"genre_id" integer NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "festival_genres_festival_id_genre_id_pk" PRIMARY KEY("festival_id","genre_id")
);
--> statement-breakpoint
CREATE TABLE "festivals" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"dedupe_key" text NOT NULL,
	"description" text,
	"location" text,
	"address" text,
	"start_date" date,
	"end_date" date,
	"website" text,
	"image_url" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"geocoded_from" text,
	"geocoded_at" timestamp with time zone,
	"transportation" text,
	"parking_info" text,
	"accommodation" text,
	"proposed_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "festivals_status_check" CHECK ("festivals"."status" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "festivals_name_length" CHECK (char_length("festivals"."name") between 1 and 200),
	CONSTRAINT "festivals_description_length" CHECK (char_length("festivals"."description") <= 20000),
	CONSTRAINT "festivals_dates_order" CHECK ("festivals"."end_date" is null or "festivals"."start_date" is null or "festivals"."end_date" >= "festivals"."start_date"),
	CONSTRAINT "festivals_latitude_range" CHECK ("festivals"."latitude" between -90 and 90),
	CONSTRAINT "festivals_longitude_range" CHECK ("festivals"."longitude" between -180 and 180),
	CONSTRAINT "festivals_coordinates_pair" CHECK (("festivals"."latitude" is null) = ("festivals"."longitude" is null))
);
--> statement-breakpoint
CREATE TABLE "genres" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "genres_name_length" CHECK (char_length("genres"."name") between 1 and 50)
);
--> statement-breakpoint
CREATE TABLE "media_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"media_id" integer NOT NULL,
	"user_id" integer,
	"reason" text NOT NULL,
	"details" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_reports_reason_check" CHECK ("media_reports"."reason" in ('Violencia', 'Contenido sexual', 'Spam/publicidad', 'Copyright', 'Otro')),
	CONSTRAINT "media_reports_details_length" CHECK (char_length("media_reports"."details") <= 1000)
);
--> statement-breakpoint
CREATE TABLE "media" (
	"id" serial PRIMARY KEY NOT NULL,
	"festival_id" integer NOT NULL,
	"user_id" integer,
	"comment_id" integer,
	"type" text DEFAULT 'image' NOT NULL,
	"url" text NOT NULL,
	"storage_key" text,
	"caption" text,
	"comment" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"hidden_at" timestamp with time zone,
	"reviewed_at" timestamp with time zone,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_type_check" CHECK ("media"."type" in ('image', 'video')),
	CONSTRAINT "media_status_check" CHECK ("media"."status" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "media_url_length" CHECK (char_length("media"."url") between 1 and 2048),
	CONSTRAINT "media_caption_length" CHECK (char_length("media"."caption") <= 300),
	CONSTRAINT "media_comment_length" CHECK (char_length("media"."comment") <= 300)
);
--> statement-breakpoint
CREATE TABLE "media_votes" (
	"media_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"rating" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_votes_media_id_user_id_pk" PRIMARY KEY("media_id","user_id"),
	CONSTRAINT "media_votes_rating_range" CHECK ("media_votes"."rating" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "newsletter_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "newsletter_email_length" CHECK (char_length("newsletter_subscriptions"."email") <= 254)
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"type" text NOT NULL,
	"message" text NOT NULL,
	"read" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notifications_type_check" CHECK ("notifications"."type" in ('festival', 'media'))
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"bucket" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "rate_limits_bucket_window_start_pk" PRIMARY KEY("bucket","window_start")
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"user_id" integer,
	"festival_id" integer,
	"purpose" text NOT NULL,
	"content_type" text NOT NULL,
	"content_length" integer NOT NULL,
	"status" text DEFAULT 'issued' NOT NULL,
	"media_id" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uploads_key_unique" UNIQUE("key"),
	CONSTRAINT "uploads_purpose_check" CHECK ("uploads"."purpose" in ('gallery', 'festival', 'admin')),
	CONSTRAINT "uploads_status_check" CHECK ("uploads"."status" in ('issued', 'confirmed')),
	CONSTRAINT "uploads_content_length_range" CHECK ("uploads"."content_length" between 1024 and 5242880)
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"google_sub" text,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"avatar_url" text,
	"role" text DEFAULT 'user' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_google_sub_unique" UNIQUE("google_sub"),
	CONSTRAINT "users_role_check" CHECK ("users"."role" in ('user', 'admin')),
	CONSTRAINT "users_name_length" CHECK (char_length("users"."name") between 1 and 200)
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_festival_id_festivals_id_fk" FOREIGN KEY ("festival_id") REFERENCES "public"."festivals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_festival_id_festivals_id_fk" FOREIGN KEY ("festival_id") REFERENCES "public"."festivals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "festival_genres" ADD CONSTRAINT "festival_genres_festival_id_festivals_id_fk" FOREIGN KEY ("festival_id") REFERENCES "public"."festivals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "festival_genres" ADD CONSTRAINT "festival_genres_genre_id_genres_id_fk" FOREIGN KEY ("genre_id") REFERENCES "public"."genres"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "festivals" ADD CONSTRAINT "festivals_proposed_by_users_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_reports" ADD CONSTRAINT "media_reports_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_reports" ADD CONSTRAINT "media_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_festival_id_festivals_id_fk" FOREIGN KEY ("festival_id") REFERENCES "public"."festivals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_comment_id_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_votes" ADD CONSTRAINT "media_votes_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_votes" ADD CONSTRAINT "media_votes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_festival_id_festivals_id_fk" FOREIGN KEY ("festival_id") REFERENCES "public"."festivals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity","entity_id");--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "comments_festival_created_idx" ON "comments" USING btree ("festival_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "comments_pending_idx" ON "comments" USING btree ("created_at") WHERE "comments"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "comments_user_idx" ON "comments" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "contact_messages_created_idx" ON "contact_messages" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "favorites_festival_idx" ON "favorites" USING btree ("festival_id");--> statement-breakpoint
CREATE INDEX "festival_genres_genre_idx" ON "festival_genres" USING btree ("genre_id");--> statement-breakpoint
CREATE UNIQUE INDEX "festivals_dedupe_active_key" ON "festivals" USING btree ("dedupe_key") WHERE "festivals"."status" in ('pending', 'approved');--> statement-breakpoint
CREATE INDEX "festivals_status_start_idx" ON "festivals" USING btree ("status","start_date");--> statement-breakpoint
CREATE INDEX "festivals_proposed_by_idx" ON "festivals" USING btree ("proposed_by");--> statement-breakpoint
CREATE UNIQUE INDEX "genres_name_key" ON "genres" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "media_reports_media_idx" ON "media_reports" USING btree ("media_id");--> statement-breakpoint
CREATE INDEX "media_reports_created_idx" ON "media_reports" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "media_festival_public_idx" ON "media" USING btree ("festival_id","uploaded_at" DESC NULLS LAST) WHERE "media"."status" = 'approved' and "media"."hidden_at" is null;--> statement-breakpoint
CREATE INDEX "media_pending_idx" ON "media" USING btree ("uploaded_at") WHERE "media"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "media_user_idx" ON "media" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "media_votes_user_idx" ON "media_votes" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_email_key" ON "newsletter_subscriptions" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "rate_limits_window_idx" ON "rate_limits" USING btree ("window_start");--> statement-breakpoint
CREATE INDEX "uploads_user_idx" ON "uploads" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree (lower("email"));