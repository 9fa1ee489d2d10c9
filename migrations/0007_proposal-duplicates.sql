DROP INDEX "festivals_dedupe_active_key";--> statement-breakpoint
CREATE UNIQUE INDEX "festivals_dedupe_approved_key" ON "festivals" USING btree ("dedupe_key") WHERE "festivals"."status" = 'approved';--> statement-breakpoint
CREATE UNIQUE INDEX "festivals_dedupe_proposer_key" ON "festivals" USING btree ("proposed_by","dedupe_key") WHERE "festivals"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "festivals_dedupe_active_idx" ON "festivals" USING btree ("dedupe_key") WHERE "festivals"."status" in ('pending', 'approved');