import { editionStatuses } from './lineup-schemas';
import { z } from './zod';

/**
 * Imports from a festival's own published data (schema.org JSON-LD, iCalendar, Open Graph): the
 * preview's draft, what applying it takes, and the admins' bulk import. The web's import screens and
 * the server's routes share these shapes.
 */

export const importKinds = ['json-ld', 'ical', 'opengraph'] as const;
export type ImportKind = (typeof importKinds)[number];

/** What schema.org's eventStatus said of the event (absent: scheduled). */
export const eventStatuses = ['scheduled', 'cancelled', 'postponed', 'rescheduled'] as const;
export const ticketAvailabilities = ['in_stock', 'sold_out', 'pre_order', 'limited', 'unknown'] as const;

const festivalId = z.coerce
  .number({ error: 'Festival no válido.' })
  .int({ error: 'Festival no válido.' })
  .positive({ error: 'Festival no válido.' })
  .max(2147483647, { error: 'Festival no válido.' });

const pageUrl = z
  .string({ error: 'Escribe la dirección de la página (https://...).' })
  .trim()
  .min(1, { error: 'Escribe la dirección de la página (https://...).' })
  .max(2000, { error: 'La dirección es demasiado larga (máximo 2000 caracteres).' });

/** POST /api/import/preview */
export const importPreviewInputSchema = z.object({ url: pageUrl, festival_id: festivalId.optional() });
export type ImportPreviewInput = z.output<typeof importPreviewInputSchema>;

const text = z.string().nullable();

export const draftFestivalSchema = z.object({
  name: text,
  description: text,
  website: text,
  image_url: text,
  /** 'City, Country' as the catalogue writes places. */
  location: text,
  address: text,
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  organizer: text,
});
export type DraftFestival = z.infer<typeof draftFestivalSchema>;

export const draftEditionSchema = z.object({
  year: z.number().int(),
  /** YYYY-MM-DD, the festival's local dates as the page gives them */
  start_date: z.string(),
  end_date: z.string().nullable(),
  status: z.enum(editionStatuses),
  event_status: z.enum(eventStatuses),
});
export type DraftEdition = z.infer<typeof draftEditionSchema>;

export const draftLineupEntrySchema = z.object({
  name: z.string(),
  /** The artist already known by this name's key, or null when applying creates one. */
  artist_id: z.number().int().nullable(),
  new: z.boolean(),
  day: text,
  stage: text,
  /** ISO 8601 date-times in UTC */
  starts_at: text,
  ends_at: text,
});
export type DraftLineupEntry = z.infer<typeof draftLineupEntrySchema>;

export const draftTicketSchema = z.object({
  name: text,
  price: z.number().nullable(),
  currency: text,
  availability: z.enum(ticketAvailabilities),
  valid_from: text,
  url: text,
});
export type DraftTicket = z.infer<typeof draftTicketSchema>;

/** What an import may write, field by field; each belongs to one group whose source is stored. */
export const importFields = [
  'name',
  'description',
  'website',
  'image_url',
  'location',
  'address',
  'coordinates',
  'dates',
  'lineup',
  'tickets',
] as const;
export type ImportField = (typeof importFields)[number];

export const importFieldGroups: Record<ImportField, 'festival' | 'edition' | 'lineup' | 'tickets'> = {
  name: 'festival',
  description: 'festival',
  website: 'festival',
  image_url: 'festival',
  location: 'festival',
  address: 'festival',
  coordinates: 'festival',
  dates: 'edition',
  lineup: 'lineup',
  tickets: 'tickets',
};

/** The fields only an admin changes (a festival's identity), as the organiser's desk refuses them. */
export const IDENTITY_IMPORT_FIELDS: readonly ImportField[] = ['name', 'location', 'address', 'coordinates'];

export const importFieldLabels: Record<ImportField, string> = {
  name: 'Nombre',
  description: 'Descripción',
  website: 'Web oficial',
  image_url: 'Imagen',
  location: 'Ubicación',
  address: 'Dirección',
  coordinates: 'Coordenadas',
  dates: 'Fechas y estado',
  lineup: 'Cartel',
  tickets: 'Entradas',
};

export const importDiffSchema = z.object({
  field: z.enum(importFields),
  current: z.unknown(),
  imported: z.unknown(),
});
export type ImportDiff = z.infer<typeof importDiffSchema>;

export const importDraftSchema = z.object({
  festival: draftFestivalSchema,
  edition: draftEditionSchema.nullable(),
  lineup: z.array(draftLineupEntrySchema).max(500, { error: 'Un cartel puede tener como máximo 500 artistas.' }),
  tickets: z.array(draftTicketSchema).max(100, { error: 'Como mucho 100 tipos de entrada.' }),
});
export type ImportDraft = z.infer<typeof importDraftSchema>;

/** POST /api/import/preview's answer. */
export const importPreviewResponse = importDraftSchema.extend({
  source: z.object({ url: z.string(), kind: z.enum(importKinds), fetched_at: z.string() }),
  warnings: z.array(z.string()),
  diff: z.array(importDiffSchema).optional(),
});
export type ImportPreview = z.infer<typeof importPreviewResponse>;

/** POST /api/import/apply */
export const importApplyInputSchema = z.object({
  festival_id: festivalId,
  source_url: pageUrl.refine((v) => /^https?:\/\//i.test(v), { error: 'La fuente debe ser una dirección http(s).' }),
  fields: z
    .array(z.enum(importFields, { error: 'Campo desconocido.' }), { error: 'fields debe ser una lista.' })
    .min(1, { error: 'Marca al menos un dato para aplicar.' }),
  draft: importDraftSchema,
});
export type ImportApplyInput = z.output<typeof importApplyInputSchema>;

/** POST /api/admin/import/festivals?dry_run=true&status=approved|pending */
export const bulkImportQuerySchema = z.object({
  dry_run: z
    .enum(['true', 'false', '1', '0'], { error: 'dry_run debe ser true o false.' })
    .optional()
    .transform((v) => v === 'true' || v === '1'),
  status: z.enum(['approved', 'pending'], { error: 'status debe ser approved o pending.' }).default('approved'),
});

/** Most rows one bulk file may hold. */
export const MAX_BULK_ROWS = 5000;

export const bulkImportResponse = z.object({
  created: z.array(z.number().int()),
  duplicates: z.array(
    z.object({
      row: z.number().int(),
      festival_id: z.number().int(),
      name: z.string(),
      similarity: z.number(),
    }),
  ),
  errors: z.array(z.object({ row: z.number().int(), field: z.string(), message: z.string() })),
  /** Rows that a dry run would create (their numbers); empty when the rows were created. */
  would_create: z.array(z.number().int()),
});
export type BulkImportResult = z.infer<typeof bulkImportResponse>;

/** POST /api/admin/sources */
export const watchedSourceInputSchema = z.object({
  festival_id: festivalId,
  url: pageUrl.refine((v) => /^https?:\/\/[^\s]+$/i.test(v), {
    error: 'La dirección debe empezar por http:// o https://.',
  }),
});

export const watchedSourceResponse = z.object({
  id: z.number().int(),
  festival_id: z.number().int(),
  festival_name: z.string(),
  url: z.string(),
  last_checked_at: z.string().nullable(),
  failures: z.number().int(),
  /** Three failed reads in a row or more. */
  failing: z.boolean(),
  last_error: z.string().nullable(),
});
export type WatchedSource = z.infer<typeof watchedSourceResponse>;

export const detectedChangeResponse = z.object({
  id: z.number().int(),
  festival_id: z.number().int(),
  festival_name: z.string(),
  source_url: z.string(),
  diff: z.array(importDiffSchema),
  draft: importDraftSchema,
  status: z.enum(['open', 'applied', 'dismissed']),
  detected_at: z.string(),
});
export type DetectedChange = z.infer<typeof detectedChangeResponse>;

/** POST .../detected-changes/{id}/apply: the fields to apply (all of the diff's when none are given). */
export const detectedChangeApplySchema = z.object({
  fields: z
    .array(z.enum(importFields, { error: 'Campo desconocido.' }))
    .min(1, { error: 'Marca al menos un dato para aplicar.' })
    .optional(),
});
