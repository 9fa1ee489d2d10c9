import { embedProviders } from './artist-embeds';
import { billings, editionStatuses } from './lineup-schemas';
import { factSourceSchema, tierSchema } from './price-tier-schemas';
import { tripFactFieldsShape } from './trip-fact-schemas';
import { z } from './zod';

/** Response shapes of editions, lineups, tickets and artists: the API sends them, the web and the tests read them. */

export const lineupEntrySchema = z.object({
  id: z.number().int(),
  artist: z.object({ id: z.number().int(), name: z.string(), slug: z.string() }),
  billing: z.enum(billings),
  /** YYYY-MM-DD */
  day: z.string().nullable(),
  stage: z.string().nullable(),
  /** ISO 8601 date-times */
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  /** On the day: delayed (its times already moved by `delay_minutes`), moved (to `stage`) or cancelled. */
  live_status: z.enum(['on_time', 'delayed', 'moved', 'cancelled']).optional(),
  delay_minutes: z.number().int().optional(),
});
export type LineupEntry = z.infer<typeof lineupEntrySchema>;

export const ticketsSchema = z.object({
  price_from: z.number().nullable(),
  price_to: z.number().nullable(),
  currency: z.string(),
  ticket_url: z.string().nullable(),
  on_sale_at: z.string().nullable(),
  sold_out: z.boolean(),
});
export type Tickets = z.infer<typeof ticketsSchema>;

export const editionSummarySchema = z.object({
  id: z.number().int(),
  year: z.number().int(),
  start_date: z.string(),
  end_date: z.string().nullable(),
  status: z.enum(editionStatuses),
  /** Approved comments that name this year; 0 when none. */
  averageRating: z.number(),
  ratingsCount: z.number().int(),
});
export type EditionSummary = z.infer<typeof editionSummarySchema>;

/**
 * An edition's price tiers, in the seller's order, and where they come from (null: nobody said); its
 * gate conditions and accessibility.
 */
export const tierFieldsShape = {
  tiers: z.array(tierSchema),
  tiers_source: factSourceSchema.nullable(),
  ...tripFactFieldsShape,
};

export const editionSchema = editionSummarySchema.extend({
  notes: z.string().nullable(),
  lineup: z.array(lineupEntrySchema),
  tickets: ticketsSchema.nullable(),
  ...tierFieldsShape,
});
export type Edition = z.infer<typeof editionSchema>;

/** Where a group of the festival's facts was last read from (an import applied from its own page). */
export const importSourceSchema = z.object({
  group: z.enum(['festival', 'edition', 'lineup', 'tickets']),
  url: z.string(),
  /** ISO 8601 date-time */
  checked_at: z.string(),
});
export type ImportSource = z.infer<typeof importSourceSchema>;

/** What GET /api/festivals/{id} adds to the festival: its current edition in full and every year's summary. */
export const festivalEditionFieldsSchema = z.object({
  edition: z.object({ id: z.number().int(), year: z.number().int(), status: z.enum(editionStatuses) }).nullable(),
  lineup: z.array(lineupEntrySchema),
  tickets: ticketsSchema.nullable(),
  ...tierFieldsShape,
  editions: z.array(editionSummarySchema),
  /** Absent on a festival whose fields were kept before sources existed. */
  sources: z.array(importSourceSchema).optional(),
});
export type FestivalEditionFields = z.infer<typeof festivalEditionFieldsSchema>;

export const artistSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  country: z.string().nullable(),
  genres: z.array(z.string()),
  photo_url: z.string().nullable(),
  website: z.string().nullable(),
  instagram: z.string().nullable(),
  soundcloud: z.string().nullable(),
  spotify: z.string().nullable(),
  resident_advisor: z.string().nullable(),
  bandcamp: z.string().nullable(),
  /** Absent where an answer's artists were kept before the field existed (a lineup's JSON). */
  youtube: z.string().nullable().optional(),
});
export type Artist = z.infer<typeof artistSchema>;

export const artistListItemSchema = artistSchema.extend({ upcomingFestivals: z.number().int() });

/** POST /api/admin/artists/lookup: each name asked, in order, with the artist it already is (same name key), or null when saving would create it. */
export const artistLookupItemSchema = z.object({
  name: z.string(),
  artist: z.object({ id: z.number().int(), name: z.string(), slug: z.string() }).nullable(),
});
export type ArtistLookupItem = z.infer<typeof artistLookupItemSchema>;
export type ArtistListItem = z.infer<typeof artistListItemSchema>;

/** A festival edition the artist plays, with what a card shows. */
export const artistAppearanceSchema = z.object({
  festival: z.object({
    id: z.number().int(),
    name: z.string(),
    location: z.string().nullable(),
    image_url: z.string().nullable(),
    genres: z.array(z.string()),
  }),
  year: z.number().int(),
  start_date: z.string(),
  end_date: z.string().nullable(),
  status: z.enum(editionStatuses),
  billing: z.enum(billings),
  day: z.string().nullable(),
  stage: z.string().nullable(),
});
export type ArtistAppearance = z.infer<typeof artistAppearanceSchema>;

const link = z.string().nullable();
export const artistDetailSchema = artistSchema.extend({
  upcoming: z.array(artistAppearanceSchema),
  past: z.array(artistAppearanceSchema),
  /** Every link the artist has, by name (null when missing). */
  links: z.object({
    soundcloud: link,
    bandcamp: link,
    youtube: link,
    spotify: link,
    resident_advisor: link,
    website: link,
    instagram: link,
  }),
  /** The players those links make ('Escuchar'), loaded only when asked for. */
  embeds: z.array(z.object({ provider: z.enum(embedProviders), url: z.string() })),
});
export type ArtistDetail = z.infer<typeof artistDetailSchema>;
