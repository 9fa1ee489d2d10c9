CREATE TABLE "festival_list_versions" (
	"festival_id" integer PRIMARY KEY NOT NULL,
	"comments_version" bigint DEFAULT 0 NOT NULL,
	"media_version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Triggers are not modelled by drizzle-kit: written by hand (see festivalListVersionsTable in db/schema.ts).
-- Statement-level with transition tables: one bump per festival and statement, however many rows
-- it touches (row-level bumps of one row, thousands of times in one transaction, grow quadratically).
CREATE FUNCTION "bump_festival_list_version"(festival integer, comments boolean) RETURNS void LANGUAGE sql AS $$
  INSERT INTO festival_list_versions AS v (festival_id, comments_version, media_version)
  VALUES (festival, CASE WHEN comments THEN 1 ELSE 0 END, CASE WHEN comments THEN 0 ELSE 1 END)
  ON CONFLICT (festival_id) DO UPDATE SET
    comments_version = v.comments_version + CASE WHEN comments THEN 1 ELSE 0 END,
    media_version = v.media_version + CASE WHEN comments THEN 0 ELSE 1 END;
$$;
--> statement-breakpoint
CREATE FUNCTION "festival_rows_bump_list_version"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  comments boolean := TG_TABLE_NAME = 'comments';
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM bump_festival_list_version(d.f, comments) FROM (SELECT DISTINCT festival_id AS f FROM new_rows) d;
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM bump_festival_list_version(d.f, comments) FROM (SELECT festival_id AS f FROM new_rows UNION SELECT festival_id FROM old_rows) d;
  ELSE
    PERFORM bump_festival_list_version(d.f, comments) FROM (SELECT DISTINCT festival_id AS f FROM old_rows) d;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "media_votes_bump_list_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Votes deleted with their item find it gone here; the item's own trigger bumped the list.
  IF TG_OP = 'DELETE' THEN
    PERFORM bump_festival_list_version(d.f, false)
    FROM (SELECT DISTINCT m.festival_id AS f FROM media m WHERE m.id IN (SELECT media_id FROM old_rows)) d;
  ELSE
    PERFORM bump_festival_list_version(d.f, false)
    FROM (SELECT DISTINCT m.festival_id AS f FROM media m WHERE m.id IN (SELECT media_id FROM new_rows)) d;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "comments_list_version_insert" AFTER INSERT ON "comments" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION festival_rows_bump_list_version();
--> statement-breakpoint
CREATE TRIGGER "comments_list_version_update" AFTER UPDATE ON "comments" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION festival_rows_bump_list_version();
--> statement-breakpoint
CREATE TRIGGER "comments_list_version_delete" AFTER DELETE ON "comments" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION festival_rows_bump_list_version();
--> statement-breakpoint
CREATE TRIGGER "media_list_version_insert" AFTER INSERT ON "media" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION festival_rows_bump_list_version();
--> statement-breakpoint
CREATE TRIGGER "media_list_version_update" AFTER UPDATE ON "media" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION festival_rows_bump_list_version();
--> statement-breakpoint
CREATE TRIGGER "media_list_version_delete" AFTER DELETE ON "media" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION festival_rows_bump_list_version();
--> statement-breakpoint
CREATE TRIGGER "media_votes_list_version_insert" AFTER INSERT ON "media_votes" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION media_votes_bump_list_version();
--> statement-breakpoint
CREATE TRIGGER "media_votes_list_version_update" AFTER UPDATE ON "media_votes" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION media_votes_bump_list_version();
--> statement-breakpoint
CREATE TRIGGER "media_votes_list_version_delete" AFTER DELETE ON "media_votes" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION media_votes_bump_list_version();
