import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import { resolver, uniqueSymbol } from 'hono-openapi';
import type { ZodType } from 'zod';
import { badRequest } from './errors';

/**
 * zod validation whose failure is a 400 with the schema's first Spanish message and every issue as
 * details. The schema is also attached the way hono-openapi reads it, so the route's parameters,
 * query and body appear in the OpenAPI document (functions/lib/openapi-document.ts) from the same
 * schema that checks them.
 */
export function validate<Target extends keyof ValidationTargets, Schema extends ZodType>(
  target: Target,
  schema: Schema,
) {
  const middleware = zValidator(target, schema, (result) => {
    if (!result.success) {
      const issues = result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
      throw badRequest(issues[0]?.message ?? 'Datos no válidos.', 'invalid_input', issues);
    }
  });
  return Object.assign(middleware, { [uniqueSymbol]: { target, ...resolver(schema) } });
}
