ALTER TABLE "artists" ADD COLUMN "festival_dates" date[] DEFAULT '{}'::date[] NOT NULL;--> statement-breakpoint
-- Triggers are not modelled by drizzle-kit: written by hand (see artistsTable.festivalDates in
-- db/schema/artists.ts). For each artist a statement touched: the last day (end, else start) of
-- every approved festival with them on any edition's lineup, one date per festival, in order.
-- Only rows whose dates changed are written.
CREATE FUNCTION "refresh_artists_festival_dates"(artist integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE artists a SET festival_dates = d.dates
  FROM (SELECT x.id,
          coalesce((SELECT array_agg(l.last ORDER BY l.last) FROM (
            SELECT max(coalesce(e.end_date, e.start_date)) AS last FROM lineup_entries le
            JOIN festival_editions e ON e.id = le.edition_id
            JOIN festivals f ON f.id = e.festival_id AND f.status = 'approved'
            WHERE le.artist_id = x.id GROUP BY e.festival_id) l WHERE l.last IS NOT NULL), '{}'::date[]) AS dates
        FROM (SELECT DISTINCT id FROM unnest(artist) id WHERE id IS NOT NULL ORDER BY id) x) d
  WHERE a.id = d.id AND a.festival_dates IS DISTINCT FROM d.dates;
$$;
--> statement-breakpoint
CREATE FUNCTION "lineup_entries_refresh_artists_festival_dates"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM refresh_artists_festival_dates(array(SELECT artist_id FROM new_rows));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM refresh_artists_festival_dates(array(SELECT artist_id FROM new_rows UNION SELECT artist_id FROM old_rows));
  ELSE
    PERFORM refresh_artists_festival_dates(array(SELECT artist_id FROM old_rows));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- An edition's dates changed (or it moved to another festival): the artists on its lineup. A
-- deleted edition's entries go by cascade, and their own trigger refreshes those artists.
CREATE FUNCTION "festival_editions_refresh_artists_festival_dates"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_artists_festival_dates(array(
    SELECT le.artist_id FROM lineup_entries le
    WHERE le.edition_id IN (SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE n.start_date IS DISTINCT FROM o.start_date OR n.end_date IS DISTINCT FROM o.end_date OR n.festival_id IS DISTINCT FROM o.festival_id)));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- A festival approved, rejected or sent back to pending: the artists of its lineups.
CREATE FUNCTION "festivals_refresh_artists_festival_dates"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_artists_festival_dates(array(
    SELECT le.artist_id FROM lineup_entries le JOIN festival_editions e ON e.id = le.edition_id
    WHERE e.festival_id IN (SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n.status IS DISTINCT FROM o.status)));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "lineup_entries_artists_festival_dates_insert" AFTER INSERT ON "lineup_entries" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION lineup_entries_refresh_artists_festival_dates();
--> statement-breakpoint
CREATE TRIGGER "lineup_entries_artists_festival_dates_update" AFTER UPDATE ON "lineup_entries" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION lineup_entries_refresh_artists_festival_dates();
--> statement-breakpoint
CREATE TRIGGER "lineup_entries_artists_festival_dates_delete" AFTER DELETE ON "lineup_entries" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION lineup_entries_refresh_artists_festival_dates();
--> statement-breakpoint
CREATE TRIGGER "festival_editions_artists_festival_dates_update" AFTER UPDATE ON "festival_editions" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION festival_editions_refresh_artists_festival_dates();
--> statement-breakpoint
CREATE TRIGGER "festivals_artists_festival_dates_update" AFTER UPDATE ON "festivals" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION festivals_refresh_artists_festival_dates();
--> statement-breakpoint
-- Artists already stored: the same rule once for all.
SELECT refresh_artists_festival_dates(array(SELECT id FROM artists));
