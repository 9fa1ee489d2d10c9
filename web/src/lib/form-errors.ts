import type { ZodError } from 'zod';
import { ApiError } from './api-client';

/** A form's messages by field name: the schema's Spanish texts (core/), one per field. */
export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

/** One problem with the input: a zod issue, or an entry of a 400's `details` ({ path: 'a.b', message }). */
interface Issue {
  path?: string | readonly PropertyKey[];
  message?: string;
}

/**
 * The first message of each field, keyed by the top-level name in the issue's path. With `fields`,
 * issues about anything else (a refinement of the whole object, a field the form does not show) are left out.
 */
export function fieldErrors<Field extends string>(
  issues: readonly Issue[],
  fields?: readonly Field[],
): FieldErrors<Field> {
  const errors: FieldErrors<Field> = {};
  for (const issue of issues) {
    const head =
      typeof issue.path === 'string' ? issue.path.split('.')[0] : issue.path?.length ? String(issue.path[0]) : '';
    const field = head as Field;
    if (!field || !issue.message || (fields && !fields.includes(field))) continue;
    errors[field] ??= issue.message;
  }
  return errors;
}

/** The field messages of a failed `schema.safeParse(...)`. */
export function zodFieldErrors<Field extends string>(error: ZodError, fields?: readonly Field[]): FieldErrors<Field> {
  return fieldErrors(error.issues, fields);
}

/** The field messages the server sent with a 400 (every zod issue as `details`); none for other errors. */
export function serverFieldErrors<Field extends string>(error: unknown, fields?: readonly Field[]): FieldErrors<Field> {
  return error instanceof ApiError && Array.isArray(error.details) ? fieldErrors(error.details as Issue[], fields) : {};
}
