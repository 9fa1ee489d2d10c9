import { todayIso } from './dates';
import { httpUrlInput, MAX_TICKET_PRICE, optionalDateTime, optionalIsoDate } from './lineup-schemas';
import { z } from './zod';

/** What an edition's price tiers are, and where each group of an edition's facts comes from. */

export const tierKinds = ['abono', 'dia', 'vip', 'camping', 'parking', 'bus', 'otro'] as const;
export type TierKind = (typeof tierKinds)[number];
/** The kinds that let someone in; camping, parking and bus are extras on top of one. */
export const entryTierKinds: readonly TierKind[] = ['abono', 'dia', 'vip', 'otro'];
export const tierKindLabels: Record<TierKind, string> = {
  abono: 'Abono',
  dia: 'Entrada de día',
  vip: 'VIP',
  camping: 'Camping',
  parking: 'Parking',
  bus: 'Autobús',
  otro: 'Otro',
};
export const factAuthors = ['admin', 'organizer', 'community'] as const;
/** Most tiers an edition may list. */
export const MAX_TIERS = 40;

const tierPrice = (label: string) =>
  z.coerce
    .number({ error: `${label} debe ser un número.` })
    .min(0, { error: `${label} no puede ser negativo.` })
    .max(MAX_TICKET_PRICE, { error: `${label} no puede superar ${MAX_TICKET_PRICE} €.` })
    .transform((v) => Math.round(v * 100) / 100);

/** One tier of PUT .../editions/{id}/tiers: with its id it is that tier changed, without one a new tier. */
export const tierInputSchema = z
  .object({
    id: z.number({ error: 'id debe ser el número de un tramo.' }).int().positive().optional(),
    kind: z.enum(tierKinds, { error: 'Tipo no válido: abono, dia, vip, camping, parking, bus u otro.' }),
    name: z
      .string({ error: 'El nombre del tramo es obligatorio.' })
      .trim()
      .min(1, { error: 'El nombre del tramo es obligatorio.' })
      .max(120, { error: 'El nombre del tramo no puede superar los 120 caracteres.' }),
    price: tierPrice('El precio'),
    fees: tierPrice('Los gastos de gestión')
      .nullish()
      .transform((v) => v ?? null),
    fees_included: z.boolean({ error: 'fees_included debe ser true o false.' }).default(false),
    currency: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{3}$/, { error: 'La moneda debe ser un código de tres letras (EUR).' })
      .default('EUR'),
    on_sale_at: optionalDateTime('La fecha de venta no es válida (fecha y hora ISO 8601 con zona).'),
    ends_at: optionalIsoDate('La fecha de fin del tramo no es válida (AAAA-MM-DD).'),
    sold_out: z.boolean({ error: 'sold_out debe ser true o false.' }).default(false),
    url: httpUrlInput('La URL de venta no es válida: usa una dirección http(s).'),
    position: z.coerce
      .number({ error: 'La posición debe ser un número entre 0 y 99.' })
      .int({ error: 'La posición debe ser un número entre 0 y 99.' })
      .min(0, { error: 'La posición debe ser un número entre 0 y 99.' })
      .max(99, { error: 'La posición debe ser un número entre 0 y 99.' })
      .optional(),
  })
  .refine((v) => !(v.fees_included && v.fees !== null && v.fees > 0), {
    error: 'Si los gastos están incluidos, no indiques un importe de gastos aparte.',
    path: ['fees'],
  });
export type TierInput = z.output<typeof tierInputSchema>;

/** The group's source: the official page or document and the day it was checked. */
export const factSourceInputShape = {
  source_url: httpUrlInput('La URL de la fuente no es válida: usa una dirección http(s).'),
  verified_at: optionalIsoDate('La fecha de verificación no es válida (AAAA-MM-DD).').refine(
    (v) => v === null || v <= todayIso(new Date(Date.now() + 86_400_000)),
    { error: 'La fecha de verificación no puede ser futura.' },
  ),
};

/** PUT /api/admin/editions/{id}/tiers (and the organisers' route): the edition's whole list. */
export const tiersInputSchema = z
  .object({
    tiers: z
      .array(tierInputSchema, { error: 'tiers debe ser una lista de tramos.' })
      .max(MAX_TIERS, { error: `Una edición puede tener como máximo ${MAX_TIERS} tramos.` }),
    ...factSourceInputShape,
  })
  .refine(
    (v) => {
      const ids = v.tiers.flatMap((t) => (t.id === undefined ? [] : [t.id]));
      return new Set(ids).size === ids.length;
    },
    { error: 'El mismo tramo aparece dos veces.', path: ['tiers'] },
  );
export type TiersInput = z.output<typeof tiersInputSchema>;

export const tierSchema = z.object({
  id: z.number().int(),
  kind: z.enum(tierKinds),
  name: z.string(),
  price: z.number(),
  /** null: not known. */
  fees: z.number().nullable(),
  fees_included: z.boolean(),
  currency: z.string(),
  /** ISO 8601 date-time */
  on_sale_at: z.string().nullable(),
  /** YYYY-MM-DD, the last day on sale; null: until sold out. */
  ends_at: z.string().nullable(),
  sold_out: z.boolean(),
  url: z.string().nullable(),
  position: z.number().int(),
});
export type Tier = z.infer<typeof tierSchema>;

export const factSourceSchema = z.object({
  source_url: z.string().nullable(),
  /** YYYY-MM-DD */
  verified_at: z.string().nullable(),
  entered_as: z.enum(factAuthors),
});
export type FactSource = z.infer<typeof factSourceSchema>;

/** GET /api/editions/{id}/price-history: every price and availability each tier has had, oldest first. */
export const priceHistoryItemSchema = z.object({
  tier_id: z.number().int(),
  price: z.number(),
  fees: z.number().nullable(),
  sold_out: z.boolean(),
  changed_at: z.string(),
});
export type PriceHistoryItem = z.infer<typeof priceHistoryItemSchema>;
