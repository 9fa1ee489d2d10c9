CREATE SEQUENCE "public"."content_version_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "artist_versions" (
	"artist_id" integer PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "festival_edition_versions" (
	"festival_id" integer PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "feed_tokens" ADD COLUMN "content_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Triggers are not modelled by drizzle-kit: written by hand (see festivalEditionVersionsTable in
-- db/schema/editions.ts, artistVersionsTable in db/schema/artists.ts and feed_tokens.content_version
-- in db/schema/favorites.ts). Statement-level with transition tables, as the list versions'
-- (migration 0002): one new number per festival, artist or feed and statement, however many rows
-- the statement wrote. Rows are taken in id order, so two statements never lock each other's
-- rows crosswise. A number from the sequence replaces the old one (no increment), so a row
-- written concurrently simply ends with the later number.
CREATE FUNCTION "bump_festival_edition_versions"(festival integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO festival_edition_versions AS v (festival_id, version)
  SELECT d.f, nextval('content_version_seq') FROM (SELECT DISTINCT f FROM unnest(festival) f WHERE f IS NOT NULL ORDER BY f) d
  ON CONFLICT (festival_id) DO UPDATE SET version = excluded.version;
$$;
--> statement-breakpoint
CREATE FUNCTION "bump_artist_versions"(artist integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO artist_versions AS v (artist_id, version)
  SELECT d.a, nextval('content_version_seq') FROM (SELECT DISTINCT a FROM unnest(artist) a WHERE a IS NOT NULL ORDER BY a) d
  ON CONFLICT (artist_id) DO UPDATE SET version = excluded.version;
$$;
--> statement-breakpoint
-- Private feeds of the users who favourited these festivals (or of these users): only users with
-- a feed token have a row, so a popular festival's change writes one row per subscribed calendar.
CREATE FUNCTION "bump_feed_versions"(festival integer[], owner integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE feed_tokens t SET content_version = nextval('content_version_seq')
  FROM (SELECT ft.user_id FROM feed_tokens ft
        WHERE ft.user_id = ANY(owner)
           OR ft.user_id IN (SELECT fv.user_id FROM favorites fv WHERE fv.festival_id = ANY(festival))
        ORDER BY ft.user_id FOR UPDATE OF ft) d
  WHERE t.user_id = d.user_id;
$$;
--> statement-breakpoint
-- Editions: their festival's editions answer and feeds; on an update, also the pages of the
-- artists on the edition's lineup (they show its year, dates and status). A deleted edition's
-- lineup entries go by cascade, and their own trigger bumps those artists. An update that changed
-- nothing bumps nothing.
CREATE FUNCTION "festival_editions_bump_versions"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  festival integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT festival_id) INTO festival FROM new_rows;
  ELSIF TG_OP = 'UPDATE' THEN
    IF NOT EXISTS (SELECT * FROM new_rows EXCEPT SELECT * FROM old_rows) THEN RETURN NULL; END IF;
    SELECT array_agg(DISTINCT f) INTO festival FROM (SELECT festival_id AS f FROM new_rows UNION SELECT festival_id FROM old_rows) d;
    PERFORM bump_artist_versions(array(SELECT le.artist_id FROM lineup_entries le WHERE le.edition_id IN (SELECT id FROM new_rows)));
  ELSE
    SELECT array_agg(DISTINCT festival_id) INTO festival FROM old_rows;
  END IF;
  PERFORM bump_festival_edition_versions(festival);
  PERFORM bump_feed_versions(festival, '{}');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Lineup entries: the artists named before and after, and the festivals of their editions (an
-- edition already deleted, in a cascade, is found gone: its own trigger bumped the festival).
CREATE FUNCTION "lineup_entries_bump_versions"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  festival integer[];
  artist integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT artist_id), array_agg(DISTINCT edition_id) INTO artist, festival FROM new_rows;
  ELSIF TG_OP = 'UPDATE' THEN
    SELECT array_agg(DISTINCT a), array_agg(DISTINCT e) INTO artist, festival
    FROM (SELECT artist_id AS a, edition_id AS e FROM new_rows UNION SELECT artist_id, edition_id FROM old_rows) d;
  ELSE
    SELECT array_agg(DISTINCT artist_id), array_agg(DISTINCT edition_id) INTO artist, festival FROM old_rows;
  END IF;
  -- festival holds edition ids until here.
  festival := array(SELECT DISTINCT e.festival_id FROM festival_editions e WHERE e.id = ANY(festival));
  PERFORM bump_artist_versions(artist);
  PERFORM bump_festival_edition_versions(festival);
  PERFORM bump_feed_versions(festival, '{}');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "edition_tickets_bump_versions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM bump_festival_edition_versions(array(SELECT e.festival_id FROM festival_editions e WHERE e.id IN (SELECT edition_id FROM old_rows)));
  ELSE
    PERFORM bump_festival_edition_versions(array(SELECT e.festival_id FROM festival_editions e WHERE e.id IN (SELECT edition_id FROM new_rows)));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Artists: their own page on any write (a new artist may have been asked for and found missing; a
-- deleted one must stop being served). A changed name or slug also shows in the editions answers
-- of every festival with them on a lineup, and a changed name in the feeds of those festivals.
CREATE FUNCTION "artists_bump_versions"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  renamed integer[];
  festival integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM bump_artist_versions(array(SELECT id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM bump_artist_versions(array(SELECT id FROM old_rows));
  ELSE
    PERFORM bump_artist_versions(array(SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE (n.*) IS DISTINCT FROM (o.*)));
    renamed := array(SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n.name IS DISTINCT FROM o.name OR n.slug IS DISTINCT FROM o.slug);
    IF cardinality(renamed) > 0 THEN
      festival := array(SELECT DISTINCT e.festival_id FROM lineup_entries le JOIN festival_editions e ON e.id = le.edition_id WHERE le.artist_id = ANY(renamed));
      PERFORM bump_festival_edition_versions(festival);
      PERFORM bump_feed_versions(festival, '{}');
    END IF;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "favorites_bump_feed_versions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM bump_feed_versions('{}', array(SELECT DISTINCT user_id FROM old_rows));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM bump_feed_versions('{}', array(SELECT user_id FROM new_rows UNION SELECT user_id FROM old_rows));
  ELSE
    PERFORM bump_feed_versions('{}', array(SELECT DISTINCT user_id FROM new_rows));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "festival_editions_versions_insert" AFTER INSERT ON "festival_editions" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION festival_editions_bump_versions();
--> statement-breakpoint
CREATE TRIGGER "festival_editions_versions_update" AFTER UPDATE ON "festival_editions" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION festival_editions_bump_versions();
--> statement-breakpoint
CREATE TRIGGER "festival_editions_versions_delete" AFTER DELETE ON "festival_editions" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION festival_editions_bump_versions();
--> statement-breakpoint
CREATE TRIGGER "lineup_entries_versions_insert" AFTER INSERT ON "lineup_entries" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION lineup_entries_bump_versions();
--> statement-breakpoint
CREATE TRIGGER "lineup_entries_versions_update" AFTER UPDATE ON "lineup_entries" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION lineup_entries_bump_versions();
--> statement-breakpoint
CREATE TRIGGER "lineup_entries_versions_delete" AFTER DELETE ON "lineup_entries" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION lineup_entries_bump_versions();
--> statement-breakpoint
CREATE TRIGGER "edition_tickets_versions_insert" AFTER INSERT ON "edition_tickets" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION edition_tickets_bump_versions();
--> statement-breakpoint
CREATE TRIGGER "edition_tickets_versions_update" AFTER UPDATE ON "edition_tickets" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION edition_tickets_bump_versions();
--> statement-breakpoint
CREATE TRIGGER "edition_tickets_versions_delete" AFTER DELETE ON "edition_tickets" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION edition_tickets_bump_versions();
--> statement-breakpoint
CREATE TRIGGER "artists_versions_insert" AFTER INSERT ON "artists" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION artists_bump_versions();
--> statement-breakpoint
CREATE TRIGGER "artists_versions_update" AFTER UPDATE ON "artists" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION artists_bump_versions();
--> statement-breakpoint
CREATE TRIGGER "artists_versions_delete" AFTER DELETE ON "artists" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION artists_bump_versions();
--> statement-breakpoint
CREATE TRIGGER "favorites_versions_insert" AFTER INSERT ON "favorites" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION favorites_bump_feed_versions();
--> statement-breakpoint
CREATE TRIGGER "favorites_versions_update" AFTER UPDATE ON "favorites" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION favorites_bump_feed_versions();
--> statement-breakpoint
CREATE TRIGGER "favorites_versions_delete" AFTER DELETE ON "favorites" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION favorites_bump_feed_versions();
