-- Triggers are not modelled by drizzle-kit: written by hand (see festivalAttendanceCountsTable in
-- db/schema/together.ts, decision 095). Statement-level with transition tables, as the festival
-- counters' (migration festival-counters): one upsert per festival and statement, rows taken in id
-- order so two statements never lock each other's rows crosswise; increments commute, so
-- concurrent toggles each add their own.
CREATE FUNCTION "add_attendance_counts"(festival integer[], going integer[], interested integer[]) RETURNS void LANGUAGE sql AS $$
  SELECT 1 FROM festival_attendance_counts WHERE festival_id = ANY(festival) ORDER BY festival_id FOR UPDATE;
  WITH d AS (
    SELECT d.festival_id, sum(d.going)::int AS going, sum(d.interested)::int AS interested
    FROM unnest(festival, going, interested) AS d(festival_id, going, interested)
    GROUP BY d.festival_id
    HAVING sum(d.going) <> 0 OR sum(d.interested) <> 0
  ), updated AS (
    UPDATE festival_attendance_counts c SET going_count = c.going_count + d.going, interested_count = c.interested_count + d.interested
    FROM d WHERE c.festival_id = d.festival_id
    RETURNING c.festival_id
  )
  INSERT INTO festival_attendance_counts AS c (festival_id, going_count, interested_count)
  SELECT d.festival_id, d.going, d.interested FROM d
  WHERE d.festival_id NOT IN (SELECT festival_id FROM updated) AND EXISTS (SELECT 1 FROM festivals f WHERE f.id = d.festival_id)
  ORDER BY d.festival_id
  -- Another transaction inserted it meanwhile: add to theirs.
  ON CONFLICT (festival_id) DO UPDATE SET
    going_count = c.going_count + excluded.going_count,
    interested_count = c.interested_count + excluded.interested_count;
$$;
--> statement-breakpoint
-- A changed state (going to interested) is an UPDATE: the old state leaves its count, the new enters.
CREATE FUNCTION "festival_attendance_count_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM add_attendance_counts(array_agg(d.festival_id), array_agg(d.g), array_agg(d.i))
  FROM (SELECT festival_id, (status = 'going')::int AS g, (status = 'interested')::int AS i FROM new_rows
        UNION ALL SELECT festival_id, -(status = 'going')::int, -(status = 'interested')::int FROM old_rows) d;
  -- The owners' calendar feeds carry the festivals they go to.
  PERFORM bump_feed_versions('{}', array(SELECT user_id FROM new_rows UNION SELECT user_id FROM old_rows));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "festival_attendance_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE festival_attendance_counts SET going_count = 0, interested_count = 0 WHERE going_count <> 0 OR interested_count <> 0;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "festival_attendance_count_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM add_attendance_counts(array_agg(festival_id), array_agg((status = 'going')::int), array_agg((status = 'interested')::int)) FROM new_rows;
  PERFORM bump_feed_versions('{}', array(SELECT DISTINCT user_id FROM new_rows));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "festival_attendance_count_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM add_attendance_counts(array_agg(festival_id), array_agg(-(status = 'going')::int), array_agg(-(status = 'interested')::int)) FROM old_rows;
  PERFORM bump_feed_versions('{}', array(SELECT DISTINCT user_id FROM old_rows));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "festival_attendance_count_insert" AFTER INSERT ON "festival_attendance" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION festival_attendance_count_insert();
--> statement-breakpoint
CREATE TRIGGER "festival_attendance_count_update" AFTER UPDATE ON "festival_attendance" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION festival_attendance_count_update();
--> statement-breakpoint
CREATE TRIGGER "festival_attendance_count_delete" AFTER DELETE ON "festival_attendance" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION festival_attendance_count_delete();
--> statement-breakpoint
CREATE TRIGGER "festival_attendance_count_truncate" AFTER TRUNCATE ON "festival_attendance" FOR EACH STATEMENT EXECUTE FUNCTION festival_attendance_truncated();
--> statement-breakpoint
-- The counts are part of the catalogue (cards show them): a statement that changed them moves
-- catalogue_version, as the rating counters do (migration catalogue-version).
CREATE TRIGGER "festival_attendance_counts_catalogue_version_insert" AFTER INSERT ON "festival_attendance_counts" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();
--> statement-breakpoint
CREATE TRIGGER "festival_attendance_counts_catalogue_version_update" AFTER UPDATE ON "festival_attendance_counts" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();
--> statement-breakpoint
CREATE TRIGGER "festival_attendance_counts_catalogue_version_delete" AFTER DELETE ON "festival_attendance_counts" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();
--> statement-breakpoint
CREATE TRIGGER "festival_attendance_counts_catalogue_version_truncate" AFTER TRUNCATE ON "festival_attendance_counts" FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();
--> statement-breakpoint
-- Private feeds now also carry the festivals their owner goes to ('Voy'): a change to such a
-- festival moves those feeds too.
CREATE OR REPLACE FUNCTION "bump_feed_versions"(festival integer[], owner integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE feed_tokens t SET content_version = nextval('content_version_seq')
  FROM (SELECT ft.user_id FROM feed_tokens ft
        WHERE ft.user_id = ANY(owner)
           OR ft.user_id IN (SELECT fv.user_id FROM favorites fv WHERE fv.festival_id = ANY(festival))
           OR ft.user_id IN (SELECT a.user_id FROM festival_attendance a WHERE a.festival_id = ANY(festival) AND a.status = 'going')
        ORDER BY ft.user_id FOR UPDATE OF ft) d
  WHERE t.user_id = d.user_id;
$$;
--> statement-breakpoint
-- A plan's version (plans.version, decision 096): a new number from content_version_seq whenever the
-- plan, its members or its meeting points change, so its kept answer is built again. Statement-level,
-- one update per plan and statement, plans taken in id order.
CREATE FUNCTION "bump_plan_versions"(plan integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE plans p SET version = nextval('content_version_seq')
  FROM (SELECT id FROM plans WHERE id = ANY(plan) ORDER BY id FOR UPDATE) d
  WHERE p.id = d.id;
$$;
--> statement-breakpoint
CREATE FUNCTION "plan_parts_bump_versions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM bump_plan_versions(array(SELECT DISTINCT plan_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM bump_plan_versions(array(SELECT DISTINCT plan_id FROM old_rows));
  ELSE
    PERFORM bump_plan_versions(array(SELECT plan_id FROM new_rows UNION SELECT plan_id FROM old_rows));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- The plan's own row (its name, owner or link changed): a new version in the same row.
CREATE FUNCTION "plans_bump_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW.name, NEW.owner_id, NEW.invite_token, NEW.festival_id) IS DISTINCT FROM (OLD.name, OLD.owner_id, OLD.invite_token, OLD.festival_id) THEN
    NEW.version := nextval('content_version_seq');
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "plans_version_update" BEFORE UPDATE ON "plans" FOR EACH ROW EXECUTE FUNCTION plans_bump_version();
--> statement-breakpoint
CREATE TRIGGER "plan_members_versions_insert" AFTER INSERT ON "plan_members" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION plan_parts_bump_versions();
--> statement-breakpoint
CREATE TRIGGER "plan_members_versions_update" AFTER UPDATE ON "plan_members" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION plan_parts_bump_versions();
--> statement-breakpoint
CREATE TRIGGER "plan_members_versions_delete" AFTER DELETE ON "plan_members" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION plan_parts_bump_versions();
--> statement-breakpoint
CREATE TRIGGER "plan_meeting_points_versions_insert" AFTER INSERT ON "plan_meeting_points" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION plan_parts_bump_versions();
--> statement-breakpoint
CREATE TRIGGER "plan_meeting_points_versions_delete" AFTER DELETE ON "plan_meeting_points" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION plan_parts_bump_versions();
