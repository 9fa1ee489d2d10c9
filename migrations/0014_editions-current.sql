-- A festival's start_date/end_date are those of its current edition: the next one not over, else
-- the latest. Triggers are not modelled by drizzle-kit: written by hand (see festivalEditionsTable
-- in db/schema.ts). Festival writes wait for this migration, so none is missed between
-- the backfill below and the triggers taking over.
LOCK TABLE "festivals" IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
ALTER TABLE "festivals" ADD CONSTRAINT "festivals_current_edition_id_fk" FOREIGN KEY ("current_edition_id") REFERENCES "festival_editions"("id") ON DELETE SET NULL;
--> statement-breakpoint
-- Points the festival at its current edition and copies that edition's dates onto it.
CREATE FUNCTION "refresh_festival_current_edition"(festival integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  chosen record;
BEGIN
  SELECT e.id, e.start_date, e.end_date INTO chosen
  FROM festival_editions e
  WHERE e.festival_id = festival
  ORDER BY coalesce(e.end_date, e.start_date) >= current_date DESC,
    CASE WHEN coalesce(e.end_date, e.start_date) >= current_date THEN e.start_date END ASC,
    e.start_date DESC
  LIMIT 1;
  IF NOT FOUND THEN
    -- The festival keeps its last dates; the application never deletes a festival's last edition.
    UPDATE festivals SET current_edition_id = NULL WHERE id = festival AND current_edition_id IS NOT NULL;
    RETURN;
  END IF;
  UPDATE festivals SET start_date = chosen.start_date, end_date = chosen.end_date, current_edition_id = chosen.id
  WHERE id = festival
    AND (start_date, end_date, current_edition_id) IS DISTINCT FROM (chosen.start_date, chosen.end_date, chosen.id);
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "festival_editions_refresh_current"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM refresh_festival_current_edition(OLD.festival_id);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND (TG_OP = 'INSERT' OR NEW.festival_id <> OLD.festival_id) THEN
    PERFORM refresh_festival_current_edition(NEW.festival_id);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "festival_editions_refresh_current" AFTER INSERT OR UPDATE OR DELETE ON "festival_editions"
FOR EACH ROW EXECUTE FUNCTION festival_editions_refresh_current();
--> statement-breakpoint
-- A write of a festival's dates by the spec's forms (proposal, admin form) is a write of an
-- edition: the current one when the year is the same, else that year's (created if missing).
-- Writes made by the trigger above (depth > 1) are copies of an edition and are skipped.
CREATE FUNCTION "festivals_dates_to_edition"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  target integer;
BEGIN
  IF pg_trigger_depth() > 1 OR NEW.start_date IS NULL THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' AND NEW.start_date IS NOT DISTINCT FROM OLD.start_date AND NEW.end_date IS NOT DISTINCT FROM OLD.end_date THEN
    RETURN NULL;
  END IF;
  SELECT e.id INTO target FROM festival_editions e
  WHERE e.festival_id = NEW.id AND (e.id = NEW.current_edition_id OR e.year = extract(year from NEW.start_date))
  ORDER BY e.year = extract(year from NEW.start_date) DESC
  LIMIT 1;
  IF target IS NOT NULL THEN
    UPDATE festival_editions SET year = extract(year from NEW.start_date), start_date = NEW.start_date, end_date = NEW.end_date, updated_at = now()
    WHERE id = target;
  ELSE
    INSERT INTO festival_editions (festival_id, year, start_date, end_date)
    VALUES (NEW.id, extract(year from NEW.start_date), NEW.start_date, NEW.end_date);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "festivals_dates_to_edition" AFTER INSERT OR UPDATE OF "start_date", "end_date" ON "festivals"
FOR EACH ROW EXECUTE FUNCTION festivals_dates_to_edition();
--> statement-breakpoint
-- Editions also stop being current with time alone: this moves every festival whose current
-- edition is over and that has a later one. Run on a schedule (the local server's interval and
-- the scheduled sweep in AWS).
CREATE FUNCTION "refresh_current_editions"() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  moved integer := 0;
  f record;
BEGIN
  FOR f IN
    SELECT fe.festival_id FROM festivals x JOIN festival_editions fe ON fe.id = x.current_edition_id
    WHERE coalesce(fe.end_date, fe.start_date) < current_date
      AND EXISTS (SELECT 1 FROM festival_editions n WHERE n.festival_id = fe.festival_id AND n.start_date > fe.start_date)
  LOOP
    PERFORM refresh_festival_current_edition(f.festival_id);
    moved := moved + 1;
  END LOOP;
  RETURN moved;
END;
$$;
--> statement-breakpoint
INSERT INTO "festival_editions" ("festival_id", "year", "start_date", "end_date")
SELECT "id", extract(year from "start_date"), "start_date", "end_date" FROM "festivals" WHERE "start_date" IS NOT NULL;
