import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import {
  AppError,
  DATABASE_UNAVAILABLE_MESSAGE,
  isDatabaseUnavailable,
  pgErrorCode,
  ROUTE_NOT_FOUND,
  tooLarge,
} from './errors';
import type { AppEnv } from './app-env';
import { compressAnswers } from './compression';
import { log } from './log';
import { loggedPath, requestContext, requestId } from './request-context';
import { securityHeaders } from './security-headers';
import type { ApiErrorBody } from '#core/response-schemas';

export interface CreateAppOptions {
  /** Largest request body accepted, in bytes (multipart upload routes raise it). */
  maxBodyBytes?: number;
  /**
   * Requests whose handler reads the body as a stream and limits it itself: the body-size limit
   * below would otherwise buffer a body without Content-Length in memory before the handler runs.
   */
  streamsBody?: (c: Context) => boolean;
}

const DEFAULT_MAX_BODY = 100 * 1024;

/** An error answer { error: Spanish message, code: machine code, details? }, with the request's id to quote to us. */
export function errorJson(c: Context, status: ContentfulStatusCode, body: ApiErrorBody) {
  const id = requestId(c);
  return c.json(id ? { ...body, requestId: id } : body, status);
}

/** The JSON 404 of an unknown path. */
export const routeNotFound = (c: Context) => errorJson(c, 404, ROUTE_NOT_FOUND);

/** Maps anything thrown to the JSON error shape { error, code, details? } with its status; never leaks a stack trace. */
export function toErrorResponse(error: unknown, c: Context) {
  if (error instanceof AppError) {
    const body: ApiErrorBody = { error: error.message, code: error.code };
    if (error.details !== undefined) body.details = error.details;
    return errorJson(c, error.status, body);
  }
  if (error instanceof HTTPException) {
    if (error.status === 413) {
      return errorJson(c, 413, { error: 'La petición es demasiado grande.', code: 'too_large' });
    }
    if (error.status === 400) {
      // Hono's JSON and form parsers throw this for bodies they cannot read.
      return errorJson(c, 400, {
        error: 'El cuerpo de la petición no es válido (JSON o formulario mal formado).',
        code: 'malformed_body',
      });
    }
    if (error.status < 500) {
      return errorJson(c, error.status as ContentfulStatusCode, { error: 'Petición no válida.', code: 'bad_request' });
    }
  }
  // Before the SQLSTATE checks: a lost connection can look like anything once wrapped.
  if (isDatabaseUnavailable(error)) {
    log().warn(
      { requestId: requestId(c), method: c.req.method, path: loggedPath(c.req.path), reason: rootMessage(error) },
      'database unavailable',
    );
    return errorJson(c, 503, { error: DATABASE_UNAVAILABLE_MESSAGE, code: 'database_unavailable' });
  }
  const pgCode = pgErrorCode(error);
  if (pgCode) {
    if (pgCode === '23505') return errorJson(c, 409, { error: 'Ese registro ya existe.', code: 'duplicate' });
    if (pgCode === '23503')
      return errorJson(c, 404, { error: 'El registro relacionado no existe.', code: 'related_not_found' });
    if (pgCode.startsWith('22') || pgCode === '23514' || pgCode === '23502') {
      return errorJson(c, 400, { error: 'Los datos enviados no son válidos.', code: 'invalid_input' });
    }
  }
  log().error(
    { requestId: requestId(c), method: c.req.method, path: loggedPath(c.req.path), err: error },
    'unexpected error',
  );
  return errorJson(c, 500, {
    error: 'Error interno del servidor. Inténtalo de nuevo más tarde.',
    code: 'internal_error',
  });
}

/** The innermost message of a wrapped error (drizzle puts the driver's on `cause`). */
function rootMessage(error: unknown): string {
  let current = error as { message?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; current?.cause && depth < 5; depth++) current = current.cause as typeof current;
  return typeof current?.message === 'string' ? current.message : String(current);
}

/**
 * Every function's Hono app starts here: request id and log line, one error handler, one
 * not-found answer, a body size limit, the security headers, compressed answers and the `user` variable that the
 * auth middleware fills: every function behaves the same way.
 */
export function createApp(basePath: string, options: CreateAppOptions = {}) {
  const app = new Hono<AppEnv>().basePath(basePath);
  app.use('*', requestContext);
  // Next, so that every answer gets them: errors and not-found included.
  app.use('*', securityHeaders());
  // Inside the two above, so that what they add is not lost when the body is replaced by its compressed form.
  app.use('*', compressAnswers());
  app.use('*', async (c, next) => {
    c.set('user', null);
    await next();
  });
  const limitBody = bodyLimit({
    maxSize: options.maxBodyBytes ?? DEFAULT_MAX_BODY,
    onError: () => {
      throw tooLarge('La petición es demasiado grande.');
    },
  });
  // GET and HEAD carry no body any handler reads; asking for one (as the limit does) makes the local
  // server build a full Request for each, a good part of a cached list's cost.
  app.use('*', (c, next) =>
    c.req.method === 'GET' || c.req.method === 'HEAD' || options.streamsBody?.(c) ? next() : limitBody(c, next),
  );
  app.onError(toErrorResponse);
  app.notFound(routeNotFound);
  return app;
}

export type App = ReturnType<typeof createApp>;
