import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, httpUrl, updatedAt } from './columns';
import { usersTable } from './users';

/**
 * Artists, unique by `name_key` (artist_name_key: case, accents, punctuation and a "DJ" prefix
 * ignored), so the same artist is never created twice whoever types the name.
 */
export const artistsTable = pgTable(
  'artists',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    nameKey: text('name_key')
      .notNull()
      .generatedAlwaysAs(sql`artist_name_key(name)`),
    slug: text('slug').notNull(),
    country: text('country'),
    genres: text('genres')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    photoUrl: text('photo_url'),
    website: text('website'),
    instagram: text('instagram'),
    soundcloud: text('soundcloud'),
    spotify: text('spotify'),
    residentAdvisor: text('resident_advisor'),
    bandcamp: text('bandcamp'),
    youtube: text('youtube'),
    /**
     * Shown to the public: on an approved festival's lineup, or on no lineup at all (created by an
     * admin, not yet booked). Kept by triggers (migration artists-public) on lineup entries and
     * festivals' status, so a search filters a column instead of joining every match's lineups.
     */
    isPublic: boolean('is_public').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('artists_name_key').on(t.nameKey),
    // Searches match any part of the key (like '%…%'), which a b-tree cannot serve: a trigram index
    // (pg_trgm) finds the candidate rows instead of reading every artist.
    index('artists_name_key_trgm').using('gin', t.nameKey.op('gin_trgm_ops')),
    check('artists_name_length', sql`char_length(${t.name}) between 1 and 200`),
    check('artists_name_key_not_empty', sql`${t.nameKey} <> ''`),
    check('artists_country_length', sql`char_length(${t.country}) <= 100`),
    check('artists_genres_count', sql`cardinality(${t.genres}) <= 12`),
    check('artists_photo_url', httpUrl(t.photoUrl)),
    check('artists_website_url', httpUrl(t.website)),
    check('artists_instagram_url', httpUrl(t.instagram)),
    check('artists_soundcloud_url', httpUrl(t.soundcloud)),
    check('artists_spotify_url', httpUrl(t.spotify)),
    check('artists_resident_advisor_url', httpUrl(t.residentAdvisor)),
    check('artists_bandcamp_url', httpUrl(t.bandcamp)),
    check('artists_youtube_url', httpUrl(t.youtube)),
  ],
);

/** Artists a user follows: an artist added to any lineup tells them. */
export const artistFollowsTable = pgTable(
  'artist_follows',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => usersTable.id, { onDelete: 'cascade' }),
    artistId: integer('artist_id')
      .notNull()
      .references(() => artistsTable.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.artistId] }), index('artist_follows_artist_idx').on(t.artistId)],
);

/**
 * The version of what GET /api/artists/{id} shows of an artist besides the festivals' own fields
 * (those follow catalogue_version): the artist's row, their lineup entries and those editions.
 * Kept by triggers (migration lineup-versions) from content_version_seq; no row means unchanged
 * since the migration. No foreign key: a deleted artist's row stays, bumped, so no server keeps
 * serving their page.
 */
export const artistVersionsTable = pgTable('artist_versions', {
  artistId: integer('artist_id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
});
