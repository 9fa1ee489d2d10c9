import { describeRoute, resolver } from 'hono-openapi';
import type { ZodType } from 'zod';
import { apiErrorResponse } from '#core/responses/common';

/** Who may call a route: anyone, anyone (a token adds the caller's own data), a signed-in user, an admin. */
export type Access = 'public' | 'optional' | 'user' | 'admin';

export interface RouteDoc {
  summary: string;
  description?: string;
  access?: Access;
  /** The success answers: status -> body schema (null: no body), with a description. */
  responses: Record<number, { description: string; schema?: ZodType | null; contentType?: string }>;
  /** Error statuses the route answers besides those its access and validation imply. */
  errors?: number[];
}

const errorDescriptions: Record<number, string> = {
  400: 'Datos no válidos (mensaje en español; `details` lista cada campo).',
  401: 'Falta la sesión o ha caducado.',
  403: 'La cuenta no tiene permiso (administración).',
  404: 'No existe o no es visible para quien llama.',
  409: 'Choca con un dato existente (duplicado).',
  413: 'Cuerpo demasiado grande.',
  422: 'La petición es válida pero no se puede cumplir (el motivo, en español).',
  429: 'Demasiadas peticiones; reintentar más tarde.',
  502: 'Un servicio externo no respondió.',
  503: 'Base de datos no disponible.',
};

export const errorContent = { 'application/json': { schema: resolver(apiErrorResponse) } };

/**
 * The OpenAPI description of one route, written beside it: summary, who may call it, its answers.
 * Every error answer has the one error shape (core/response-schemas.ts `apiErrorResponse`).
 */
export function documented(tag: string, doc: RouteDoc) {
  const access = doc.access ?? 'public';
  const errors = new Set(doc.errors ?? []);
  if (access === 'user' || access === 'admin') errors.add(401);
  if (access === 'admin') errors.add(403);
  errors.add(503);
  const responses: Record<string, unknown> = {};
  for (const [status, answer] of Object.entries(doc.responses)) {
    responses[status] = {
      description: answer.description,
      ...(answer.schema
        ? { content: { [answer.contentType ?? 'application/json']: { schema: resolver(answer.schema) } } }
        : {}),
    };
  }
  for (const status of [...errors].sort())
    responses[status] = { description: errorDescriptions[status] ?? 'Error.', content: errorContent };
  return describeRoute({
    tags: [tag],
    summary: doc.summary,
    ...(doc.description ? { description: doc.description } : {}),
    ...(access === 'public' ? {} : { security: access === 'optional' ? [{}, { session: [] }] : [{ session: [] }] }),
    ...(access === 'admin' ? { 'x-admin-only': true } : {}),
    responses: responses as never,
  });
}

/** A documenter for one app: `const doc = documenter('Festivales')`, then `doc({...})` on each route. */
export const documenter = (tag: string) => (doc: RouteDoc) => documented(tag, doc);
