import type { IncomingMessage } from 'node:http';
import type { Hono } from 'hono';
import { cachedAnswer, type CachedBody } from './cached-body';
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
  if (incoming?.headers) {
    const headers = incoming.headers;
    return (name) => {
      const value = headers[name];
      return Array.isArray(value) ? value.join(', ') : value;
    };
  }
  return (name) => request.headers.get(name) ?? undefined;
}

/**
 * The answer to a GET from a kept body, with everything the middleware would have added (request
 * id and log line, security headers, ETag and 304, compressed form, Vary, Cache-Control), or
 * undefined to go through the app.
 */
function keptAnswer(request: Request, env: unknown, lookup: KeptLookup): Response | undefined {
  const started = performance.now();
  const header = headerReader(request, env);
  const target = requestTarget(request.url);
  const kept = lookup(target, header);
  if (!kept) return undefined;
  const security = securityHeaderPairs();
  if (!security) return undefined;
  const answer = cachedAnswer(kept.body, {
    ifNoneMatch: header('if-none-match'),
    acceptEncoding: header('accept-encoding'),
    cacheControl: kept.cacheControl,
  });
  const id = newRequestId(env);
  const headers: Record<string, string> = { 'x-request-id': id, ...answer.headers };
  for (const [name, value] of security) headers[name] = value;
  const query = target.indexOf('?');
  logRequest(id, 'GET', query < 0 ? target : target.slice(0, query), answer.status, started);
  return new Response(answer.body, { status: answer.status, headers });
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
  app.fetch = (request, env, executionContext) =>
    (request.method === 'GET' && keptAnswer(request, env, lookup)) || routed(request, env, executionContext);
  return app;
}
