/** Organisers: claims, the organisers of a festival, a festival's change history, 'Novedades' and live set changes. */
import { z } from '../zod';
import { timestamp } from './common';

export const claimMethods = ['email', 'website'] as const;
export const claimStatuses = ['pending', 'verified', 'approved', 'rejected'] as const;
export const liveStatuses = ['on_time', 'delayed', 'moved', 'cancelled'] as const;
export type LiveStatus = (typeof liveStatuses)[number];

const person = z.object({ id: z.number().int(), name: z.string() });

/** What the claimant publishes for the website proof. */
export const claimVerificationResponse = z.object({
  token: z.string(),
  meta: z.string().describe('La etiqueta que se publica en la página de inicio'),
  file: z.string().describe('La dirección del archivo de texto que puede contener el token'),
});

export const claimResponse = z.object({
  id: z.number().int(),
  festival_id: z.number().int(),
  festival: z.object({ id: z.number().int(), name: z.string(), website: z.string().nullable() }),
  method: z.enum(claimMethods),
  status: z.enum(claimStatuses),
  email: z.string().nullable(),
  verification: claimVerificationResponse.optional(),
  verified_at: timestamp.nullable(),
  decided_at: timestamp.nullable(),
  created_at: timestamp,
});
export type Claim = z.output<typeof claimResponse>;

/** A claim as the admin reviews it: who asks, and the proof they gave. */
export const adminClaimResponse = claimResponse.extend({
  user: person.extend({ email: z.string() }),
  proof: z
    .string()
    .nullable()
    .describe('Dónde se comprobó: la página o el archivo con el token, o la dirección que confirmó el código'),
});
export type AdminClaim = z.output<typeof adminClaimResponse>;

export const organizerResponse = z.object({
  user: person.extend({ email: z.string() }),
  granted_by: person.nullable(),
  since: timestamp,
});
export type Organizer = z.output<typeof organizerResponse>;

export const festivalChangeResponse = z.object({
  id: z.number().int(),
  entity: z.enum(['festival', 'edition', 'lineup', 'tickets', 'tiers', 'conditions', 'accessibility', 'set']),
  entity_id: z.number().int(),
  action: z.enum(['create', 'update', 'delete', 'live']),
  fields: z.array(z.string()),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  actor: person.nullable(),
  actor_role: z.enum(['admin', 'organizer']),
  reverts_id: z.number().int().nullable(),
  reverted_by: z.number().int().nullable(),
  revertible: z.boolean(),
  created_at: timestamp,
});
export type FestivalChange = z.output<typeof festivalChangeResponse>;

export const festivalUpdateResponse = z.object({
  id: z.number().int(),
  festival_id: z.number().int(),
  title: z.string(),
  body: z.string(),
  image_url: z.string().nullable(),
  created_at: timestamp,
});
export type FestivalUpdate = z.output<typeof festivalUpdateResponse>;

const setTimes = z.object({
  stage: z.string().nullable(),
  starts_at: timestamp.nullable(),
  ends_at: timestamp.nullable(),
});

/** One live change of a set on the day, as 'Cambios de hoy' lists it. */
export const setChangeResponse = setTimes.extend({
  id: z.number().int(),
  lineup_entry_id: z.number().int(),
  artist: z.string(),
  status: z.enum(liveStatuses),
  delay_minutes: z.number().int(),
  previous: setTimes,
  created_at: timestamp,
});
export type SetChange = z.output<typeof setChangeResponse>;

export const setChangesResponse = z.object({ since: timestamp, changes: z.array(setChangeResponse) });
export type SetChanges = z.output<typeof setChangesResponse>;
