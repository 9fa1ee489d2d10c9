-- 'Antes de ir' and accessibility: their answers' JSON, and the festival's editions version (and
-- fields, decision 086) moved by every write to them.
--
-- The group's facts with where they come from, or null when nobody entered them. The source's keys
-- are always there (null when unknown), so the answer has one shape.
CREATE FUNCTION "edition_conditions_json"(edition integer) RETURNS json LANGUAGE sql STABLE AS $$
  SELECT json_build_object(
    'food', c.food, 'water', c.water, 'reentry', c.reentry, 'cashless', c.cashless,
    'cashless_refund_fee', c.cashless_refund_fee::float8, 'cashless_refund_days', c.cashless_refund_days,
    'cash_accepted', c.cash_accepted, 'age_policy', c.age_policy, 'minimum_age', c.minimum_age,
    'guardian_form_url', c.guardian_form_url, 'camping', c.camping, 'parking', c.parking, 'lockers', c.lockers,
    'bag_limit', c.bag_limit, 'notes', c.notes,
    'source_url', s.source_url, 'verified_at', s.verified_at, 'entered_as', s.entered_as)
  FROM edition_conditions c
  LEFT JOIN edition_fact_sources s ON s.edition_id = c.edition_id AND s.fact_group = 'conditions'
  WHERE c.edition_id = edition;
$$;
--> statement-breakpoint
CREATE FUNCTION "edition_accessibility_json"(edition integer) RETURNS json LANGUAGE sql STABLE AS $$
  SELECT json_build_object(
    'step_free', a.step_free, 'viewing_platform', a.viewing_platform, 'adapted_toilets', a.adapted_toilets,
    'companion_ticket', a.companion_ticket, 'sign_language', a.sign_language, 'induction_loop', a.induction_loop,
    'vibrating_vests', a.vibrating_vests, 'quiet_area', a.quiet_area, 'assistance_dogs', a.assistance_dogs,
    'accessible_camping', a.accessible_camping, 'accessible_parking', a.accessible_parking,
    'contact', a.contact, 'notes', a.notes,
    'source_url', s.source_url, 'verified_at', s.verified_at, 'entered_as', s.entered_as)
  FROM edition_accessibility a
  LEFT JOIN edition_fact_sources s ON s.edition_id = a.edition_id AND s.fact_group = 'accessibility'
  WHERE a.edition_id = edition;
$$;
--> statement-breakpoint
CREATE TRIGGER "edition_conditions_versions_insert" AFTER INSERT ON "edition_conditions" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION edition_fact_sources_bump_versions();
--> statement-breakpoint
CREATE TRIGGER "edition_conditions_versions_update" AFTER UPDATE ON "edition_conditions" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION edition_fact_sources_bump_versions();
--> statement-breakpoint
CREATE TRIGGER "edition_conditions_versions_delete" AFTER DELETE ON "edition_conditions" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION edition_fact_sources_bump_versions();
--> statement-breakpoint
CREATE TRIGGER "edition_accessibility_versions_insert" AFTER INSERT ON "edition_accessibility" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION edition_fact_sources_bump_versions();
--> statement-breakpoint
CREATE TRIGGER "edition_accessibility_versions_update" AFTER UPDATE ON "edition_accessibility" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION edition_fact_sources_bump_versions();
--> statement-breakpoint
CREATE TRIGGER "edition_accessibility_versions_delete" AFTER DELETE ON "edition_accessibility" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION edition_fact_sources_bump_versions();
--> statement-breakpoint
-- The festival's fields (decision 086, migration price-tiers-functions) now carry the current
-- edition's conditions and accessibility.
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
      FROM e), '[]'::json)
  );
$$;
--> statement-breakpoint
SELECT bump_festival_edition_versions(array(SELECT id FROM festivals));
