import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Hono, type Context } from 'hono';
import { artistShareMeta, festivalShareMeta, PRODUCT_NAME, type ShareMeta } from '#core/share';
import { toErrorResponse } from '../lib/app';
import type { AppEnv } from '../lib/app-env';
import { db } from '../lib/db';
import { env } from '../lib/env';
import { approvedFestival } from '../lib/domain/festivals/public-pages';
import { festivalEditionFieldsIfAvailable } from '../lib/domain/editions/read-editions';
import { artistDetail } from '../lib/domain/artists/read-artists';
import { stockName, stockNameOfUrl, stockSrcSet } from '#core/stock-images';
import { securityHeaders } from '../lib/security-headers';
import { imageInfoForUrl } from '../lib/image-variant-records';
import { compressAnswers } from '../lib/compression';
import { documenter } from '../lib/openapi';
import { z } from '#core/zod';
import { festivalHeroHtml, withStaticHero } from './festival-html';
import { numberedSitemap, rootSitemap, SITEMAPS_PATH } from './sitemap';

const doc = documenter('Páginas');

/**
 * The HTML a crawler or a chat app gets for a festival URL: the SPA's index.html with the share
 * metadata (title '{name} - Festivales', description cut to 160, Open Graph, Twitter
 * card, JSON-LD Event) written into <head>, so link previews work without running script.
 * Also /robots.txt and /sitemap.xml (the public pages, approved festivals and public artists).
 *
 * Where index.html comes from: locally web/dist/index.html (the build the server serves); in Lambda
 * it is fetched from the site's own CDN origin (PUBLIC_BASE_URL/index.html) and kept for a minute,
 * so the hashed asset names always match the deployed SPA without redeploying this function.
 */

type IndexLoader = () => Promise<string>;

const INDEX_TTL_MS = 60_000;
let loader: IndexLoader | undefined;
let cachedIndex: { html: Promise<string>; at: number } | undefined;

function defaultLoader(): IndexLoader {
  const config = env();
  if (config.onLambda) {
    return async () => {
      if (!config.PUBLIC_BASE_URL) throw new Error('PUBLIC_BASE_URL is required to load index.html in Lambda');
      const res = await fetch(`${config.PUBLIC_BASE_URL}/index.html`, { headers: { Accept: 'text/html' } });
      if (!res.ok) throw new Error(`index.html: HTTP ${res.status}`);
      return res.text();
    };
  }
  return () => readFile(path.resolve(process.cwd(), 'web/dist/index.html'), 'utf8');
}

/** The local server points this at its web root; tests give a fixed page. */
export function setIndexHtmlLoader(next: IndexLoader | undefined): void {
  loader = next;
  cachedIndex = undefined;
}

function indexHtml(): Promise<string> {
  const now = Date.now();
  if (!cachedIndex || now - cachedIndex.at > INDEX_TTL_MS) {
    const html = (loader ?? defaultLoader())();
    const entry = { html, at: now };
    html.catch(() => {
      if (cachedIndex === entry) cachedIndex = undefined;
    });
    cachedIndex = entry;
  }
  return cachedIndex.html;
}

const escapeHtml = (value: string) =>
  value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/** JSON inside <script>: '<' escaped so no '</script>' or '<!--' can end the block. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

export function shareHead(meta: ShareMeta): string {
  const tag = (attr: 'property' | 'name', key: string, content: string) =>
    `<meta ${attr}="${key}" content="${escapeHtml(content)}" data-share="" />`;
  return [
    `<link rel="canonical" href="${escapeHtml(meta.url)}" data-share="" />`,
    tag('property', 'og:type', 'website'),
    tag('property', 'og:site_name', PRODUCT_NAME),
    tag('property', 'og:locale', 'es_ES'),
    tag('property', 'og:title', meta.title),
    tag('property', 'og:description', meta.description),
    tag('property', 'og:url', meta.url),
    tag('property', 'og:image', meta.image),
    tag('property', 'og:image:alt', meta.imageAlt),
    tag('name', 'twitter:card', 'summary_large_image'),
    tag('name', 'twitter:title', meta.title),
    tag('name', 'twitter:description', meta.description),
    tag('name', 'twitter:image', meta.image),
    tag('name', 'twitter:image:alt', meta.imageAlt),
    `<script type="application/ld+json" data-share="">${scriptJson(meta.jsonLd)}</script>`,
  ].join('\n    ');
}

/**
 * index.html with the festival's title, description and share tags. Every replacement is a
 * function: a replacement string would expand `$&`, `` $` `` and `$'` found in festival text into
 * parts of the page.
 */
export function injectShareMeta(html: string, meta: ShareMeta): string {
  const title = `<title>${escapeHtml(meta.title)}</title>`;
  let out = html.replace(/<title>[\s\S]*?<\/title>/i, () => title);
  const description = `<meta name="description" content="${escapeHtml(meta.description)}" />`;
  out = /<meta\s+name="description"[^>]*>/i.test(out)
    ? out.replace(/<meta\s+name="description"[^>]*>/i, () => description)
    : out.replace(/<\/head>/i, () => `  ${description}\n  </head>`);
  const head = shareHead(meta);
  return out.includes('<!--app-head-->')
    ? out.replace('<!--app-head-->', () => head)
    : out.replace(/<\/head>/i, () => `  ${head}\n  </head>`);
}

/**
 * PUBLIC_BASE_URL; production refuses to start without it, because these pages are cached and a
 * Host or X-Forwarded-* header would otherwise write the caller's domain into them. Development
 * without it uses the origin the request came to (its Host; forwarded headers are never trusted).
 */
export function baseUrl(c: Context): string {
  const configured = env().PUBLIC_BASE_URL;
  if (configured) return configured;
  const url = new URL(c.req.url);
  return `${url.protocol}//${c.req.header('Host') || url.host}`;
}

const ID = /^[1-9]\d{0,9}$/;

async function festivalPage(c: Context<AppEnv>) {
  const raw = c.req.param('id') ?? '';
  const id = ID.test(raw) ? Number(raw) : NaN;
  const html = await indexHtml();
  c.header('Cache-Control', 'public, max-age=0, s-maxage=60, must-revalidate');
  if (!Number.isSafeInteger(id) || id > 2147483647) return c.html(html, 404);
  // Only approved festivals are public; a pending proposal's page still loads (the SPA asks the
  // API with the proposer's token) but shares nothing and answers 404 to crawlers.
  let festival;
  let editionFields;
  try {
    const database = await db();
    festival = await approvedFestival(database, id);
    // The JSON-LD names the current edition's performers and offers.
    if (festival) editionFields = await festivalEditionFieldsIfAvailable(database, festival.id);
  } catch (error) {
    // Without the database the page still works in a browser; only the preview is lost.
    console.error('[pages] festival lookup failed', error);
    c.header('Cache-Control', 'no-store');
    return c.html(html);
  }
  if (!festival) return c.html(html, 404);
  let image = null;
  if (festival.image_url && !stockNameOfUrl(festival.image_url)) {
    try {
      image = await imageInfoForUrl(await db(), festival.image_url);
    } catch (error) {
      console.error('[pages] image copies lookup failed', error);
    }
  }
  const page = injectShareMeta(html, festivalShareMeta({ ...festival, ...editionFields }, baseUrl(c)));
  const preload = heroPreload(festival, image?.sources ?? null);
  // The hero itself drawn with the first paint ('Mi horario' is another screen).
  const hero = c.req.path.endsWith('/horario') ? '' : festivalHeroHtml(festival, image);
  return c.html(withStaticHero(preload ? page.replace(/<\/head>/i, () => `  ${preload}\n  </head>`) : page, hero));
}

/**
 * The hero image, preloaded from the page's <head> so the browser fetches it with the scripts
 * instead of after them (it is the page's largest paint). The same AVIF `srcset` and `sizes` the
 * hero's <picture> offers, so the copy preloaded is the one it takes: the photo's copies when the
 * festival has its own image with copies, else the stock artwork (the one its image names, or the
 * one the web picks by id; core/stock-images.ts). An own image without copies gets none (its URL
 * may be rewritten by the web).
 */
export function heroPreload(
  festival: { id: number; image_url: string | null },
  copies: { url: string; width: number; type: string }[] | null,
): string {
  let srcset: string;
  const stock = festival.image_url ? stockNameOfUrl(festival.image_url) : stockName(festival.id);
  if (stock) {
    srcset = stockSrcSet(stock, 'avif');
  } else {
    const avif = (copies ?? []).filter((s) => s.type === 'image/avif');
    if (!avif.length) return '';
    srcset = avif.map((s) => `${s.url} ${s.width}w`).join(', ');
  }
  return `<link rel="preload" as="image" type="image/avif" imagesrcset="${escapeHtml(srcset)}" imagesizes="100vw" fetchpriority="high" data-share="" />`;
}

/** An artist's page with its own preview; an unknown or non-public artist gets the SPA with 404. */
async function artistPage(c: Context<AppEnv>) {
  const raw = c.req.param('id') ?? '';
  const id = ID.test(raw) ? Number(raw) : NaN;
  const html = await indexHtml();
  c.header('Cache-Control', 'public, max-age=0, s-maxage=60, must-revalidate');
  if (!Number.isSafeInteger(id) || id > 2147483647) return c.html(html, 404);
  let artist;
  try {
    artist = await artistDetail(await db(), id);
  } catch (error) {
    console.error('[pages] artist lookup failed', error);
    c.header('Cache-Control', 'no-store');
    return c.html(html);
  }
  if (!artist) return c.html(html, 404);
  return c.html(injectShareMeta(html, artistShareMeta(artist, baseUrl(c))));
}

function sitemapAnswer(c: Context<AppEnv>, body: string) {
  c.header('Content-Type', 'application/xml; charset=utf-8');
  c.header('Cache-Control', 'public, max-age=300');
  return c.body(body);
}

export const app = new Hono<AppEnv>()
  // A festival's page is index.html with its share tags and JSON-LD (10 KB with a long lineup):
  // compressed here (brotli or gzip, decision 053), so it is also compressed where no CDN does it.
  .use('*', compressAnswers())
  .use('/festival/*', securityHeaders())
  .use('/artista/*', securityHeaders())
  .use('/robots.txt', securityHeaders())
  .use('/sitemap.xml', securityHeaders())
  .use(`${SITEMAPS_PATH}/*`, securityHeaders())
  .get(
    '/festival/:id',
    doc({
      summary: 'Página del festival para compartir (HTML con metadatos Open Graph)',
      responses: {
        200: { description: 'HTML', schema: z.string(), contentType: 'text/html' },
        404: { description: 'HTML de la web', schema: z.string(), contentType: 'text/html' },
      },
    }),
    festivalPage,
  )
  .get(
    '/festival/:id/:slug',
    doc({
      summary: 'Página del festival con su nombre en la URL',
      responses: {
        200: { description: 'HTML', schema: z.string(), contentType: 'text/html' },
        404: { description: 'HTML de la web', schema: z.string(), contentType: 'text/html' },
      },
    }),
    festivalPage,
  )
  // 'Mi horario' of a festival: the web app, with the festival's preview when the link is shared.
  .get(
    '/festival/:id/:slug/horario',
    doc({
      summary: 'Mi horario de un festival (la web, con la vista previa del festival)',
      responses: {
        200: { description: 'HTML', schema: z.string(), contentType: 'text/html' },
        404: { description: 'HTML de la web', schema: z.string(), contentType: 'text/html' },
      },
    }),
    festivalPage,
  )
  .get(
    '/artista/:id',
    doc({
      summary: 'Página de un artista para compartir (HTML con metadatos Open Graph)',
      responses: {
        200: { description: 'HTML', schema: z.string(), contentType: 'text/html' },
        404: { description: 'HTML de la web', schema: z.string(), contentType: 'text/html' },
      },
    }),
    artistPage,
  )
  .get(
    '/artista/:id/:slug',
    doc({
      summary: 'Página de un artista con su nombre en la URL',
      responses: {
        200: { description: 'HTML', schema: z.string(), contentType: 'text/html' },
        404: { description: 'HTML de la web', schema: z.string(), contentType: 'text/html' },
      },
    }),
    artistPage,
  )
  .get(
    '/robots.txt',
    doc({
      summary: 'robots.txt',
      responses: { 200: { description: 'Texto', schema: z.string(), contentType: 'text/plain' } },
    }),
    (c) => {
      c.header('Cache-Control', 'public, max-age=3600');
      return c.text(
        [
          'User-agent: *',
          'Allow: /',
          'Disallow: /admin',
          'Disallow: /proponer',
          'Disallow: /favorites',
          'Disallow: /api/',
          '',
          `Sitemap: ${baseUrl(c)}/sitemap.xml`,
          '',
        ].join('\n'),
      );
    },
  )
  .get(
    '/sitemap.xml',
    doc({
      summary: 'Mapa del sitio (un índice de mapas numerados cuando pasa de 50.000 direcciones)',
      responses: { 200: { description: 'XML', schema: z.string(), contentType: 'application/xml' } },
    }),
    async (c) => sitemapAnswer(c, await rootSitemap(await db(), baseUrl(c))),
  )
  .get(
    `${SITEMAPS_PATH}/:file`,
    doc({
      summary: 'Un mapa del sitio numerado del índice (páginas, festivales o artistas)',
      responses: {
        200: { description: 'XML', schema: z.string(), contentType: 'application/xml' },
        404: { description: 'No existe ese mapa', schema: z.string(), contentType: 'text/plain' },
      },
    }),
    async (c) => {
      const body = await numberedSitemap(await db(), baseUrl(c), c.req.param('file'));
      if (body === undefined) return c.text('Mapa del sitio no encontrado', 404);
      return sitemapAnswer(c, body);
    },
  );

app.onError(toErrorResponse);
