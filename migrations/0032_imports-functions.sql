-- Where a festival's facts were read from (festival_fact_sources, written when an import from the
-- festival's own page is applied) shows on its page: the fields the database keeps for the festival's
-- answer (as the trip-facts migration left them: tiers, 'Antes de ir', accessibility) gain `sources`,
-- and a write to that table gives the festival a new editions version, so every process's kept answer
-- is built again.
CREATE OR REPLACE FUNCTION "festival_edition_fields"(festival integer) RETURNS json LANGUAGE sql STABLE AS $$
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
    'tiers', edition_tiers_json((SELECT current FROM f)),
    'tiers_source', edition_fact_source_json((SELECT current FROM f), 'tiers'),
    'conditions', edition_conditions_json((SELECT current FROM f)),
    'accessibility', edition_accessibility_json((SELECT current FROM f)),
    'editions', coalesce((
      SELECT json_agg(json_build_object(
          'id', e.id, 'year', e.year, 'start_date', e.start_date, 'end_date', e.end_date, 'status', e.status,
          'averageRating', e.average_rating, 'ratingsCount', e.ratings_count
        ) ORDER BY e.year DESC)
      FROM e), '[]'::json),
    'sources', coalesce((
      SELECT json_agg(json_build_object(
          'group', s.fact_group, 'url', s.source_url,
          'checked_at', to_char(s.checked_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
        ) ORDER BY array_position(ARRAY['festival', 'edition', 'lineup', 'tickets'], s.fact_group))
      FROM festival_fact_sources s WHERE s.festival_id = festival), '[]'::json)
  );
$$;
--> statement-breakpoint
CREATE FUNCTION "festival_fact_sources_bump_fields"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM bump_festival_edition_versions(array(SELECT festival_id FROM old_rows));
  ELSE
    PERFORM bump_festival_edition_versions(array(SELECT festival_id FROM new_rows));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "festival_fact_sources_fields_insert" AFTER INSERT ON "festival_fact_sources" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION festival_fact_sources_bump_fields();
--> statement-breakpoint
CREATE TRIGGER "festival_fact_sources_fields_update" AFTER UPDATE ON "festival_fact_sources" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION festival_fact_sources_bump_fields();
--> statement-breakpoint
CREATE TRIGGER "festival_fact_sources_fields_delete" AFTER DELETE ON "festival_fact_sources" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION festival_fact_sources_bump_fields();
--> statement-breakpoint
-- Every festival's fields get the new key now.
SELECT bump_festival_edition_versions(array(SELECT id FROM festivals));
--> statement-breakpoint
-- The bulk import looks for stored festivals with a name like each row's (pg_trgm's `%`, migration
-- artist-name-trigram loads the extension): a trigram index on the name part of the dedupe key (lower
-- case, without accents) lets 5,000 rows each find theirs instead of comparing every pair.
CREATE INDEX "festivals_name_key_trgm" ON "festivals" USING gin ((split_part("dedupe_key", '|', 1)) gin_trgm_ops);
