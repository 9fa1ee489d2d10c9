import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Context } from 'hono';

/** A serialised JSON answer kept between requests, with its ETag and its compressed forms. */
export interface CachedBody {
  etag: string;
  body: string;
  /** Compressed on first use: most callers (Lambda behind CloudFront, the admin list) never ask. */
  gzip(): Buffer;
  brotli(): Buffer;
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
  const body = JSON.stringify(value);
  const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
  let gzipped: Buffer | undefined;
  let brotlied: Buffer | undefined;
  return {
    etag,
    body,
    gzip: () => (gzipped ??= gzipSync(body, { level: 6 })),
    brotli: () =>
      (brotlied ??= brotliCompressSync(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: options.brotliQuality ?? (body.length <= BROTLI_BEST_QUALITY_MAX_CHARS ? 11 : 5),
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        },
      })),
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

/** Whether an Accept-Encoding header accepts `coding` (a q=0 refuses it). */
function accepts(header: string, coding: string): boolean {
  return header.split(',').some((part) => {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (name.trim() !== coding) return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return !q || Number(q.slice(2)) > 0;
  });
}

/**
 * Sends a cached JSON body: 304 when the client holds it (If-None-Match), else brotli or gzip when
 * accepted (the compressed form is made once and kept with the body), else the text.
 */
export function sendCachedBody(c: Context, cached: CachedBody, cacheControl: string) {
  c.header('Cache-Control', cacheControl);
  c.header('ETag', cached.etag);
  c.header('Vary', 'Accept-Encoding');
  const ifNoneMatch = c.req.header('If-None-Match');
  if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === cached.etag)) {
    return c.body(null, 304);
  }
  c.header('Content-Type', 'application/json; charset=utf-8');
  const acceptEncoding = c.req.header('Accept-Encoding') ?? '';
  if (accepts(acceptEncoding, 'br')) {
    c.header('Content-Encoding', 'br');
    return c.body(new Uint8Array(cached.brotli()));
  }
  if (accepts(acceptEncoding, 'gzip')) {
    c.header('Content-Encoding', 'gzip');
    return c.body(new Uint8Array(cached.gzip()));
  }
  return c.body(cached.body);
}
