/** Shared by every answer: dates, the error body, the plain message. (core/response-schemas.ts re-exports every file of this folder.) */
import { z } from '../zod';

/** A YYYY-MM-DD date. */
export const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
/** A timestamp as JSON writes it (ISO 8601). */
export const timestamp = z.string();

// Errors: every failure answers { error: Spanish message, code: machine code, details? } with its status

export const apiErrorResponse = z.object({
  error: z.string().describe('Mensaje en español para la persona usuaria.'),
  code: z.string().describe('Código estable para programas (p. ej. festival_not_found).'),
  details: z.unknown().optional(),
  /** The server's id of the request (also in X-Request-Id): what to quote when reporting a problem. */
  requestId: z.string().optional(),
});
export type ApiErrorBody = z.output<typeof apiErrorResponse>;

/** The confirmation of an action: a Spanish message and the id it acted on. */
export const messageResponse = z.object({ message: z.string(), id: z.number().int() });
export type MessageResponse = z.output<typeof messageResponse>;
