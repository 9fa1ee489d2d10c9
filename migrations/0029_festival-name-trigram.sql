-- The bulk import looks for stored festivals with a name like each row's (pg_trgm's `%`, migration
-- artist-name-trigram loads the extension): a trigram index on the name part of the dedupe key (lower
-- case, without accents) lets 5,000 rows each find theirs instead of comparing every pair.
CREATE INDEX "festivals_name_key_trgm" ON "festivals" USING gin ((split_part("dedupe_key", '|', 1)) gin_trgm_ops);
