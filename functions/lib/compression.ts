import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/compress';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Below this a compressed answer saves less than its headers and the work cost (hono/compress uses the same). */
export const COMPRESS_MIN_BYTES = 1024;

/**
 * Brotli's quality for answers compressed as they are sent: 4 compresses a 50 KB comment list in
 * about a millisecond and still beats gzip's best; 11 would take tens. Bodies kept between requests
 * are compressed once at a higher quality (cached-body.ts).
 */
const ON_THE_FLY_BROTLI_QUALITY = 4;

export type ContentCoding = 'br' | 'gzip';

/**
 * The coding to answer with for an Accept-Encoding header: brotli when accepted, else gzip, else
 * none. A coding listed with q=0 is refused; `*` accepts both unless they are refused by name.
 */
export function negotiateEncoding(header: string | undefined): ContentCoding | null {
  if (!header) return null;
  const q = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name, ...params] = part.split(';');
    const weight = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    q.set(name.trim(), weight ? Number(weight.slice(2)) || 0 : 1);
  }
  const accepted = (coding: ContentCoding) => (q.get(coding) ?? q.get('*') ?? 0) > 0;
  if (accepted('br')) return 'br';
  if (accepted('gzip')) return 'gzip';
  return null;
}

/** Adds Accept-Encoding to Vary unless it is there (or Vary is `*`). */
export function varyOnEncoding(headers: Headers): void {
  const vary = headers.get('Vary');
  if (!vary) headers.set('Vary', 'Accept-Encoding');
  else if (!/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(vary)) headers.set('Vary', `${vary}, Accept-Encoding`);
}

/** `body` in the negotiated coding, for answers made per request. */
export function compressBody(body: Uint8Array, coding: ContentCoding): Promise<Buffer> {
  if (coding === 'gzip') return gzipAsync(body, { level: 6 });
  return brotliAsync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: ON_THE_FLY_BROTLI_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    },
  });
}

/**
 * Compresses every compressible answer (JSON, HTML, XML, text) of 1 KB or more with brotli or gzip,
 * as the request's Accept-Encoding allows, and says `Vary: Accept-Encoding` on each. Answers that
 * already carry a Content-Encoding (the cached bodies, compressed once and kept: cached-body.ts),
 * HEAD requests, bodiless statuses and `Cache-Control: no-transform` pass untouched. The ETag is
 * kept: it names the content, which compression does not change, and a 304 stays a 304.
 * Node's zlib does the work (off the main thread), so a Lambda needs no extra package (decision 053).
 */
export function compressAnswers(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    // Status and headers only: reading `res.body` would turn the local server's fast answer (a string
    // or bytes written as they are) into a stream, for every request.
    if (
      c.req.method === 'HEAD' ||
      res.status < 200 ||
      res.status === 204 ||
      res.status === 205 ||
      res.status === 206 ||
      res.status === 304
    )
      return;
    if (res.headers.has('Content-Encoding')) return;
    const type = res.headers.get('Content-Type');
    if (!type || !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type)) return;
    if (/no-transform/i.test(res.headers.get('Cache-Control') ?? '')) return;
    const length = res.headers.get('Content-Length');
    if (length !== null && Number(length) < COMPRESS_MIN_BYTES) return;
    varyOnEncoding(res.headers);
    const coding = negotiateEncoding(c.req.header('Accept-Encoding'));
    if (!coding) return;
    const body = new Uint8Array(await res.arrayBuffer());
    if (body.length < COMPRESS_MIN_BYTES) {
      c.res = undefined;
      c.res = new Response(body, res);
      return;
    }
    const compressed = await compressBody(body, coding);
    // Setting c.res copies the old answer's headers onto the new one, Content-Length included.
    c.res = undefined;
    c.res = new Response(new Uint8Array(compressed), res);
    c.res.headers.delete('Content-Length');
    c.res.headers.set('Content-Encoding', coding);
  };
}
