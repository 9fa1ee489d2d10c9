ALTER TABLE "artists" ADD COLUMN "is_public" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE INDEX "lineup_entries_starts_at_idx" ON "lineup_entries" USING btree ("starts_at") WHERE "lineup_entries"."starts_at" is not null;--> statement-breakpoint
CREATE INDEX "timetables_festival_idx" ON "timetables" USING btree ("festival_id");--> statement-breakpoint
-- Triggers are not modelled by drizzle-kit: written by hand (see artistsTable.isPublic in
-- db/schema/artists.ts). The rule the API shows artists by, once per artist a statement touched:
-- on an approved festival's lineup, or on no lineup at all. Only rows whose answer changed are
-- written (each such write moves the artist's page version, migration lineup-versions).
CREATE FUNCTION "refresh_artists_public"(artist integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE artists a SET is_public = p.public
  FROM (SELECT x.id,
          EXISTS (SELECT 1 FROM lineup_entries le JOIN festival_editions e ON e.id = le.edition_id
                  JOIN festivals f ON f.id = e.festival_id WHERE le.artist_id = x.id AND f.status = 'approved')
          OR NOT EXISTS (SELECT 1 FROM lineup_entries le WHERE le.artist_id = x.id) AS public
        FROM (SELECT DISTINCT id FROM unnest(artist) id WHERE id IS NOT NULL ORDER BY id) x) p
  WHERE a.id = p.id AND a.is_public IS DISTINCT FROM p.public;
$$;
--> statement-breakpoint
CREATE FUNCTION "lineup_entries_refresh_artists_public"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM refresh_artists_public(array(SELECT artist_id FROM new_rows));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM refresh_artists_public(array(SELECT artist_id FROM new_rows UNION SELECT artist_id FROM old_rows));
  ELSE
    PERFORM refresh_artists_public(array(SELECT artist_id FROM old_rows));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- A festival approved, rejected or sent back to pending: the artists of its lineups. A deleted
-- festival's lineup entries go by cascade, and their own trigger refreshes those artists.
CREATE FUNCTION "festivals_refresh_artists_public"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_artists_public(array(
    SELECT le.artist_id FROM lineup_entries le JOIN festival_editions e ON e.id = le.edition_id
    WHERE e.festival_id IN (SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n.status IS DISTINCT FROM o.status)));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "lineup_entries_artists_public_insert" AFTER INSERT ON "lineup_entries" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION lineup_entries_refresh_artists_public();
--> statement-breakpoint
CREATE TRIGGER "lineup_entries_artists_public_update" AFTER UPDATE ON "lineup_entries" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION lineup_entries_refresh_artists_public();
--> statement-breakpoint
CREATE TRIGGER "lineup_entries_artists_public_delete" AFTER DELETE ON "lineup_entries" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION lineup_entries_refresh_artists_public();
--> statement-breakpoint
CREATE TRIGGER "festivals_artists_public_update" AFTER UPDATE ON "festivals" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION festivals_refresh_artists_public();
--> statement-breakpoint
-- Artists already stored: the same rule once for all.
SELECT refresh_artists_public(array(SELECT id FROM artists));
