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
            [constants.BROTLI_PARAM_QUALITY]:
              options.brotliQuality ?? (body.length <= BROTLI_BEST_QUALITY_MAX_CHARS ? 11 : 5),
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

/** What a kept body answers to one request: its status, headers (lower-case names) and bytes (null for a 304). */
export interface CachedAnswer {
  status: 200 | 304;
  headers: Record<string, string>;
  body: string | Uint8Array<ArrayBuffer> | null;
}

/**
 * The answer to a request for a cached JSON body: 304 when the client holds it (If-None-Match),
 * else brotli or gzip when accepted (the compressed form is made once and kept with the body),
 * else the text.
 */
export function cachedAnswer(
  cached: CachedBody,
  request: { ifNoneMatch: string | undefined; acceptEncoding: string | undefined; cacheControl: string | undefined },
): CachedAnswer {
  const headers: Record<string, string> = {};
  if (request.cacheControl) headers['cache-control'] = request.cacheControl;
  headers.etag = cached.etag;
  headers.vary = 'Accept-Encoding';
  const { ifNoneMatch } = request;
  if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === cached.etag)) {
    return { status: 304, headers, body: null };
  }
  headers['content-type'] = 'application/json; charset=utf-8';
  const coding = negotiateEncoding(request.acceptEncoding);
  if (!coding) return { status: 200, headers, body: cached.body };
  headers['content-encoding'] = coding;
  return { status: 200, headers, body: coding === 'br' ? cached.brotli() : cached.gzip() };
}

/** Sends a cached JSON body (cachedAnswer) from a route. */
export function sendCachedBody(c: Context, cached: CachedBody, cacheControl: string | undefined) {
  const answer = cachedAnswer(cached, {
    ifNoneMatch: c.req.header('If-None-Match'),
    acceptEncoding: c.req.header('Accept-Encoding'),
    cacheControl,
  });
  for (const name in answer.headers) c.header(name, answer.headers[name]);
  const { body } = answer;
  if (body === null) return c.body(null, 304);
  return typeof body === 'string' ? c.body(body, 200) : c.body(body, 200);
}

/** A page of a public list, with its serialised body and the list's total. */
export interface ListPage<T> {
  items: T[];
  body: string;
  total: number;
}

/** Each page's body with its compressed forms, made on first use and gone with the page. */
const pageBodies = new WeakMap<ListPage<unknown>, CachedBody>();

/**
 * Sends a page of a public list: the total in X-Total-Count, the body compressed as the request
 * accepts (once per cached page, however many requests read it) with its ETag. Pages are rebuilt
 * on every write to their list, so brotli runs at the quality made for bodies that do not last.
 */
export function sendListPage(c: Context, page: ListPage<unknown>) {
  let body = pageBodies.get(page);
  if (!body) pageBodies.set(page, (body = cachedText(page.body, { brotliQuality: PER_REQUEST_BROTLI_QUALITY })));
  c.header('X-Total-Count', String(page.total));
  return sendCachedBody(c, body, undefined);
}
