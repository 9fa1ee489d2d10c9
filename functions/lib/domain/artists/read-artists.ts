import { sql } from 'drizzle-orm';
import { artistNameKey } from '#core/artist-key';
import type { Artist, ArtistAppearance, ArtistDetail, ArtistLookupItem } from '#core/lineup-types';
import type { Database } from '#db/client';
import { artistEmbeds, artistLinks } from '#core/artist-embeds';
import { env } from '../../env';
import { sqlRows } from '../sql-rows';
import type { SitemapPart, SitemapSlice } from '../sitemap-parts';
import { cachedBody, type CachedBody } from '../../cached-body';
import { kept } from '../../cache/kept';

type Row = Record<string, unknown>;

export const artistColumns = sql`a.id, a.name, a.slug, a.country, a.genres, a.photo_url, a.website, a.instagram, a.soundcloud,
  a.spotify, a.resident_advisor, a.bandcamp, a.youtube`;

/**
 * An artist is public once on an approved festival's lineup, or when an admin created them and no
 * lineup names them yet. Names typed in a pending proposal stay out of sight until it is approved.
 * Kept in artists.is_public by triggers (migration artists-public), so a search that matches
 * thousands of names does not join each one's lineups.
 */
export const publicArtist = sql`a.is_public`;

export function toArtist(row: Row): Artist {
  return {
    id: Number(row.id),
    name: row.name as string,
    slug: row.slug as string,
    country: (row.country as string | null) ?? null,
    genres: (row.genres as string[] | null) ?? [],
    photo_url: (row.photo_url as string | null) ?? null,
    website: (row.website as string | null) ?? null,
    instagram: (row.instagram as string | null) ?? null,
    soundcloud: (row.soundcloud as string | null) ?? null,
    spotify: (row.spotify as string | null) ?? null,
    resident_advisor: (row.resident_advisor as string | null) ?? null,
    bandcamp: (row.bandcamp as string | null) ?? null,
    youtube: (row.youtube as string | null) ?? null,
  };
}

/** GET /api/artists/{id}: the artist and the editions they play, of approved festivals only. Two queries. */
export async function artistDetail(database: Database, id: number): Promise<ArtistDetail | null> {
  const [artists, appearances] = await Promise.all([
    sqlRows(database, sql`select ${artistColumns} from artists a where a.id = ${id} and ${publicArtist}`),
    sqlRows(
      database,
      sql`select f.id as festival_id, f.name, f.location, f.image_url,
        coalesce((select array_agg(g.name order by fg.position, g.name) from festival_genres fg join genres g on g.id = fg.genre_id
          where fg.festival_id = f.id), '{}') as genres,
        e.year, e.start_date, e.end_date, e.status, le.billing, le.day, le.stage,
        coalesce(e.end_date, e.start_date) >= current_date as upcoming
      from lineup_entries le
      join festival_editions e on e.id = le.edition_id
      join festivals f on f.id = e.festival_id and f.status = 'approved'
      where le.artist_id = ${id}
      order by upcoming desc, case when coalesce(e.end_date, e.start_date) >= current_date then e.start_date end asc,
        e.start_date desc, f.name`,
    ),
  ]);
  const [row] = artists;
  if (!row) return null;
  const upcoming: ArtistAppearance[] = [];
  const past: ArtistAppearance[] = [];
  const seen = new Set<string>();
  for (const a of appearances) {
    // Two sets at one edition (a live set and a DJ set) are one appearance on the artist's page.
    const key = `${a.festival_id}:${a.year}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const appearance: ArtistAppearance = {
      festival: {
        id: Number(a.festival_id),
        name: a.name as string,
        location: (a.location as string | null) ?? null,
        image_url: (a.image_url as string | null) ?? null,
        genres: (a.genres as string[] | null) ?? [],
      },
      year: Number(a.year),
      start_date: a.start_date as string,
      end_date: (a.end_date as string | null) ?? null,
      status: a.status as ArtistAppearance['status'],
      billing: a.billing as ArtistAppearance['billing'],
      day: (a.day as string | null) ?? null,
      stage: (a.stage as string | null) ?? null,
    };
    (a.upcoming ? upcoming : past).push(appearance);
  }
  const artist = toArtist(row);
  const links = { ...artist, youtube: artist.youtube ?? null };
  return { ...artist, upcoming, past, links: artistLinks(links), embeds: artistEmbeds(links, env().EMBED_TEST_ORIGIN) };
}

/**
 * What an artist's public page is built from, in one statement of primary-key reads: the version
 * triggers move on every write to the artist, their lineup entries and those editions
 * (artist_versions), the catalogue's version (the festivals' names, places, pictures, genres and
 * approval) and the database's date (which editions are upcoming).
 */
async function artistStamp(id: number, database: Database): Promise<string> {
  const [row] = await sqlRows<{ artist: string | null; catalogue: string | null; today: string }>(
    database,
    sql`select (select version from artist_versions where artist_id = ${id})::text as artist,
        (select version from catalogue_version where id = 1)::text as catalogue, current_date::text as today`,
  );
  return `${row?.artist ?? 0}:${row?.catalogue ?? 0}:${row?.today ?? ''}`;
}

/** Artist pages kept per artist under the cache's one rule (null: no public artist), 8 MB counting two bytes a character. */
const artistPages = kept<number, CachedBody | null>({
  madeOf: ['artist', 'edition', 'festival'],
  keyedBy: 'artist',
  maxBytes: 8 * 1024 * 1024,
  sizeOf: (body) => (body ? body.body.length * 2 : 64),
  stamp: artistStamp,
  load: async (id, database) => {
    const artist = await artistDetail(database, id);
    return artist ? cachedBody(artist) : null;
  },
});

/**
 * GET /api/artists/{id} serialised, with its ETag and compressed forms; null when there is no such
 * public artist. No statement while the kept page is fresh.
 */
export const artistDetailBody = (database: Database, id: number): Promise<CachedBody | null> =>
  artistPages.get(id, database);

/**
 * The artist pages a crawler should find (/sitemap.xml): every public artist, by id, with the
 * date of their last change. One query.
 */
export async function sitemapArtists(
  database: Database,
  slice?: SitemapSlice,
): Promise<{ id: number; slug: string; updatedAt: string }[]> {
  const page = slice ? sql` limit ${slice.limit} offset ${slice.offset}` : sql``;
  const rows = await sqlRows(
    database,
    sql`select a.id, a.slug, a.updated_at::date::text as updated_at from artists a where ${publicArtist} order by a.id${page}`,
  );
  return rows.map((row) => ({ id: Number(row.id), slug: row.slug as string, updatedAt: String(row.updated_at) }));
}

/** The public artists cut into sitemaps of `perFile` URLs in id order, like sitemapFestivalParts. One query. */
export async function sitemapArtistParts(database: Database, perFile: number): Promise<SitemapPart[]> {
  const rows = await sqlRows(
    database,
    sql`select count(*)::int as urls, max(updated_at)::date::text as lastmod
      from (select a.updated_at, (row_number() over (order by a.id) - 1) / ${perFile} as part from artists a where ${publicArtist}) ranked
      group by part order by part`,
  );
  return rows.map((row) => ({ urls: Number(row.urls), lastmod: String(row.lastmod) }));
}

/**
 * The artist each name already is, by the database's own name key (so the answer is what saving
 * the lineup would resolve to), in the order asked; null for a name saving would create. Every
 * artist counts, pending proposals' names included: an admin's save reuses them. One query.
 */
export async function artistsByNames(database: Database, names: string[]): Promise<ArtistLookupItem[]> {
  if (names.length === 0) return [];
  const rows = await sqlRows(
    database,
    sql`select n.name, a.id, a.name as artist_name, a.slug
    from json_array_elements_text(${JSON.stringify(names)}::json) with ordinality as n(name, ord)
    left join artists a on a.name_key = artist_name_key(n.name)
    order by n.ord`,
  );
  return rows.map((row) => ({
    name: row.name as string,
    artist:
      row.id === null || row.id === undefined
        ? null
        : { id: Number(row.id), name: row.artist_name as string, slug: row.slug as string },
  }));
}

/** Festivals with the artist on any edition's lineup (GET /api/festivals?artist=). */
export async function festivalIdsWithArtist(database: Database, artistId: number): Promise<Set<number>> {
  const rows = await sqlRows(
    database,
    sql`select distinct e.festival_id from lineup_entries le
    join festival_editions e on e.id = le.edition_id where le.artist_id = ${artistId}`,
  );
  return new Set(rows.map((r) => Number(r.festival_id)));
}

/**
 * Festivals whose lineups (any edition) hold an artist whose name contains the search, compared by
 * key: the home search finds a festival by who plays it. Empty for searches shorter than 3 keyed
 * characters, which would match half the artists.
 */
export async function festivalIdsWithArtistNamed(database: Database, search: string): Promise<Set<number>> {
  const key = artistNameKey(search);
  if (key.length < 3) return new Set();
  const rows = await sqlRows(
    database,
    sql`select distinct e.festival_id from artists a
    join lineup_entries le on le.artist_id = a.id
    join festival_editions e on e.id = le.edition_id
    where a.name_key like ${'%' + key + '%'}`,
  );
  return new Set(rows.map((r) => Number(r.festival_id)));
}
