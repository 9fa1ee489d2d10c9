import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, db } from '../support/api';
import { createFestival } from '../support/fixtures';

const HOST = { headers: { Host: 'festivales.test' } };
const locs = (xml: string, tag: 'url' | 'sitemap') =>
  [...xml.matchAll(new RegExp(`<${tag}><loc>([^<]+)</loc>`, 'g'))].map((m) => m[1]);

let approvedId: number;
let pendingId: number;

beforeAll(async () => {
  approvedId = await createFestival({ name: 'Festival Del Índice', startDate: '2033-07-01', endDate: '2033-07-03' });
  pendingId = await createFestival({ name: 'Festival Pendiente Del Índice', status: 'pending' });
});

describe('numbered sitemaps of a small catalogue', () => {
  it('/sitemap.xml stays one list of URLs while they fit one file', async () => {
    const res = await api('GET', '/sitemap.xml', HOST);
    expect(res.text).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(res.text).not.toContain('<sitemapindex');
    expect(locs(res.text, 'url')).toContain(`http://festivales.test/festival/${approvedId}/festival-del-indice`);
  });

  it('the numbered files answer too: the static pages, the approved festivals, and 404 past the last one or for another name', async () => {
    const pages = await api('GET', '/sitemaps/paginas.xml', HOST);
    expect(pages.status).toBe(200);
    expect(pages.headers.get('content-type')).toMatch(/application\/xml/);
    expect(locs(pages.text, 'url')).toEqual(
      ['/', '/map', '/calendar', '/about', '/contact', '/help', '/privacy', '/legal-notice'].map(
        (p) => `http://festivales.test${p}`,
      ),
    );

    const festivals = await api('GET', '/sitemaps/festivales-1.xml', HOST);
    expect(festivals.status).toBe(200);
    expect(locs(festivals.text, 'url')).toContain(`http://festivales.test/festival/${approvedId}/festival-del-indice`);
    expect(festivals.text).not.toContain(`/festival/${pendingId}/`);

    for (const missing of [
      '/sitemaps/festivales-2.xml',
      '/sitemaps/artistas-0.xml',
      '/sitemaps/otro.xml',
      '/sitemaps/festivales-1.xml.gz',
    ]) {
      expect((await api('GET', missing, HOST)).status, missing).toBe(404);
    }
  });
});

describe('a catalogue past 50,000 URLs', () => {
  beforeAll(async () => {
    // Public artists by the thousand (on no lineup yet, as an admin creates them), and one hidden.
    await db().execute(
      sql`insert into artists (name, slug) select 'Artista Índice ' || g, 'artista-indice-' || g from generate_series(1, 50001) g`,
    );
    await db().execute(
      sql`insert into artists (name, slug, is_public) values ('Artista Oculto Del Índice', 'artista-oculto-del-indice', false)`,
    );
  }, 120_000);

  it('/sitemap.xml becomes an index of numbered sitemaps of at most 50,000 URLs that list every public page once', async () => {
    const index = await api('GET', '/sitemap.xml', HOST);
    expect(index.status).toBe(200);
    expect(index.headers.get('content-type')).toMatch(/application\/xml/);
    expect(
      index.text.startsWith(
        '<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ),
    ).toBe(true);
    const files = locs(index.text, 'sitemap');
    expect(files).toEqual([
      'http://festivales.test/sitemaps/paginas.xml',
      'http://festivales.test/sitemaps/festivales-1.xml',
      'http://festivales.test/sitemaps/artistas-1.xml',
      'http://festivales.test/sitemaps/artistas-2.xml',
    ]);
    expect(index.text).toMatch(
      /<sitemap><loc>http:\/\/festivales\.test\/sitemaps\/artistas-2\.xml<\/loc><lastmod>\d{4}-\d{2}-\d{2}<\/lastmod><\/sitemap>/,
    );

    const listed: string[] = [];
    for (const file of files) {
      const part = await api('GET', file.replace('http://festivales.test', ''), HOST);
      expect(part.status).toBe(200);
      const urls = locs(part.text, 'url');
      expect(urls.length).toBeLessThanOrEqual(50_000);
      listed.push(...urls);
    }
    const count = async (query: ReturnType<typeof sql>) =>
      Number(((await db().execute(query)) as unknown as { rows: { n: number }[] }).rows[0].n);
    const publicArtists = await count(sql`select count(*)::int as n from artists where is_public`);
    const approved = await count(sql`select count(*)::int as n from festivals where status = 'approved'`);
    expect(new Set(listed).size).toBe(listed.length);
    expect(listed.length).toBe(8 + approved + publicArtists);
    expect(listed).toContain(`http://festivales.test/festival/${approvedId}/festival-del-indice`);
    expect(listed.filter((u) => u.includes('/artista/')).length).toBe(publicArtists);
    expect(listed.some((u) => u.includes('artista-oculto-del-indice'))).toBe(false);
    expect(listed.some((u) => u.includes(`/festival/${pendingId}/`))).toBe(false);
  });
});
