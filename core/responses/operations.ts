/** Health checks. (core/response-schemas.ts re-exports every file of this folder.) */
import { z } from '../zod';

// Operations

export const livenessResponse = z.object({ status: z.literal('ok') });
export const readinessResponse = z.object({
  status: z.literal('ok'),
  database: z.literal('ok'),
  migrations: z.object({ applied: z.number().int(), expected: z.number().int() }),
});
