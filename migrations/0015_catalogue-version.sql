CREATE TABLE "catalogue_version" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "catalogue_version_single_row" CHECK ("catalogue_version"."id" = 1)
);
--> statement-breakpoint
INSERT INTO "catalogue_version" ("id", "version") VALUES (1, 0);
--> statement-breakpoint
-- Triggers are not modelled by drizzle-kit: written by hand (see catalogueVersionTable in db/schema.ts).
-- Statement-level, one bump per statement however many rows it writes, and none for a statement
-- that changed nothing (the rating triggers upsert festival_ratings with DO NOTHING on every
-- comment, and lock it with SELECT FOR UPDATE): a bump makes every instance read the catalogue
-- again. Transition tables need one trigger per event. The upsert survives a removed row.
CREATE FUNCTION "bump_catalogue_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NOT EXISTS (SELECT 1 FROM new_rows) THEN RETURN NULL; END IF;
  ELSIF TG_OP = 'UPDATE' THEN
    IF NOT EXISTS (SELECT * FROM new_rows EXCEPT SELECT * FROM old_rows) THEN RETURN NULL; END IF;
  ELSIF TG_OP = 'DELETE' THEN
    IF NOT EXISTS (SELECT 1 FROM old_rows) THEN RETURN NULL; END IF;
  END IF;
  INSERT INTO catalogue_version AS v (id, version) VALUES (1, 1)
  ON CONFLICT (id) DO UPDATE SET version = v.version + 1;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "festivals_catalogue_version_insert" AFTER INSERT ON "festivals" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();
--> statement-breakpoint
CREATE TRIGGER "festivals_catalogue_version_update" AFTER UPDATE ON "festivals" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();
--> statement-breakpoint
CREATE TRIGGER "festivals_catalogue_version_delete" AFTER DELETE ON "festivals" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();
--> statement-breakpoint
CREATE TRIGGER "festivals_catalogue_version_truncate" AFTER TRUNCATE ON "festivals" FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();
--> statement-breakpoint
CREATE TRIGGER "festival_genres_catalogue_version_insert" AFTER INSERT ON "festival_genres" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();
--> statement-breakpoint
CREATE TRIGGER "festival_genres_catalogue_version_update" AFTER UPDATE ON "festival_genres" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();
--> statement-breakpoint
CREATE TRIGGER "festival_genres_catalogue_version_delete" AFTER DELETE ON "festival_genres" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();
--> statement-breakpoint
CREATE TRIGGER "festival_genres_catalogue_version_truncate" AFTER TRUNCATE ON "festival_genres" FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();
--> statement-breakpoint
CREATE TRIGGER "genres_catalogue_version_insert" AFTER INSERT ON "genres" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();
--> statement-breakpoint
CREATE TRIGGER "genres_catalogue_version_update" AFTER UPDATE ON "genres" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();
--> statement-breakpoint
CREATE TRIGGER "genres_catalogue_version_delete" AFTER DELETE ON "genres" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();
--> statement-breakpoint
CREATE TRIGGER "genres_catalogue_version_truncate" AFTER TRUNCATE ON "genres" FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();
--> statement-breakpoint
CREATE TRIGGER "festival_ratings_catalogue_version_insert" AFTER INSERT ON "festival_ratings" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();
--> statement-breakpoint
CREATE TRIGGER "festival_ratings_catalogue_version_update" AFTER UPDATE ON "festival_ratings" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();
--> statement-breakpoint
CREATE TRIGGER "festival_ratings_catalogue_version_delete" AFTER DELETE ON "festival_ratings" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();
--> statement-breakpoint
CREATE TRIGGER "festival_ratings_catalogue_version_truncate" AFTER TRUNCATE ON "festival_ratings" FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();
