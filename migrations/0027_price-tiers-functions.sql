-- Price tiers: the database keeps their history and derives the edition's ticket facts from them.
--
-- An edition's tiers as its answers show them, in the seller's order (used by the festival's fields
-- below and by the editions answer, so the shape is written once).
CREATE FUNCTION "edition_tiers_json"(edition integer) RETURNS json LANGUAGE sql STABLE AS $$
  SELECT coalesce(json_agg(json_build_object(
      'id', p.id, 'kind', p.kind, 'name', p.name, 'price', p.price::float8, 'fees', p.fees::float8,
      'fees_included', p.fees_included, 'currency', p.currency,
      'on_sale_at', to_char(p.on_sale_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'ends_at', p.ends_at, 'sold_out', p.sold_out, 'url', p.url, 'position', p.position
    ) ORDER BY p.position, p.id), '[]'::json)
  FROM edition_price_tiers p WHERE p.edition_id = edition;
$$;
--> statement-breakpoint
-- Where a group of an edition's facts comes from, or null when nobody said.
CREATE FUNCTION "edition_fact_source_json"(edition integer, fact_group text) RETURNS json LANGUAGE sql STABLE AS $$
  SELECT json_build_object('source_url', s.source_url, 'verified_at', s.verified_at, 'entered_as', s.entered_as)
  FROM edition_fact_sources s WHERE s.edition_id = edition AND s.fact_group = $2;
$$;
--> statement-breakpoint
-- The edition's ticket facts from its entry tiers (abono, día, VIP, otro; camping, parking and bus
-- are extras): from the cheapest tier still on sale (the cheapest of all once every one is sold
-- out), up to the dearest, on sale from the earliest, sold out when every one is, bought at the
-- cheapest available tier's link (the official link already kept when no tier has one). An edition
-- without entry tiers keeps the facts written for it by hand.
CREATE FUNCTION "derive_edition_tickets"(edition integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO edition_tickets AS t (edition_id, price_from, price_to, currency, ticket_url, on_sale_at, sold_out, updated_at)
  SELECT p.edition_id,
    coalesce(min(p.price) FILTER (WHERE NOT p.sold_out), min(p.price)),
    max(p.price),
    (array_agg(p.currency ORDER BY p.sold_out, p.price, p.position))[1],
    (array_agg(p.url ORDER BY p.sold_out, p.price, p.position) FILTER (WHERE p.url IS NOT NULL))[1],
    min(p.on_sale_at),
    bool_and(p.sold_out),
    now()
  FROM edition_price_tiers p
  WHERE p.edition_id = ANY(edition) AND p.kind IN ('abono', 'dia', 'vip', 'otro')
  GROUP BY p.edition_id
  ON CONFLICT (edition_id) DO UPDATE SET price_from = excluded.price_from, price_to = excluded.price_to,
    currency = excluded.currency, ticket_url = coalesce(excluded.ticket_url, t.ticket_url),
    on_sale_at = excluded.on_sale_at, sold_out = excluded.sold_out, updated_at = excluded.updated_at;
$$;
--> statement-breakpoint
-- After any write to tiers: the ticket facts again (their own triggers give the festival a new
-- editions version and fields), and a new version for editions left without entry tiers, whose
-- tickets did not move but whose tiers did.
CREATE FUNCTION "price_tiers_changed"(edition integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM derive_edition_tickets(edition);
  PERFORM bump_festival_edition_versions(array(
    SELECT e.festival_id FROM festival_editions e WHERE e.id = ANY(edition) AND NOT EXISTS (
      SELECT 1 FROM edition_price_tiers p WHERE p.edition_id = e.id AND p.kind IN ('abono', 'dia', 'vip', 'otro'))));
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "edition_price_tiers_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO edition_price_history (edition_id, tier_id, price, fees, sold_out)
  SELECT n.edition_id, n.id, n.price, n.fees, n.sold_out FROM new_rows n ORDER BY n.id;
  PERFORM price_tiers_changed(array(SELECT DISTINCT edition_id FROM new_rows));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- A history row only when the price, the fees or the availability moved: a renamed tier is no price change.
CREATE FUNCTION "edition_price_tiers_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO edition_price_history (edition_id, tier_id, price, fees, sold_out)
  SELECT n.edition_id, n.id, n.price, n.fees, n.sold_out FROM new_rows n JOIN old_rows o ON o.id = n.id
  WHERE (n.price, n.fees, n.sold_out) IS DISTINCT FROM (o.price, o.fees, o.sold_out) ORDER BY n.id;
  PERFORM price_tiers_changed(array(SELECT edition_id FROM new_rows UNION SELECT edition_id FROM old_rows));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "edition_price_tiers_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM price_tiers_changed(array(SELECT DISTINCT edition_id FROM old_rows));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "edition_price_tiers_insert" AFTER INSERT ON "edition_price_tiers" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION edition_price_tiers_inserted();
--> statement-breakpoint
CREATE TRIGGER "edition_price_tiers_update" AFTER UPDATE ON "edition_price_tiers" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION edition_price_tiers_updated();
--> statement-breakpoint
CREATE TRIGGER "edition_price_tiers_delete" AFTER DELETE ON "edition_price_tiers" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION edition_price_tiers_deleted();
--> statement-breakpoint
-- A group's source shows in the festival's fields too.
CREATE FUNCTION "edition_fact_sources_bump_versions"() RETURNS trigger LANGUAGE plpgsql AS $$
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
CREATE TRIGGER "edition_fact_sources_versions_insert" AFTER INSERT ON "edition_fact_sources" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION edition_fact_sources_bump_versions();
--> statement-breakpoint
CREATE TRIGGER "edition_fact_sources_versions_update" AFTER UPDATE ON "edition_fact_sources" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION edition_fact_sources_bump_versions();
--> statement-breakpoint
CREATE TRIGGER "edition_fact_sources_versions_delete" AFTER DELETE ON "edition_fact_sources" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION edition_fact_sources_bump_versions();
--> statement-breakpoint
-- What GET /api/festivals/{id} adds to a festival (decision 086) now carries the current edition's
-- tiers and where they come from.
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
