/** Administration: the audit log and the newsletter tools. (core/response-schemas.ts re-exports every file of this folder.) */
import { z } from '../zod';
import { auditEntities } from '../admin-schemas';
import { timestamp } from './common';

// Administration

export const auditEntryResponse = z.object({
  id: z.number().int(),
  action: z.string(),
  entity: z.enum(auditEntities),
  entity_id: z.number().int().nullable(),
  details: z.unknown(),
  created_at: timestamp,
  actor: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type AuditEntry = z.output<typeof auditEntryResponse>;

// Newsletter administration

export const subscriberCountsResponse = z.object({
  subscribers: z.number().int(),
  confirmed: z.number().int(),
  pending: z.number().int(),
});
export const digestPreviewResponse = z.object({
  subject: z.string(),
  html: z.string(),
  text: z.string(),
  newFestivals: z.unknown(),
  nextMonth: z.unknown(),
});
export const digestQueuedResponse = z.object({ queued: z.number().int(), message: z.string() });
