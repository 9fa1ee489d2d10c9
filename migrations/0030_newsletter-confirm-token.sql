ALTER TABLE "newsletter_subscriptions" ADD COLUMN "confirm_token" uuid DEFAULT gen_random_uuid();--> statement-breakpoint
ALTER TABLE "newsletter_subscriptions" ADD COLUMN "confirm_expires_at" timestamp with time zone DEFAULT now() + interval '7 days';--> statement-breakpoint
ALTER TABLE "newsletter_subscriptions" ADD CONSTRAINT "newsletter_subscriptions_confirm_token_unique" UNIQUE("confirm_token");--> statement-breakpoint
-- Links already mailed keep working for what is left of their week; confirmed addresses need none.
UPDATE "newsletter_subscriptions" SET "confirm_token" = "token", "confirm_expires_at" = "created_at" + interval '7 days' WHERE "confirmed_at" IS NULL;--> statement-breakpoint
UPDATE "newsletter_subscriptions" SET "confirm_token" = NULL, "confirm_expires_at" = NULL WHERE "confirmed_at" IS NOT NULL;
