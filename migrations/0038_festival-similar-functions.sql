-- 'Festivales parecidos' kept by the database (see festivalSimilarTable in db/schema/discover.ts).
-- Writes that change what a festival is like (its lineups, editions, genres, status or place) mark
-- it in festival_similar_dirty; a deferred trigger on that table works the marked festivals out again
-- when the transaction commits, once each however many statements marked them, so a lineup replaced
-- as a whole (delete and insert) costs one refresh. A session that writes in bulk (the generated
-- catalogue) may set festivales.similar_refresh to 'later' and call refresh_dirty_festival_similar.

-- What each artist of these festivals weighs: billing (a headliner twice a regular) times recency
-- (the festival's latest edition with a lineup 1, the one before 0.7, the one before that 0.5; older
-- ones and cancelled editions count nothing). By edition rather than by calendar year, so a
-- festival held every other year, or whose next lineup is not out yet, still has its latest artists.
CREATE FUNCTION "festival_artist_weights"(festival integer[]) RETURNS TABLE (festival_id integer, artist_id integer, weight real) LANGUAGE sql STABLE AS $$
  WITH ranked AS (
    SELECT e.id, e.festival_id, row_number() OVER (PARTITION BY e.festival_id ORDER BY e.year DESC) AS r
    FROM festival_editions e
    WHERE e.festival_id = ANY(festival) AND e.status <> 'cancelled'
      AND EXISTS (SELECT 1 FROM lineup_entries le WHERE le.edition_id = e.id)
  )
  SELECT r.festival_id, le.artist_id,
    max((CASE WHEN le.billing = 'headliner' THEN 2 ELSE 1 END) * (CASE r.r WHEN 1 THEN 1.0 WHEN 2 THEN 0.7 ELSE 0.5 END))::real
  FROM ranked r JOIN lineup_entries le ON le.edition_id = r.id
  WHERE r.r <= 3
  GROUP BY r.festival_id, le.artist_id;
$$;
--> statement-breakpoint
CREATE FUNCTION "bump_festival_similar_versions"(festival integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO festival_similar_versions AS v (festival_id, version)
  SELECT d.f, nextval('content_version_seq') FROM (SELECT DISTINCT f FROM unnest(festival) f WHERE f IS NOT NULL ORDER BY f) d
  ON CONFLICT (festival_id) DO UPDATE SET version = excluded.version;
$$;
--> statement-breakpoint
-- One festival's rows, and its place in its neighbours' rows. The pair's score is symmetric: the sum
-- over shared artists of both sides' weights multiplied, plus one per shared genre (three at most),
-- plus up to 1.5 for being close (halving about every 200 km). Candidates share an artist or a genre.
-- A neighbour that no longer scores loses the row; one whose list has room, or a weaker last row,
-- gains it (among the festival's 100 strongest candidates; the rest gain it when they are refreshed).
CREATE FUNCTION "refresh_festival_similar"(f integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  ok boolean;
  lat double precision;
  lon double precision;
  touched integer[];
  -- Every candidate's figures with f, as rows of festival_similar (festival_id f): a variable, not a
  -- scratch table, whose dead rows a bulk build would read again at every festival.
  scored festival_similar[] := '{}';
BEGIN
  SELECT status = 'approved', latitude, longitude INTO ok, lat, lon FROM festivals WHERE id = f;
  IF ok THEN
    WITH mine AS (SELECT w.artist_id, w.weight FROM festival_artist_weights(ARRAY[f]) w),
    hit AS (
      SELECT DISTINCT e.festival_id FROM lineup_entries le JOIN festival_editions e ON e.id = le.edition_id
      WHERE le.artist_id IN (SELECT artist_id FROM mine) AND e.festival_id <> f
    ),
    theirs AS (
      SELECT w.festival_id AS g, w.artist_id, w.weight FROM festival_artist_weights(array(SELECT festival_id FROM hit)) w
      WHERE w.artist_id IN (SELECT artist_id FROM mine)
    ),
    by_artist AS (
      SELECT t.g, sum(t.weight * m.weight) AS s, array_agg(t.artist_id ORDER BY t.weight * m.weight DESC, t.artist_id) AS artists
      FROM theirs t JOIN mine m ON m.artist_id = t.artist_id GROUP BY t.g
    ),
    by_genre AS (
      SELECT o.festival_id AS g, count(*) AS n, array_agg(gn.name ORDER BY gn.name) AS genres
      FROM festival_genres mg JOIN festival_genres o ON o.genre_id = mg.genre_id AND o.festival_id <> f
      JOIN genres gn ON gn.id = mg.genre_id
      WHERE mg.festival_id = f GROUP BY o.festival_id
    ),
    candidates AS (
      SELECT coalesce(a.g, b.g) AS g, coalesce(a.s, 0) AS s, coalesce(a.artists, '{}') AS artists,
        coalesce(b.n, 0) AS n, coalesce(b.genres, '{}') AS genres
      FROM by_artist a FULL JOIN by_genre b ON b.g = a.g
    ),
    placed AS (
      SELECT c.*, CASE WHEN lat IS NULL OR o.latitude IS NULL THEN NULL ELSE
        2 * 6371.0088 * asin(least(1, sqrt(sin(radians(o.latitude - lat) / 2) ^ 2
          + cos(radians(lat)) * cos(radians(o.latitude)) * sin(radians(o.longitude - lon) / 2) ^ 2))) END AS km
      FROM candidates c JOIN festivals o ON o.id = c.g AND o.status = 'approved'
    )
    SELECT coalesce(array_agg(ROW(f, g, (s + least(n, 3) + coalesce(1.5 * power(0.5, km / 200), 0))::real,
      artists, genres, round(km::numeric, 1)::real)::festival_similar), '{}')
    INTO scored FROM placed;
  END IF;
  touched := array(SELECT festival_id FROM festival_similar WHERE similar_id = f) || f;
  DELETE FROM festival_similar WHERE festival_id = f;
  INSERT INTO festival_similar SELECT * FROM unnest(scored) c ORDER BY c.score DESC, c.similar_id LIMIT 24;
  UPDATE festival_similar s SET score = c.score, artist_ids = c.artist_ids, genres = c.genres, distance_km = c.distance_km
  FROM unnest(scored) c WHERE s.similar_id = f AND s.festival_id = c.similar_id;
  DELETE FROM festival_similar s WHERE s.similar_id = f
    AND NOT EXISTS (SELECT 1 FROM unnest(scored) c WHERE c.similar_id = s.festival_id);
  WITH strongest AS (SELECT c.similar_id AS g, c.* FROM unnest(scored) c ORDER BY c.score DESC, c.similar_id LIMIT 100),
  added AS (
    INSERT INTO festival_similar (festival_id, similar_id, score, artist_ids, genres, distance_km)
    SELECT c.g, f, c.score, c.artist_ids, c.genres, c.distance_km FROM strongest c
    WHERE (SELECT count(*) FROM festival_similar s WHERE s.festival_id = c.g) < 24
       OR c.score > (SELECT min(s.score) FROM festival_similar s WHERE s.festival_id = c.g)
    ON CONFLICT (festival_id, similar_id) DO NOTHING
    RETURNING festival_id
  )
  SELECT touched || array_agg(festival_id) INTO touched FROM added;
  DELETE FROM festival_similar s USING (
    SELECT festival_id, similar_id, row_number() OVER (PARTITION BY festival_id ORDER BY score DESC, similar_id) AS n
    FROM festival_similar WHERE festival_id = ANY(touched)
  ) r WHERE r.n > 24 AND s.festival_id = r.festival_id AND s.similar_id = r.similar_id;
  PERFORM bump_festival_similar_versions(touched);
END;
$$;
--> statement-breakpoint
-- Works out the marked festivals again, at most `max` of them, in id order (two sessions never wait
-- on each other crosswise); returns how many.
CREATE FUNCTION "refresh_dirty_festival_similar"(max integer DEFAULT 1000000) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  f integer;
  done integer := 0;
BEGIN
  FOR f IN SELECT festival_id FROM festival_similar_dirty ORDER BY festival_id LIMIT max LOOP
    DELETE FROM festival_similar_dirty WHERE festival_id = f;
    PERFORM refresh_festival_similar(f);
    done := done + 1;
  END LOOP;
  RETURN done;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "festival_similar_dirty_refresh"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('festivales.similar_refresh', true), '') <> 'later'
     AND EXISTS (SELECT 1 FROM festival_similar_dirty WHERE festival_id = NEW.festival_id) THEN
    PERFORM refresh_dirty_festival_similar();
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "festival_similar_dirty_refresh" AFTER INSERT ON "festival_similar_dirty" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION festival_similar_dirty_refresh();
--> statement-breakpoint
CREATE FUNCTION "mark_festival_similar_dirty"(festival integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO festival_similar_dirty (festival_id)
  SELECT DISTINCT f FROM unnest(festival) f WHERE f IS NOT NULL ORDER BY f
  ON CONFLICT (festival_id) DO NOTHING;
$$;
--> statement-breakpoint
-- Lineup entries: the festivals of the editions before and after (an edition already gone in a
-- cascade is marked by its own trigger).
CREATE FUNCTION "lineup_entries_mark_similar"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM mark_festival_similar_dirty(array(SELECT e.festival_id FROM festival_editions e WHERE e.id IN (SELECT edition_id FROM new_rows)));
  ELSIF TG_OP = 'UPDATE' THEN
    IF NOT EXISTS (SELECT n.artist_id, n.edition_id, n.billing FROM new_rows n EXCEPT SELECT o.artist_id, o.edition_id, o.billing FROM old_rows o) THEN RETURN NULL; END IF;
    PERFORM mark_festival_similar_dirty(array(SELECT e.festival_id FROM festival_editions e
      WHERE e.id IN (SELECT edition_id FROM new_rows UNION SELECT edition_id FROM old_rows)));
  ELSE
    PERFORM mark_festival_similar_dirty(array(SELECT e.festival_id FROM festival_editions e WHERE e.id IN (SELECT edition_id FROM old_rows)));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "festival_editions_mark_similar"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM mark_festival_similar_dirty(array(SELECT festival_id FROM new_rows));
  ELSIF TG_OP = 'UPDATE' THEN
    IF NOT EXISTS (SELECT n.festival_id, n.year, n.status FROM new_rows n EXCEPT SELECT o.festival_id, o.year, o.status FROM old_rows o) THEN RETURN NULL; END IF;
    PERFORM mark_festival_similar_dirty(array(SELECT festival_id FROM new_rows UNION SELECT festival_id FROM old_rows));
  ELSE
    PERFORM mark_festival_similar_dirty(array(SELECT festival_id FROM old_rows));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "festival_genres_mark_similar"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM mark_festival_similar_dirty(array(SELECT festival_id FROM new_rows));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM mark_festival_similar_dirty(array(SELECT festival_id FROM new_rows UNION SELECT festival_id FROM old_rows));
  ELSE
    PERFORM mark_festival_similar_dirty(array(SELECT festival_id FROM old_rows));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Festivals: a new approved one, and a change of status or place (a deleted one's rows go by cascade).
CREATE FUNCTION "festivals_mark_similar"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM mark_festival_similar_dirty(array(SELECT id FROM new_rows WHERE status = 'approved'));
  ELSE
    PERFORM mark_festival_similar_dirty(array(SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE n.status IS DISTINCT FROM o.status OR n.latitude IS DISTINCT FROM o.latitude OR n.longitude IS DISTINCT FROM o.longitude));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "lineup_entries_similar_insert" AFTER INSERT ON "lineup_entries" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION lineup_entries_mark_similar();
--> statement-breakpoint
CREATE TRIGGER "lineup_entries_similar_update" AFTER UPDATE ON "lineup_entries" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION lineup_entries_mark_similar();
--> statement-breakpoint
CREATE TRIGGER "lineup_entries_similar_delete" AFTER DELETE ON "lineup_entries" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION lineup_entries_mark_similar();
--> statement-breakpoint
CREATE TRIGGER "festival_editions_similar_insert" AFTER INSERT ON "festival_editions" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION festival_editions_mark_similar();
--> statement-breakpoint
CREATE TRIGGER "festival_editions_similar_update" AFTER UPDATE ON "festival_editions" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION festival_editions_mark_similar();
--> statement-breakpoint
CREATE TRIGGER "festival_editions_similar_delete" AFTER DELETE ON "festival_editions" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION festival_editions_mark_similar();
--> statement-breakpoint
CREATE TRIGGER "festival_genres_similar_insert" AFTER INSERT ON "festival_genres" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION festival_genres_mark_similar();
--> statement-breakpoint
CREATE TRIGGER "festival_genres_similar_update" AFTER UPDATE ON "festival_genres" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION festival_genres_mark_similar();
--> statement-breakpoint
CREATE TRIGGER "festival_genres_similar_delete" AFTER DELETE ON "festival_genres" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION festival_genres_mark_similar();
--> statement-breakpoint
CREATE TRIGGER "festivals_similar_insert" AFTER INSERT ON "festivals" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION festivals_mark_similar();
--> statement-breakpoint
CREATE TRIGGER "festivals_similar_update" AFTER UPDATE ON "festivals" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION festivals_mark_similar();
--> statement-breakpoint
-- The festivals already approved, worked out when this migration commits.
INSERT INTO festival_similar_dirty (festival_id) SELECT id FROM festivals WHERE status = 'approved' ORDER BY id;
