import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Context } from 'hono';
import { negotiateEncoding } from './compression';

/** A serialised JSON answer kept between requests, with its ETag and its compressed forms. */
export interface CachedBody {
  etag: string;
  body: string;
  /** Compressed on first use: most callers (Lambda behind CloudFront, the admin list) never ask. */
  gzip(): Uint8Array<ArrayBuffer>;
  brotli(): Uint8Array<ArrayBuffer>;
}

/**
 * Brotli's best quality takes seconds on a multi-megabyte catalogue; past this size a middle
 * quality keeps the first request short (still smaller than gzip).
 */
const BROTLI_BEST_QUALITY_MAX_CHARS = 256 * 1024;

/**
 * Brotli's quality for a body made per request rather than kept for many: quality 11 took over a
 * second on a 300 KB festival history (editions with their lineups) under load; 5 takes a few ms.
 */
export const PER_REQUEST_BROTLI_QUALITY = 5;

export function cachedBody(value: unknown, options: { brotliQuality?: number } = {}): CachedBody {
  return cachedText(JSON.stringify(value), options);
}

/** The same for a body already serialised (a page of comments or photos). */
export function cachedText(body: string, options: { brotliQuality?: number } = {}): CachedBody {
  const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
  // Copied once into plain arrays, which Hono sends as they are (a Buffer would be copied per request).
  let gzipped: Uint8Array<ArrayBuffer> | undefined;
  let brotlied: Uint8Array<ArrayBuffer> | undefined;
  return {
    etag,
    body,
    gzip: () => (gzipped ??= new Uint8Array(gzipSync(body, { level: 6 }))),
    brotli: () =>
      (brotlied ??= new Uint8Array(
        brotliCompressSync(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: options.brotliQuality ?? (body.length <= BROTLI_BEST_QUALITY_MAX_CHARS ? 11 : 5),
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        },
      }),
      )),
  };
}

/**
 * Public reads: browsers check with the server every time (max-age=0, ETag), while the CDN keeps
 * the answer one second and serves it up to 30 s longer while it fetches a fresh one in the
 * background. A popular list then reaches a function about once a second per edge location,
 * and a change to the catalogue shows within a second or two on every list.
 */
export const PUBLIC_EDGE_CACHE = 'public, max-age=0, s-maxage=1, stale-while-revalidate=30';
/** The same read with a token: kept out of shared caches. */
export const PRIVATE_CACHE = 'private, max-age=0, must-revalidate';

/** The Cache-Control of a public read: shared caches only for requests that carry no credentials. */
export function publicReadCacheControl(c: Context): string {
  return c.req.header('Authorization') || c.req.header('Cookie') ? PRIVATE_CACHE : PUBLIC_EDGE_CACHE;
}

/**
 * Sends a cached JSON body: 304 when the client holds it (If-None-Match), else brotli or gzip when
 * accepted (the compressed form is made once and kept with the body), else the text.
 */
export function sendCachedBody(c: Context, cached: CachedBody, cacheControl: string | undefined) {
  if (cacheControl) c.header('Cache-Control', cacheControl);
  c.header('ETag', cached.etag);
  c.header('Vary', 'Accept-Encoding');
  const ifNoneMatch = c.req.header('If-None-Match');
  if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === cached.etag)) {
    return c.body(null, 304);
  }
  c.header('Content-Type', 'application/json; charset=utf-8');
  const coding = negotiateEncoding(c.req.header('Accept-Encoding'));
  if (coding) {
    c.header('Content-Encoding', coding);
    return c.body(coding === 'br' ? cached.brotli() : cached.gzip());
  }
  return c.body(cached.body);
}
