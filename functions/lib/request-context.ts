import { randomUUID } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { log } from './log';

/**
 * An id for the request: Lambda's own request id (it is in CloudWatch's REPORT line too), else a
 * new UUID. `env` is what the adapter passes the app (hono/aws-lambda puts the Lambda context in it).
 */
export function newRequestId(env: unknown): string {
  const lambdaId = (env as { lambdaContext?: { awsRequestId?: unknown } } | undefined)?.lambdaContext?.awsRequestId;
  return typeof lambdaId === 'string' && /^[\w-]{1,64}$/.test(lambdaId) ? lambdaId : randomUUID();
}

/** Paths whose last part is the credential itself: the private calendar feed, a shared timetable. */
const SECRET_IN_PATH = [/^(\/api\/feeds\/favorites\/)[^/]+$/, /^(\/api\/timetables\/shared\/)[^/]+$/];

/** A path as logs may keep it: a token in it is replaced, so whoever reads the logs cannot use it. */
export function loggedPath(path: string): string {
  for (const pattern of SECRET_IN_PATH) {
    const secret = pattern.exec(path);
    if (secret) return `${secret[1]}[oculto]`;
  }
  return path;
}

/** The one log line of a request: method, path (never the query string, never a token), status, duration and id. */
export function logRequest(id: string, method: string, path: string, status: number, started: number): void {
  log().info(
    {
      requestId: id,
      method,
      path: loggedPath(path),
      status,
      ms: Math.round((performance.now() - started) * 10) / 10,
    },
    'request',
  );
}

/** The current request's id ('' outside a request that went through requestContext). */
export function requestId(c: Context): string {
  return (c.get('requestId') as string | undefined) ?? '';
}

/**
 * Gives each request an id, returned in X-Request-Id (and in every error body, see app.ts), and
 * writes one JSON log line when it ends. The local server's root app and each function's own app
 * both install it; whichever runs first does the work, so a request is logged once.
 */
export const requestContext: MiddlewareHandler = async (c, next) => {
  if (c.get('requestId')) return next();
  const id = newRequestId(c.env);
  c.set('requestId', id);
  const started = performance.now();
  // Set before the handler runs, so responses built with c.json/c.body carry it without a copy.
  c.header('X-Request-Id', id);
  try {
    await next();
  } finally {
    // Responses built otherwise (static files, a sub-app's error handler) get it now; Hono copies them if needed.
    if (c.res.headers.get('X-Request-Id') !== id) c.header('X-Request-Id', id);
    logRequest(id, c.req.method, c.req.path, c.res.status, started);
  }
};
