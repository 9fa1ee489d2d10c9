import { festivalPath } from '#core/share';
import { artistPath } from '#core/lineup-view';
import type { Database } from '#db/client';
import { sitemapFestivalParts, sitemapFestivals } from '../lib/domain/festivals/public-pages';
import { sitemapArtistParts, sitemapArtists } from '../lib/domain/artists/read-artists';
import type { SitemapPart } from '../lib/domain/sitemap-parts';

/**
 * The sitemap protocol's limit per file: 50,000 URLs (and 50 MB, which that many of our URLs stay
 * far below). Past it, /sitemap.xml becomes a sitemap index naming numbered sitemaps of at most
 * this many URLs each, which crawlers then fetch one by one.
 */
export const SITEMAP_URLS_PER_FILE = 50_000;

/** Public pages listed in the sitemap besides the festivals and the artists. */
const STATIC_PATHS = ['/', '/map', '/calendar', '/about', '/contact', '/help', '/privacy', '/legal-notice'];

/** Where the numbered sitemaps live: /sitemaps/paginas.xml, /sitemaps/festivales-1.xml, /sitemaps/artistas-1.xml... */
export const SITEMAPS_PATH = '/sitemaps';

const xmlEscape = (value: string) =>
  value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>';
const NAMESPACE = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';

const day = (value: Date | string) => new Date(value).toISOString().slice(0, 10);

interface Entry {
  path: string;
  lastmod?: Date | string | null;
}

function urlset(base: string, entries: Entry[]): string {
  const url = ({ path, lastmod }: Entry) =>
    `  <url><loc>${xmlEscape(`${base}${path}`)}</loc>${lastmod ? `<lastmod>${day(lastmod)}</lastmod>` : ''}</url>`;
  return [XML_HEAD, `<urlset ${NAMESPACE}>`, ...entries.map(url), '</urlset>', ''].join('\n');
}

function sitemapIndex(base: string, entries: Entry[]): string {
  const sitemap = ({ path, lastmod }: Entry) =>
    `  <sitemap><loc>${xmlEscape(`${base}${path}`)}</loc>${lastmod ? `<lastmod>${day(lastmod)}</lastmod>` : ''}</sitemap>`;
  return [XML_HEAD, `<sitemapindex ${NAMESPACE}>`, ...entries.map(sitemap), '</sitemapindex>', ''].join('\n');
}

const festivalEntries = (rows: { id: number; name: string; updatedAt: Date }[]): Entry[] =>
  rows.map((r) => ({ path: festivalPath(r.id, r.name), lastmod: r.updatedAt }));
const artistEntries = (rows: { id: number; slug: string; updatedAt: string }[]): Entry[] =>
  rows.map((a) => ({ path: artistPath(a.id, a.slug), lastmod: a.updatedAt }));

const partEntries = (kind: 'festivales' | 'artistas', parts: SitemapPart[]): Entry[] =>
  parts.map((part, i) => ({ path: `${SITEMAPS_PATH}/${kind}-${i + 1}.xml`, lastmod: part.lastmod }));

/**
 * /sitemap.xml: every public URL in one file (the static pages, approved festivals, public artists)
 * while they fit the protocol's limit; past it, the index of the numbered sitemaps. Two queries
 * count the parts (one row per part); a single file then reads its rows with two more.
 */
export async function rootSitemap(database: Database, base: string): Promise<string> {
  const [festivalParts, artistParts] = await Promise.all([
    sitemapFestivalParts(database, SITEMAP_URLS_PER_FILE),
    sitemapArtistParts(database, SITEMAP_URLS_PER_FILE),
  ]);
  const total = STATIC_PATHS.length + [...festivalParts, ...artistParts].reduce((sum, part) => sum + part.urls, 0);
  if (total <= SITEMAP_URLS_PER_FILE) {
    const [festivals, artists] = await Promise.all([sitemapFestivals(database), sitemapArtists(database)]);
    return urlset(base, [
      ...STATIC_PATHS.map((path) => ({ path })),
      ...festivalEntries(festivals),
      ...artistEntries(artists),
    ]);
  }
  return sitemapIndex(base, [
    { path: `${SITEMAPS_PATH}/paginas.xml` },
    ...partEntries('festivales', festivalParts),
    ...partEntries('artistas', artistParts),
  ]);
}

const NUMBERED = /^(festivales|artistas)-([1-9]\d{0,5})\.xml$/;

/**
 * One numbered sitemap (the file name under /sitemaps/), or undefined when there is no such file:
 * an unknown name, or a number past the last part (the list shrank since the index was read).
 * The same files answer whatever the catalogue's size, so an index a crawler kept stays valid.
 */
export async function numberedSitemap(database: Database, base: string, file: string): Promise<string | undefined> {
  if (file === 'paginas.xml')
    return urlset(
      base,
      STATIC_PATHS.map((path) => ({ path })),
    );
  const match = NUMBERED.exec(file);
  if (!match) return undefined;
  const slice = { offset: (Number(match[2]) - 1) * SITEMAP_URLS_PER_FILE, limit: SITEMAP_URLS_PER_FILE };
  const entries =
    match[1] === 'festivales'
      ? festivalEntries(await sitemapFestivals(database, slice))
      : artistEntries(await sitemapArtists(database, slice));
  // The first part exists even when empty (a catalogue without artists yet); later ones only with rows.
  if (entries.length === 0 && slice.offset > 0) return undefined;
  return urlset(base, entries);
}
