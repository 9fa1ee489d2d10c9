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
export const notFound = (message = 'Recurso no encontrado.', code = 'not_found') => new AppError('not_found', code, message);
export const conflict = (message: string, code = 'conflict') => new AppError('conflict', code, message);
export const preconditionFailed = (message: string, code = 'precondition_failed') => new AppError('precondition_failed', code, message);
export const tooLarge = (message: string, code = 'too_large') => new AppError('too_large', code, message);
export const tooMany = (message = 'Demasiadas solicitudes. Inténtalo de nuevo en unos minutos.', code = 'rate_limited') =>
  new AppError('too_many', code, message);

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
