-- The artist search matches any part of the normalised name (like '%…%'); a trigram GIN index
-- serves that instead of reading every artist. pg_trgm ships with PostgreSQL and Neon; PGlite
-- loads it in db/client.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "artists_name_key_trgm" ON "artists" USING gin ("name_key" gin_trgm_ops);
