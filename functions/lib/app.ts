import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ApiErrorBody } from '../../core/types';
import { AppError, pgErrorCode, tooLarge } from './errors';
import type { AuthUser } from './auth';
import { securityHeaders } from './security-headers';

export interface AppEnv {
  Variables: {
    user: AuthUser | null;
  };
}

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

function errorJson(c: Context, status: ContentfulStatusCode, body: ApiErrorBody) {
  return c.json(body, status);
}

/** Maps anything thrown to the JSON error shape of DESIGN.md; never leaks a stack trace. */
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
      return errorJson(c, 400, { error: 'El cuerpo de la petición no es válido (JSON o formulario mal formado).', code: 'malformed_body' });
    }
    if (error.status < 500) {
      return errorJson(c, error.status as ContentfulStatusCode, { error: 'Petición no válida.', code: 'bad_request' });
    }
  }
  const pgCode = pgErrorCode(error);
  if (pgCode) {
    if (pgCode === '23505') return errorJson(c, 409, { error: 'Ese registro ya existe.', code: 'duplicate' });
    if (pgCode === '23503') return errorJson(c, 404, { error: 'El registro relacionado no existe.', code: 'related_not_found' });
    if (pgCode.startsWith('22') || pgCode === '23514' || pgCode === '23502') {
      return errorJson(c, 400, { error: 'Los datos enviados no son válidos.', code: 'invalid_input' });
    }
    if (pgCode.startsWith('08') || pgCode === '57P01' || pgCode === '57P03' || pgCode === '53300') {
      return errorJson(c, 503, { error: 'La base de datos no está disponible. Inténtalo de nuevo en unos segundos.', code: 'database_unavailable' });
    }
  }
  const errno = (error as { code?: unknown })?.code;
  if (errno === 'ECONNREFUSED' || errno === 'ETIMEDOUT' || errno === 'ECONNRESET') {
    return errorJson(c, 503, { error: 'La base de datos no está disponible. Inténtalo de nuevo en unos segundos.', code: 'database_unavailable' });
  }
  console.error(`[${c.req.method} ${c.req.path}]`, error);
  return errorJson(c, 500, { error: 'Error interno del servidor. Inténtalo de nuevo más tarde.', code: 'internal_error' });
}

/**
 * Every function's Hono app starts here: one error handler, one not-found answer, a body size
 * limit, the security headers and the `user` variable that the auth middleware fills (STYLE.md "Layout").
 */
export function createApp(basePath: string, options: CreateAppOptions = {}) {
  const app = new Hono<AppEnv>().basePath(basePath);
  // First, so that every answer gets them: errors and not-found included.
  app.use('*', securityHeaders());
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
  app.use('*', (c, next) => (options.streamsBody?.(c) ? next() : limitBody(c, next)));
  app.onError(toErrorResponse);
  app.notFound((c) => errorJson(c, 404, { error: 'Ruta no encontrada.', code: 'route_not_found' }));
  return app;
}

export type App = ReturnType<typeof createApp>;
