import type { IncomingMessage, RequestListener } from 'node:http';
import type { Hono } from 'hono';
import { cachedAnswer, type CachedAnswer, type CachedBody } from './cached-body';
import { logRequest, newRequestId } from './request-context';
import { securityHeaderPairs } from './security-headers';

/** A request header by its lower-case name; undefined when absent. */
export type HeaderOf = (name: string) => string | undefined;

/** A kept body that answers a request as it is, and the Cache-Control it goes with. */
export interface KeptBody {
  body: CachedBody;
  cacheControl: string;
}

/**
 * Finds the kept answer to a GET by its target (path and query exactly as sent), or undefined
 * when the request must go the whole way (unknown target, nothing kept, or a header that changes
 * the answer beyond what cachedAnswer handles).
 */
export type KeptLookup = (target: string, header: HeaderOf) => KeptBody | undefined;

/** The path and query of a request URL as sent ("/api/festivals/page?limit=24"). */
export function requestTarget(url: string): string {
  const start = url.indexOf('/', url.indexOf('://') + 3);
  return start < 0 ? '/' : url.slice(start);
}

/**
 * Headers as the local server parsed them (node:http, handed over by @hono/node-server as
 * `env.incoming`), else the Request's own: building a Headers object from node's raw headers is
 * a good part of a small answer's cost.
 */
function headerReader(request: Request, env: unknown): HeaderOf {
  const incoming = (env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (incoming?.headers) return nodeHeaderReader(incoming);
  return (name) => request.headers.get(name) ?? undefined;
}

function nodeHeaderReader(incoming: IncomingMessage): HeaderOf {
  const headers = incoming.headers;
  return (name) => {
    const value = headers[name];
    return Array.isArray(value) ? value.join(', ') : value;
  };
}

interface KeptParts {
  status: number;
  headers: Record<string, string>;
  body: CachedAnswer['body'];
}

/**
 * The answer to a GET from a kept body, with everything the middleware would have added (request
 * id and log line, security headers, ETag and 304, compressed form, Vary, Cache-Control), or
 * undefined to go through the app.
 */
function keptParts(target: string, header: HeaderOf, env: unknown, lookup: KeptLookup): KeptParts | undefined {
  const started = performance.now();
  const kept = lookup(target, header);
  if (!kept) return undefined;
  const security = securityHeaderPairs();
  if (!security) return undefined;
  const answer = cachedAnswer(kept.body, { ifNoneMatch: header('if-none-match'), acceptEncoding: header('accept-encoding'), cacheControl: kept.cacheControl });
  const id = newRequestId(env);
  const headers: Record<string, string> = { 'x-request-id': id, ...answer.headers };
  for (const [name, value] of security) headers[name] = value;
  const query = target.indexOf('?');
  logRequest(id, 'GET', query < 0 ? target : target.slice(0, query), answer.status, started);
  return { status: answer.status, headers, body: answer.body };
}

/**
 * Makes `app` answer GETs that `lookup` knows from their kept body before routing, middleware and
 * validation run: a list page asked for again and again is then a lookup and a write. The answer
 * is the one the route would give (the route itself made the kept body and named its target);
 * anything else goes to the app unchanged.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any app, whatever its env and routes
export function answerKeptFirst<A extends Hono<any, any, any>>(app: A, lookup: KeptLookup): A {
  const routed = app.fetch;
  app.fetch = (request, env, executionContext) => {
    if (request.method !== 'GET') return routed(request, env, executionContext);
    const kept = keptParts(requestTarget(request.url), headerReader(request, env), env, lookup);
    return kept ? new Response(kept.body, { status: kept.status, headers: kept.headers }) : routed(request, env, executionContext);
  };
  return app;
}

/**
 * The same kept answers for the local server, written on node's response before a Request and a
 * Response are made for the app (@hono/node-server's listener, `next`): most of a small kept
 * answer's cost was those two objects and copying their headers. Bytes and headers are those of
 * answerKeptFirst; every other request goes to `next` unchanged.
 */
export function answerKeptInNode(lookup: KeptLookup, next: RequestListener): RequestListener {
  return (incoming, outgoing) => {
    const kept = incoming.method === 'GET' && incoming.url ? keptParts(incoming.url, nodeHeaderReader(incoming), undefined, lookup) : undefined;
    if (!kept) return next(incoming, outgoing);
    const { body } = kept;
    // Given with the head, so node sends a Content-Length rather than a chunked body, as the adapter does.
    if (body !== null) kept.headers['content-length'] = String(typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength);
    outgoing.writeHead(kept.status, kept.headers);
    outgoing.end(body ?? undefined);
  };
}
