CREATE TABLE "festival_counters" (
	"festival_id" integer PRIMARY KEY NOT NULL,
	"favorites_count" integer DEFAULT 0 NOT NULL,
	"comments_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "festival_counters_not_negative" CHECK ("festival_counters"."favorites_count" >= 0 and "festival_counters"."comments_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "media_vote_counts" (
	"media_id" integer PRIMARY KEY NOT NULL,
	"votes_count" integer DEFAULT 0 NOT NULL,
	"votes_sum" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "media_vote_counts_consistent" CHECK ("media_vote_counts"."votes_count" >= 0 and "media_vote_counts"."votes_sum" between "media_vote_counts"."votes_count" and 5 * "media_vote_counts"."votes_count")
);
--> statement-breakpoint
ALTER TABLE "festival_counters" ADD CONSTRAINT "festival_counters_festival_id_festivals_id_fk" FOREIGN KEY ("festival_id") REFERENCES "public"."festivals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_vote_counts" ADD CONSTRAINT "media_vote_counts_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Triggers are not modelled by drizzle-kit: written by hand (see festivalCountersTable in
-- db/schema/comments.ts and mediaVoteCountsTable in db/schema/media.ts). Statement-level with transition tables, as the list
-- versions' (migration 0002): one upsert per festival or photo and statement, however many rows the
-- statement wrote (a favourites sync, a deleted account's cascade, the generator's bulk load),
-- taken in id order so two statements never lock each other's rows crosswise. Increments commute:
-- concurrent writers wait for the row, then each adds their own. Writes wait for this migration,
-- so none is missed between the backfill below and the triggers taking over.
LOCK TABLE "favorites", "comments", "media_votes" IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
-- Adds per-festival deltas: existing counter rows are locked in id order and updated, then rows
-- still missing are inserted (their deltas are positive: nothing was counted before). An insert
-- cannot carry a negative delta through ON CONFLICT: the proposed row's CHECK runs first. Rows
-- cascade-deleted with their festival find it gone and add nothing (its counter row goes with it).
CREATE FUNCTION "add_festival_counts"(festival integer[], favorites integer[], comments integer[]) RETURNS void LANGUAGE sql AS $$
  SELECT 1 FROM festival_counters WHERE festival_id = ANY(festival) ORDER BY festival_id FOR UPDATE;
  WITH d AS (
    SELECT d.festival_id, sum(d.favorites)::int AS favorites, sum(d.comments)::int AS comments
    FROM unnest(festival, favorites, comments) AS d(festival_id, favorites, comments)
    GROUP BY d.festival_id
    HAVING sum(d.favorites) <> 0 OR sum(d.comments) <> 0
  ), updated AS (
    UPDATE festival_counters c SET favorites_count = c.favorites_count + d.favorites, comments_count = c.comments_count + d.comments
    FROM d WHERE c.festival_id = d.festival_id
    RETURNING c.festival_id
  )
  INSERT INTO festival_counters AS c (festival_id, favorites_count, comments_count)
  SELECT d.festival_id, d.favorites, d.comments FROM d
  WHERE d.festival_id NOT IN (SELECT festival_id FROM updated) AND EXISTS (SELECT 1 FROM festivals f WHERE f.id = d.festival_id)
  ORDER BY d.festival_id
  -- Another transaction inserted it meanwhile: add to theirs.
  ON CONFLICT (festival_id) DO UPDATE SET
    favorites_count = c.favorites_count + excluded.favorites_count,
    comments_count = c.comments_count + excluded.comments_count;
$$;
--> statement-breakpoint
CREATE FUNCTION "favorites_count_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM add_festival_counts(array_agg(festival_id), array_agg(1), array_agg(0)) FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM add_festival_counts(array_agg(festival_id), array_agg(-1), array_agg(0)) FROM old_rows;
  ELSE
    PERFORM add_festival_counts(array_agg(d.festival_id), array_agg(d.n), array_agg(0))
    FROM (SELECT festival_id, 1 AS n FROM new_rows UNION ALL SELECT festival_id, -1 FROM old_rows) d;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Approved comments only: pending ones are seen by their author alone (decision 018).
CREATE FUNCTION "comments_count_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM add_festival_counts(array_agg(festival_id), array_agg(0), array_agg(1)) FROM new_rows WHERE status = 'approved';
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM add_festival_counts(array_agg(festival_id), array_agg(0), array_agg(-1)) FROM old_rows WHERE status = 'approved';
  ELSE
    PERFORM add_festival_counts(array_agg(d.festival_id), array_agg(0), array_agg(d.n))
    FROM (SELECT festival_id, 1 AS n FROM new_rows WHERE status = 'approved'
          UNION ALL SELECT festival_id, -1 FROM old_rows WHERE status = 'approved') d;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Adds per-photo deltas of count and sum, as add_festival_counts does; votes cascade-deleted with
-- their photo find it gone.
CREATE FUNCTION "add_media_vote_counts"(media integer[], votes integer[], ratings integer[]) RETURNS void LANGUAGE sql AS $$
  SELECT 1 FROM media_vote_counts WHERE media_id = ANY(media) ORDER BY media_id FOR UPDATE;
  WITH d AS (
    SELECT d.media_id, sum(d.votes)::int AS votes, sum(d.ratings)::int AS ratings
    FROM unnest(media, votes, ratings) AS d(media_id, votes, ratings)
    GROUP BY d.media_id
    HAVING sum(d.votes) <> 0 OR sum(d.ratings) <> 0
  ), updated AS (
    UPDATE media_vote_counts c SET votes_count = c.votes_count + d.votes, votes_sum = c.votes_sum + d.ratings
    FROM d WHERE c.media_id = d.media_id
    RETURNING c.media_id
  )
  INSERT INTO media_vote_counts AS c (media_id, votes_count, votes_sum)
  SELECT d.media_id, d.votes, d.ratings FROM d
  WHERE d.media_id NOT IN (SELECT media_id FROM updated) AND EXISTS (SELECT 1 FROM media m WHERE m.id = d.media_id)
  ORDER BY d.media_id
  ON CONFLICT (media_id) DO UPDATE SET
    votes_count = c.votes_count + excluded.votes_count,
    votes_sum = c.votes_sum + excluded.votes_sum;
$$;
--> statement-breakpoint
-- A changed vote (the gallery's upsert) is an UPDATE: its old rating leaves the sum, its new one enters.
CREATE FUNCTION "media_votes_count_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM add_media_vote_counts(array_agg(media_id), array_agg(1), array_agg(rating::int)) FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM add_media_vote_counts(array_agg(media_id), array_agg(-1), array_agg(-rating::int)) FROM old_rows;
  ELSE
    PERFORM add_media_vote_counts(array_agg(d.media_id), array_agg(d.n), array_agg(d.r))
    FROM (SELECT media_id, 1 AS n, rating::int AS r FROM new_rows UNION ALL SELECT media_id, -1, -rating::int FROM old_rows) d;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "counted_rows_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'favorites' THEN
    UPDATE festival_counters SET favorites_count = 0 WHERE favorites_count <> 0;
  ELSIF TG_TABLE_NAME = 'comments' THEN
    UPDATE festival_counters SET comments_count = 0 WHERE comments_count <> 0;
  ELSE
    DELETE FROM media_vote_counts;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "favorites_count_insert" AFTER INSERT ON "favorites" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION favorites_count_rows();
--> statement-breakpoint
CREATE TRIGGER "favorites_count_update" AFTER UPDATE ON "favorites" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION favorites_count_rows();
--> statement-breakpoint
CREATE TRIGGER "favorites_count_delete" AFTER DELETE ON "favorites" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION favorites_count_rows();
--> statement-breakpoint
CREATE TRIGGER "favorites_count_truncate" AFTER TRUNCATE ON "favorites" FOR EACH STATEMENT EXECUTE FUNCTION counted_rows_truncated();
--> statement-breakpoint
CREATE TRIGGER "comments_count_insert" AFTER INSERT ON "comments" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION comments_count_rows();
--> statement-breakpoint
CREATE TRIGGER "comments_count_update" AFTER UPDATE ON "comments" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION comments_count_rows();
--> statement-breakpoint
CREATE TRIGGER "comments_count_delete" AFTER DELETE ON "comments" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION comments_count_rows();
--> statement-breakpoint
CREATE TRIGGER "comments_count_truncate" AFTER TRUNCATE ON "comments" FOR EACH STATEMENT EXECUTE FUNCTION counted_rows_truncated();
--> statement-breakpoint
CREATE TRIGGER "media_votes_count_insert" AFTER INSERT ON "media_votes" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION media_votes_count_rows();
--> statement-breakpoint
CREATE TRIGGER "media_votes_count_update" AFTER UPDATE ON "media_votes" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION media_votes_count_rows();
--> statement-breakpoint
CREATE TRIGGER "media_votes_count_delete" AFTER DELETE ON "media_votes" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION media_votes_count_rows();
--> statement-breakpoint
CREATE TRIGGER "media_votes_count_truncate" AFTER TRUNCATE ON "media_votes" FOR EACH STATEMENT EXECUTE FUNCTION counted_rows_truncated();
--> statement-breakpoint
-- Existing data.
INSERT INTO festival_counters (festival_id, favorites_count, comments_count)
SELECT f.id, coalesce(fa.n, 0), coalesce(c.n, 0)
FROM festivals f
LEFT JOIN (SELECT festival_id, count(*)::int AS n FROM favorites GROUP BY festival_id) fa ON fa.festival_id = f.id
LEFT JOIN (SELECT festival_id, count(*)::int AS n FROM comments WHERE status = 'approved' GROUP BY festival_id) c ON c.festival_id = f.id
WHERE fa.n IS NOT NULL OR c.n IS NOT NULL;
--> statement-breakpoint
INSERT INTO media_vote_counts (media_id, votes_count, votes_sum)
SELECT media_id, count(*)::int, sum(rating)::int FROM media_votes GROUP BY media_id;
