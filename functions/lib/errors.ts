import type { ContentfulStatusCode } from 'hono/utils/http-status';

export type ErrorKind =
  | 'invalid'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'precondition_failed'
  | 'too_large'
  | 'too_many'
  | 'unprocessable'
  | 'unavailable'
  | 'bad_gateway';

const statusOf: Record<ErrorKind, ContentfulStatusCode> = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  precondition_failed: 412,
  too_large: 413,
  too_many: 429,
  unprocessable: 422,
  bad_gateway: 502,
  unavailable: 503,
};

/** An error meant for people: its Spanish message reaches the client as `{ error, code, details }`. */
export class AppError extends Error {
  readonly kind: ErrorKind;
  readonly code: string;
  readonly details?: unknown;

  constructor(kind: ErrorKind, code: string, message: string, details?: unknown) {
    super(message);
    this.name = 'AppError';
    this.kind = kind;
    this.code = code;
    this.details = details;
  }

  get status(): ContentfulStatusCode {
    return statusOf[this.kind];
  }
}

export const badRequest = (message: string, code = 'invalid_input', details?: unknown) =>
  new AppError('invalid', code, message, details);
export const unauthorized = (message = 'Inicia sesión para continuar.', code = 'unauthorized') =>
  new AppError('unauthorized', code, message);
export const forbidden = (message = 'No tienes permiso para realizar esta acción.', code = 'forbidden') =>
  new AppError('forbidden', code, message);
export const notFound = (message = 'Recurso no encontrado.', code = 'not_found') =>
  new AppError('not_found', code, message);
/** An unknown path, or one this deployment does not serve: the same 404 everywhere. */
export const ROUTE_NOT_FOUND = { error: 'Ruta no encontrada.', code: 'route_not_found' } as const;
export const routeNotFoundError = () => notFound(ROUTE_NOT_FOUND.error, ROUTE_NOT_FOUND.code);
export const conflict = (message: string, code = 'conflict') => new AppError('conflict', code, message);
export const preconditionFailed = (message: string, code = 'precondition_failed') =>
  new AppError('precondition_failed', code, message);
export const tooLarge = (message: string, code = 'too_large') => new AppError('too_large', code, message);
/** Well-formed, but what it asks cannot be done as it stands (a code that does not match, a page without the tag). */
export const unprocessable = (message: string, code = 'unprocessable') => new AppError('unprocessable', code, message);
export const tooMany = (
  message = 'Demasiadas solicitudes. Inténtalo de nuevo en unos minutos.',
  code = 'rate_limited',
) => new AppError('too_many', code, message);

/** Postgres error code of a failed query, looking through drizzle's wrapping. */
export function pgErrorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export function pgConstraint(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const constraint = (current as { constraint?: unknown }).constraint;
    if (typeof constraint === 'string') return constraint;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export const DATABASE_UNAVAILABLE_MESSAGE = 'La base de datos no está disponible. Inténtalo de nuevo en unos segundos.';

/**
 * SQLSTATEs of a database that is going away or not there yet: connection exceptions (class 08),
 * admin/crash shutdown and "starting up" (57P01-57P03), too many connections (53300) and a
 * statement cut by statement_timeout (57014, see db/client.ts).
 */
const unavailableSqlStates = /^(08...|57P0[123]|53300|57014)$/;
/** Socket errors of a server that refuses, drops or never answers the connection. */
const unavailableErrnos = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'ENOTFOUND',
]);
/**
 * node-postgres and its pool report a lost or timed-out connection with these messages and no
 * code at all (pg 8: Client, pg-pool, query_timeout).
 */
const unavailableMessages = new RegExp(
  '^(' +
    [
      'Connection terminated',
      'timeout exceeded when trying to connect',
      'Query read timeout',
      'Client has encountered a connection error',
      'Client was closed and is not queryable',
      'Cannot use a pool after calling end',
    ].join('|') +
    ')',
);

/**
 * Whether a failed query means "the database cannot be reached right now" (answered with a 503)
 * rather than a problem with the request. Drizzle wraps the driver's error (DrizzleQueryError,
 * the original on `cause`) and Node wraps a refused dual-stack connect in an AggregateError, so
 * the whole chain is searched.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const pending: unknown[] = [error];
  for (let seen = 0; pending.length && seen < 10; seen++) {
    const current = pending.shift() as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown } | null;
    if (!current || typeof current !== 'object') continue;
    if (current instanceof AppError) return current.code === 'database_unavailable';
    const code = typeof current.code === 'string' ? current.code : '';
    if (unavailableSqlStates.test(code) || unavailableErrnos.has(code)) return true;
    if (typeof current.message === 'string' && unavailableMessages.test(current.message)) return true;
    pending.push(current.cause);
    if (Array.isArray(current.errors)) pending.push(...current.errors);
  }
  return false;
}
