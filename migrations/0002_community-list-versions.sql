CREATE TABLE "festival_list_versions" (
	"festival_id" integer PRIMARY KEY NOT NULL,
	"comments_version" bigint DEFAULT 0 NOT NULL,
	"media_version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Triggers are not modelled by drizzle-kit: written by hand (see festivalListVersionsTable in db/schema.ts).
CREATE FUNCTION "bump_festival_list_version"(festival integer, comments boolean) RETURNS void LANGUAGE sql AS $$
  INSERT INTO festival_list_versions AS v (festival_id, comments_version, media_version)
  VALUES (festival, CASE WHEN comments THEN 1 ELSE 0 END, CASE WHEN comments THEN 0 ELSE 1 END)
  ON CONFLICT (festival_id) DO UPDATE SET
    comments_version = v.comments_version + CASE WHEN comments THEN 1 ELSE 0 END,
    media_version = v.media_version + CASE WHEN comments THEN 0 ELSE 1 END;
$$;
--> statement-breakpoint
CREATE FUNCTION "comments_bump_list_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM bump_festival_list_version(OLD.festival_id, true);
  END IF;
  IF TG_OP = 'INSERT' THEN
    PERFORM bump_festival_list_version(NEW.festival_id, true);
  ELSIF TG_OP = 'UPDATE' AND NEW.festival_id <> OLD.festival_id THEN
    PERFORM bump_festival_list_version(NEW.festival_id, true);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "media_bump_list_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM bump_festival_list_version(OLD.festival_id, false);
  END IF;
  IF TG_OP = 'INSERT' THEN
    PERFORM bump_festival_list_version(NEW.festival_id, false);
  ELSIF TG_OP = 'UPDATE' AND NEW.festival_id <> OLD.festival_id THEN
    PERFORM bump_festival_list_version(NEW.festival_id, false);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "media_votes_bump_list_version"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  voted integer;
BEGIN
  IF TG_OP = 'DELETE' THEN
    voted := OLD.media_id;
  ELSE
    voted := NEW.media_id;
  END IF;
  -- When the item itself is being deleted it is already gone here, and its own trigger bumped the list.
  PERFORM bump_festival_list_version(m.festival_id, false) FROM media m WHERE m.id = voted;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "comments_list_version" AFTER INSERT OR UPDATE OR DELETE ON "comments" FOR EACH ROW EXECUTE FUNCTION comments_bump_list_version();
--> statement-breakpoint
CREATE TRIGGER "media_list_version" AFTER INSERT OR UPDATE OR DELETE ON "media" FOR EACH ROW EXECUTE FUNCTION media_bump_list_version();
--> statement-breakpoint
CREATE TRIGGER "media_votes_list_version" AFTER INSERT OR UPDATE OR DELETE ON "media_votes" FOR EACH ROW EXECUTE FUNCTION media_votes_bump_list_version();
