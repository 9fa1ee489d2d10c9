-- What GET /api/festivals/{id} adds to a festival, built by the database and kept beside the
-- version of the festival's editions (festival_edition_versions.fields): every trigger that gives a
-- festival a new editions version (editions, lineups, tickets, an artist's rename: migration
-- lineup-versions) now writes the fields with it, and two more call it when what the fields show
-- changes elsewhere: which edition is current (festivals.current_edition_id, moved by the edition
-- triggers and the daily refresh) and the rating of a year (approved comments naming it). A festival
-- nobody asked for before is then one primary-key read instead of three queries.
-- The JSON is what the server's mapping gave: the same keys in the same order, instants as
-- JavaScript's toISOString writes them, prices as numbers, a year's rating rounded to 2 decimals.
CREATE FUNCTION "festival_edition_fields"(festival integer) RETURNS json LANGUAGE sql STABLE AS $$
  WITH f AS (SELECT current_edition_id AS current FROM festivals WHERE id = festival),
  e AS (
    SELECT e.id, e.year, e.start_date, e.end_date, e.status, e.id = (SELECT current FROM f) AS is_current,
      coalesce(r.average_rating, 0) AS average_rating, coalesce(r.ratings_count, 0) AS ratings_count
    FROM festival_editions e
    -- Each author counts once in a year: their newest approved comment naming it.
    LEFT JOIN LATERAL (
      SELECT round(avg(u.rating)::numeric, 2)::float8 AS average_rating, count(*)::int AS ratings_count
      FROM (SELECT DISTINCT ON (c.user_id) c.rating FROM comments c
            WHERE c.festival_id = e.festival_id AND c.status = 'approved' AND c.edition_year = e.year
            ORDER BY c.user_id, c.created_at DESC, c.id DESC) u
    ) r ON true
    WHERE e.festival_id = festival
  )
  SELECT json_build_object(
    'edition', (SELECT json_build_object('id', e.id, 'year', e.year, 'status', e.status) FROM e WHERE e.is_current),
    'lineup', coalesce((
      SELECT json_agg(json_build_object(
          'id', le.id,
          'artist', json_build_object('id', a.id, 'name', a.name, 'slug', a.slug),
          'billing', le.billing, 'day', le.day, 'stage', le.stage,
          'starts_at', to_char(le.starts_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
          'ends_at', to_char(le.ends_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
          'live_status', coalesce(le.live_status, 'on_time'), 'delay_minutes', coalesce(le.delay_minutes, 0)
        ) ORDER BY le.position)
      FROM lineup_entries le JOIN artists a ON a.id = le.artist_id
      WHERE le.edition_id = (SELECT current FROM f)), '[]'::json),
    'tickets', (
      SELECT json_build_object(
          'price_from', t.price_from::float8, 'price_to', t.price_to::float8, 'currency', t.currency,
          'ticket_url', t.ticket_url,
          'on_sale_at', to_char(t.on_sale_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
          'sold_out', t.sold_out)
      FROM edition_tickets t WHERE t.edition_id = (SELECT current FROM f)),
    'editions', coalesce((
      SELECT json_agg(json_build_object(
          'id', e.id, 'year', e.year, 'start_date', e.start_date, 'end_date', e.end_date, 'status', e.status,
          'averageRating', e.average_rating, 'ratingsCount', e.ratings_count
        ) ORDER BY e.year DESC)
      FROM e), '[]'::json)
  );
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "bump_festival_edition_versions"(festival integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO festival_edition_versions AS v (festival_id, version, fields)
  SELECT d.f, nextval('content_version_seq'), festival_edition_fields(d.f)
  FROM (SELECT DISTINCT f FROM unnest(festival) f WHERE f IS NOT NULL ORDER BY f) d
  ON CONFLICT (festival_id) DO UPDATE SET version = excluded.version, fields = excluded.fields;
$$;
--> statement-breakpoint
-- Which edition is current: the fields show its lineup and tickets.
CREATE FUNCTION "festivals_current_edition_bump_fields"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_festival_edition_versions(array(
    SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n.current_edition_id IS DISTINCT FROM o.current_edition_id));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "festivals_current_edition_fields" AFTER UPDATE ON "festivals" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION festivals_current_edition_bump_fields();
--> statement-breakpoint
-- A year's rating: approved comments that name a year, before or after the statement.
CREATE FUNCTION "comments_bump_edition_fields"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM bump_festival_edition_versions(array(
      SELECT festival_id FROM new_rows WHERE status = 'approved' AND edition_year IS NOT NULL));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM bump_festival_edition_versions(array(
      SELECT festival_id FROM new_rows WHERE status = 'approved' AND edition_year IS NOT NULL
      UNION SELECT festival_id FROM old_rows WHERE status = 'approved' AND edition_year IS NOT NULL));
  ELSE
    PERFORM bump_festival_edition_versions(array(
      SELECT festival_id FROM old_rows WHERE status = 'approved' AND edition_year IS NOT NULL));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "comments_edition_fields_insert" AFTER INSERT ON "comments" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION comments_bump_edition_fields();
--> statement-breakpoint
CREATE TRIGGER "comments_edition_fields_update" AFTER UPDATE ON "comments" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION comments_bump_edition_fields();
--> statement-breakpoint
CREATE TRIGGER "comments_edition_fields_delete" AFTER DELETE ON "comments" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION comments_bump_edition_fields();
--> statement-breakpoint
-- Every festival gets its fields now (a new version each: kept answers are built once more).
SELECT bump_festival_edition_versions(array(SELECT id FROM festivals));
