import { artistNameKey } from './artist-key';
import { isIsoDate } from './dates';
import { requiredLine } from './text-input';
import { z } from './zod';

/** Most entries one lineup may hold (the largest festivals list a few hundred artists). */
export const MAX_LINEUP_ENTRIES = 500;
/** Highest ticket price accepted, in euros: anything above is a typing mistake. */
export const MAX_TICKET_PRICE = 10000;

export const billings = ['headliner', 'regular'] as const;
export type Billing = (typeof billings)[number];
export const editionStatuses = ['announced', 'confirmed', 'cancelled'] as const;
export type EditionStatus = (typeof editionStatuses)[number];

const id = (message: string) =>
  z.coerce
    .number({ error: message })
    .int({ error: message })
    .positive({ error: message })
    .max(2147483647, { error: message });

/** An absolute http(s) URL (stored as typed, trimmed), or nothing. */
export const httpUrlInput = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(500, { error: 'La URL es demasiado larga (máximo 500 caracteres).' })
    .nullish()
    .transform((value, ctx) => {
      if (!value) return null;
      try {
        const url = new URL(value);
        if (url.protocol === 'http:' || url.protocol === 'https:') return url.toString();
      } catch {
        // reported below
      }
      ctx.issues.push({ code: 'custom', message, input: value });
      return z.NEVER;
    });

const isoDate = (message: string) => z.string({ error: message }).trim().refine(isIsoDate, { error: message });
export const optionalIsoDate = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .nullish()
    .transform((v) => v || null)
    .refine((v) => v === null || isIsoDate(v), { error: message });
/** An ISO 8601 date-time with its offset ('2026-07-10T23:30:00+02:00' or '...Z'), normalised to UTC. */
export const optionalDateTime = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .nullish()
    .transform((value, ctx) => {
      if (!value) return null;
      if (
        !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(value) ||
        Number.isNaN(Date.parse(value))
      ) {
        ctx.issues.push({ code: 'custom', message, input: value });
        return z.NEVER;
      }
      return new Date(value).toISOString();
    });

const artistName = requiredLine(
  'El nombre del artista es obligatorio.',
  200,
  'El nombre del artista no puede superar los 200 caracteres.',
  'El nombre del artista',
)
  .refine((v) => /[\p{L}\p{N}]/u.test(v), { error: 'El nombre del artista debe contener letras o números.' })
  // 'D.J.' or 'dj!' alone: nothing is left once the "DJ" prefix and punctuation go, and the
  // database would refuse the artist halfway through saving; say it here, with the name.
  .refine((v) => !/[\p{L}\p{N}]/u.test(v) || artistNameKey(v) !== '', {
    error: (issue) => `«${String(issue.input)}» no es un nombre de artista: escribe el nombre, no solo «DJ».`,
  });

/** POST /api/admin/artists and PUT /api/admin/artists/{id}. */
/** An artist's links by name, each an http(s) address (the lineup paste's profile addresses). */
const artistLinksInput = z.object({
  website: httpUrlInput('La URL del sitio web no es válida: usa una dirección http(s).'),
  instagram: httpUrlInput('La URL de Instagram no es válida: usa una dirección http(s).'),
  soundcloud: httpUrlInput('La URL de SoundCloud no es válida: usa una dirección http(s).'),
  spotify: httpUrlInput('La URL de Spotify no es válida: usa una dirección http(s).'),
  resident_advisor: httpUrlInput('La URL de Resident Advisor no es válida: usa una dirección http(s).'),
  bandcamp: httpUrlInput('La URL de Bandcamp no es válida: usa una dirección http(s).'),
  youtube: httpUrlInput('La URL de YouTube no es válida: usa una dirección http(s).'),
});

export const artistInputSchema = z.object({
  name: artistName,
  country: z
    .string()
    .trim()
    .max(100, { error: 'El país no puede superar los 100 caracteres.' })
    .nullish()
    .transform((v) => v || null),
  genres: z
    .array(z.string().trim().min(1).max(50, { error: 'Cada género puede tener como máximo 50 caracteres.' }), {
      error: 'Los géneros deben ser una lista.',
    })
    .max(12, { error: 'Máximo 12 géneros por artista.' })
    .nullish()
    .transform((v) => [...new Set(v ?? [])]),
  photo_url: httpUrlInput('La URL de la foto no es válida: usa una dirección http(s).'),
  website: httpUrlInput('La URL del sitio web no es válida: usa una dirección http(s).'),
  instagram: httpUrlInput('La URL de Instagram no es válida: usa una dirección http(s).'),
  soundcloud: httpUrlInput('La URL de SoundCloud no es válida: usa una dirección http(s).'),
  spotify: httpUrlInput('La URL de Spotify no es válida: usa una dirección http(s).'),
  resident_advisor: httpUrlInput('La URL de Resident Advisor no es válida: usa una dirección http(s).'),
  bandcamp: httpUrlInput('La URL de Bandcamp no es válida: usa una dirección http(s).'),
  youtube: httpUrlInput('La URL de YouTube no es válida: usa una dirección http(s).'),
});
export type ArtistInput = z.output<typeof artistInputSchema>;

/** POST /api/admin/artists/{id}/merge: the duplicate {id} goes into {into}. */
export const artistMergeSchema = z.object({ into: id('Indica el artista en el que fusionar (into).') });

/** POST /api/admin/artists/lookup: the names of a pasted poster, to tell known artists from new ones before saving. */
export const artistLookupSchema = z.object({
  names: z
    .array(
      z
        .string({ error: 'Cada nombre debe ser un texto.' })
        .trim()
        .min(1, { error: 'Hay un nombre vacío.' })
        .max(200, { error: 'El nombre del artista no puede superar los 200 caracteres.' }),
      {
        error: 'names debe ser una lista de nombres.',
      },
    )
    .max(MAX_LINEUP_ENTRIES, { error: `Como mucho ${MAX_LINEUP_ENTRIES} nombres a la vez.` }),
});

/** GET /api/artists */
export const artistQuerySchema = z.object({
  search: z.string().trim().max(200, { error: 'La búsqueda no puede superar los 200 caracteres.' }).optional(),
  limit: z.coerce
    .number({ error: 'limit debe ser un número entre 1 y 100.' })
    .int({ error: 'limit debe ser un número entre 1 y 100.' })
    .min(1, { error: 'limit debe ser un número entre 1 y 100.' })
    .max(100, { error: 'limit debe ser un número entre 1 y 100.' })
    .default(20),
  offset: z.coerce
    .number({ error: 'offset debe ser un número entero no negativo.' })
    .int({ error: 'offset debe ser un número entero no negativo.' })
    .min(0, { error: 'offset debe ser un número entero no negativo.' })
    .max(100000, { error: 'offset debe ser un número entero no negativo.' })
    .default(0),
});

/** POST /api/admin/festivals/{id}/editions and PUT /api/admin/editions/{id}. */
export const editionInputSchema = z
  .object({
    year: z.coerce
      .number({ error: 'El año debe ser un número.' })
      .int({ error: 'El año debe ser un número.' })
      .min(1950, { error: 'El año debe estar entre 1950 y 2100.' })
      .max(2100, { error: 'El año debe estar entre 1950 y 2100.' }),
    start_date: isoDate('La fecha de inicio es requerida (AAAA-MM-DD).'),
    end_date: optionalIsoDate('La fecha de fin no es válida (AAAA-MM-DD).'),
    status: z
      .enum(editionStatuses, { error: 'Estado no válido: announced, confirmed o cancelled.' })
      .default('confirmed'),
    notes: z
      .string()
      .trim()
      .max(2000, { error: 'Las notas no pueden superar los 2000 caracteres.' })
      .nullish()
      .transform((v) => v || null),
  })
  .refine((v) => Number(v.start_date.slice(0, 4)) === v.year, {
    error: 'La fecha de inicio debe caer en el año de la edición.',
    path: ['start_date'],
  })
  .refine((v) => !v.end_date || v.end_date >= v.start_date, {
    error: 'La fecha de fin debe ser posterior a la fecha de inicio',
    path: ['end_date'],
  });
export type EditionInput = z.output<typeof editionInputSchema>;

/** One line of PUT /api/admin/editions/{id}/lineup: an artist by id, or by name (found by its key, or created). */
export const lineupEntryInputSchema = z
  .object({
    artist_id: id('Artista no válido.').optional(),
    artist_name: artistName.optional(),
    billing: z.enum(billings, { error: "La categoría debe ser 'headliner' o 'regular'." }).default('regular'),
    day: optionalIsoDate('El día no es válido (AAAA-MM-DD).'),
    stage: z
      .string()
      .trim()
      .max(100, { error: 'El escenario no puede superar los 100 caracteres.' })
      .nullish()
      .transform((v) => v || null),
    starts_at: optionalDateTime('La hora de inicio no es válida (fecha y hora ISO 8601 con zona).'),
    ends_at: optionalDateTime('La hora de fin no es válida (fecha y hora ISO 8601 con zona).'),
    /** Profile addresses pasted with the name: they fill the artist's links that are still empty. */
    links: artistLinksInput.optional(),
  })
  .refine((v) => v.artist_id !== undefined || v.artist_name !== undefined, {
    error: 'Cada entrada necesita artist_id o artist_name.',
  })
  .refine((v) => !v.starts_at || !v.ends_at || v.ends_at > v.starts_at, {
    error: 'La hora de fin debe ser posterior a la de inicio.',
    path: ['ends_at'],
  });
export type LineupEntryInput = z.output<typeof lineupEntryInputSchema>;

export const lineupInputSchema = z.object({
  lineup: z
    .array(lineupEntryInputSchema, { error: 'lineup debe ser una lista.' })
    .max(MAX_LINEUP_ENTRIES, { error: `Un cartel puede tener como máximo ${MAX_LINEUP_ENTRIES} artistas.` }),
});

export const price = (label: string) =>
  z.coerce
    .number({ error: `${label} debe ser un número.` })
    .min(0, { error: `${label} no puede ser negativo.` })
    .max(MAX_TICKET_PRICE, { error: `${label} no puede superar ${MAX_TICKET_PRICE} €.` })
    .nullish()
    .transform((v) => (v === undefined || v === null ? null : Math.round(v * 100) / 100));

/** PUT /api/admin/editions/{id}/tickets */
export const ticketsInputSchema = z
  .object({
    price_from: price('El precio desde'),
    price_to: price('El precio hasta'),
    currency: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{3}$/, { error: 'La moneda debe ser un código de tres letras (EUR).' })
      .default('EUR'),
    ticket_url: httpUrlInput('La URL de venta no es válida: usa una dirección http(s).'),
    on_sale_at: optionalDateTime('La fecha de venta no es válida (fecha y hora ISO 8601 con zona).'),
    sold_out: z.boolean({ error: 'sold_out debe ser true o false.' }).default(false),
  })
  .refine((v) => v.price_from === null || v.price_to === null || v.price_to >= v.price_from, {
    error: 'El precio hasta no puede ser menor que el precio desde.',
    path: ['price_to'],
  });
export type TicketsInput = z.output<typeof ticketsInputSchema>;

/** The ticket part of a proposal (POST /api/festivals): both optional. */
export const proposalTicketsShape = {
  ticket_url: httpUrlInput('La URL de venta no es válida: usa una dirección http(s).'),
  price_from: price('El precio desde'),
  lineup: z
    .array(artistName, { error: 'lineup debe ser una lista de nombres de artistas.' })
    .max(MAX_LINEUP_ENTRIES, { error: `Un cartel puede tener como máximo ${MAX_LINEUP_ENTRIES} artistas.` })
    .nullish()
    // The same artist typed twice ('Amelie Lens', 'AMÉLIE LENS') is one entry: a proposal lists who plays, not sets.
    .transform((v) => {
      const seen = new Set<string>();
      return (v ?? []).filter((name) => !seen.has(artistNameKey(name)) && Boolean(seen.add(artistNameKey(name))));
    }),
};
