-- Ratings once per user and festival, approved comments only (decision 018). Triggers are not
-- modelled by drizzle-kit: written by hand (see festivalUserRatingsTable and festivalRatingsTable
-- in db/schema.ts). Comment writes wait for this migration, so none is missed between the
-- backfill below and the triggers taking over.
LOCK TABLE "comments" IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
-- Sets one user's rating of one festival to their newest approved comment (or none) and moves the
-- festival's counters by the difference. Runs in the transaction of the comment write.
CREATE FUNCTION "refresh_festival_user_rating"(festival integer, author integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  newest_id integer;
  newest_rating smallint;
  previous smallint;
BEGIN
  -- A festival being deleted takes both rating tables with it (foreign keys): nothing to keep.
  PERFORM 1 FROM festivals WHERE id = festival;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  -- One rating change per festival at a time: the read of the newest comment below then sees
  -- every earlier change committed, so two concurrent approvals cannot both win.
  INSERT INTO festival_ratings (festival_id) VALUES (festival) ON CONFLICT (festival_id) DO NOTHING;
  PERFORM 1 FROM festival_ratings WHERE festival_id = festival FOR UPDATE;

  SELECT c.id, c.rating INTO newest_id, newest_rating
  FROM comments c
  WHERE c.festival_id = festival AND c.user_id = author AND c.status = 'approved'
  ORDER BY c.created_at DESC NULLS LAST, c.id DESC NULLS LAST
  LIMIT 1;
  SELECT r.rating INTO previous FROM festival_user_ratings r WHERE r.festival_id = festival AND r.user_id = author;

  IF newest_id IS NULL THEN
    IF previous IS NOT NULL THEN
      DELETE FROM festival_user_ratings WHERE festival_id = festival AND user_id = author;
      UPDATE festival_ratings SET ratings_count = ratings_count - 1, ratings_sum = ratings_sum - previous WHERE festival_id = festival;
    END IF;
  ELSIF previous IS NULL THEN
    INSERT INTO festival_user_ratings (festival_id, user_id, comment_id, rating) VALUES (festival, author, newest_id, newest_rating);
    UPDATE festival_ratings SET ratings_count = ratings_count + 1, ratings_sum = ratings_sum + newest_rating WHERE festival_id = festival;
  ELSE
    UPDATE festival_user_ratings SET comment_id = newest_id, rating = newest_rating WHERE festival_id = festival AND user_id = author;
    UPDATE festival_ratings SET ratings_sum = ratings_sum - previous + newest_rating WHERE festival_id = festival;
  END IF;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "comments_refresh_rating"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM refresh_festival_user_rating(OLD.festival_id, OLD.user_id);
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND (NEW.festival_id, NEW.user_id) IS DISTINCT FROM (OLD.festival_id, OLD.user_id)) THEN
    PERFORM refresh_festival_user_rating(NEW.festival_id, NEW.user_id);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Pending comments change no rating: their inserts and deletes (most of them) skip the function.
CREATE TRIGGER "comments_rating_insert" AFTER INSERT ON "comments" FOR EACH ROW WHEN (NEW.status = 'approved') EXECUTE FUNCTION comments_refresh_rating();
--> statement-breakpoint
CREATE TRIGGER "comments_rating_update" AFTER UPDATE OF "status", "rating", "created_at", "festival_id", "user_id" ON "comments" FOR EACH ROW
  WHEN (OLD.status = 'approved' OR NEW.status = 'approved') EXECUTE FUNCTION comments_refresh_rating();
--> statement-breakpoint
CREATE TRIGGER "comments_rating_delete" AFTER DELETE ON "comments" FOR EACH ROW WHEN (OLD.status = 'approved') EXECUTE FUNCTION comments_refresh_rating();
--> statement-breakpoint
-- Existing data: each user's newest approved comment per festival, then the counters. Comments
-- still pending stay in the admins' queue and count once approved.
INSERT INTO festival_user_ratings (festival_id, user_id, comment_id, rating)
SELECT DISTINCT ON (c.festival_id, c.user_id) c.festival_id, c.user_id, c.id, c.rating
FROM comments c
WHERE c.status = 'approved'
ORDER BY c.festival_id, c.user_id, c.created_at DESC, c.id DESC;
--> statement-breakpoint
INSERT INTO festival_ratings (festival_id, ratings_count, ratings_sum)
SELECT r.festival_id, count(*)::int, sum(r.rating)::int
FROM festival_user_ratings r
GROUP BY r.festival_id;
