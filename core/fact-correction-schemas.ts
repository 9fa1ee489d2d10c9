import { httpUrlInput } from './lineup-schemas';
import { accessibilityInputSchema, conditionsInputSchema } from './trip-fact-schemas';
import { z } from './zod';

/**
 * A correction to one fact of a festival's current edition, proposed by anyone signed in with the
 * page that says so (POST /api/festivals/{id}/fact-corrections). The value is checked with the same
 * rule as the group's editor, so an approved correction to 'Antes de ir' or accessibility can be
 * written as it is; a correction to the tiers is a text the admin reads before editing them.
 */

export const correctionGroups = ['tiers', 'conditions', 'accessibility'] as const;
export type CorrectionGroup = (typeof correctionGroups)[number];
export const factCorrectionStatuses = ['pending', 'approved', 'rejected'] as const;

export const correctionGroupLabels: Record<CorrectionGroup, string> = {
  tiers: 'Precios',
  conditions: 'Antes de ir',
  accessibility: 'Accesibilidad',
};

/** The facts one may correct, by group, with the name the form shows. */
export const correctableFields = {
  tiers: {
    price: 'Precio de un tramo',
    fees: 'Gastos de gestión',
    sold_out: 'Agotado',
    on_sale_at: 'A la venta desde',
    ends_at: 'Fin de un tramo',
    url: 'Enlace de compra',
    other: 'Otro dato de precios',
  },
  conditions: {
    food: 'Comida',
    water: 'Agua',
    reentry: 'Reentrada',
    cashless: 'Pago solo con cashless',
    cashless_refund_fee: 'Comisión de devolución del cashless (€)',
    cashless_refund_days: 'Plazo de devolución del cashless (días)',
    cash_accepted: 'Se acepta efectivo',
    age_policy: 'Edad',
    minimum_age: 'Edad mínima',
    guardian_form_url: 'Autorización de menores (URL)',
    camping: 'Camping',
    parking: 'Parking',
    lockers: 'Taquillas',
    bag_limit: 'Tamaño máximo de bolsa',
  },
  accessibility: {
    step_free: 'Acceso sin escalones',
    viewing_platform: 'Plataforma para sillas de ruedas',
    adapted_toilets: 'Baños adaptados',
    companion_ticket: 'Entrada de acompañante',
    sign_language: 'Intérprete de LSE',
    induction_loop: 'Bucle de inducción',
    vibrating_vests: 'Chalecos vibratorios',
    quiet_area: 'Zona tranquila',
    assistance_dogs: 'Perros de asistencia',
    accessible_camping: 'Camping accesible',
    accessible_parking: 'Parking accesible',
    contact: 'Contacto de accesibilidad',
  },
} as const satisfies Record<CorrectionGroup, Record<string, string>>;

const fieldRules: Record<Exclude<CorrectionGroup, 'tiers'>, Record<string, z.ZodType>> = {
  conditions: conditionsInputSchema.shape,
  accessibility: accessibilityInputSchema.shape,
};

const TIER_TEXT_MAX = 200;

export const factCorrectionInputSchema = z
  .object({
    group: z.enum(correctionGroups, { error: "El grupo debe ser 'tiers', 'conditions' o 'accessibility'." }),
    field: z.string({ error: 'Indica el dato que corriges.' }).trim(),
    value: z
      .union([z.string().trim(), z.number(), z.boolean(), z.null()], {
        error: 'El valor debe ser un texto, un número, true, false o null.',
      })
      .optional()
      .transform((v) => v ?? null),
    source_url: httpUrlInput('La URL de la fuente no es válida: usa una dirección http(s).').refine((v) => v !== null, {
      error: 'Indica la página oficial que lo dice (URL de la fuente).',
    }),
    note: z
      .string({ error: 'La nota debe ser un texto.' })
      .trim()
      .max(500, { error: 'La nota: como máximo 500 caracteres.' })
      .nullish()
      .transform((v) => v || null),
  })
  .transform((input, ctx) => {
    const fields: Record<string, string> = correctableFields[input.group];
    if (!Object.hasOwn(fields, input.field)) {
      ctx.issues.push({ code: 'custom', path: ['field'], message: 'Ese dato no existe en este grupo.', input });
      return z.NEVER;
    }
    if (input.group === 'tiers') {
      const text = input.value === null ? '' : String(input.value).trim();
      if (!text || text.length > TIER_TEXT_MAX) {
        ctx.issues.push({
          code: 'custom',
          path: ['value'],
          message: `Escribe el dato correcto (como máximo ${TIER_TEXT_MAX} caracteres).`,
          input,
        });
        return z.NEVER;
      }
      return { ...input, value: text };
    }
    const parsed = fieldRules[input.group][input.field].safeParse(input.value);
    if (!parsed.success) {
      ctx.issues.push({ code: 'custom', path: ['value'], message: parsed.error.issues[0].message, input });
      return z.NEVER;
    }
    return { ...input, value: parsed.data as string | number | boolean | null };
  });
export type FactCorrectionInput = z.output<typeof factCorrectionInputSchema>;
export type FactCorrectionBody = z.input<typeof factCorrectionInputSchema>;

/** How the form asks for a field's value. */
export type CorrectionValueKind = 'choice' | 'yes_no' | 'number' | 'text';
const numberFields = new Set(['cashless_refund_fee', 'cashless_refund_days', 'minimum_age']);
const textFields = new Set(['guardian_form_url', 'bag_limit', 'contact']);
const choiceFields = new Set(['food', 'water', 'reentry', 'age_policy', 'camping', 'parking', 'companion_ticket']);
export function correctionValueKind(group: CorrectionGroup, field: string): CorrectionValueKind {
  if (group === 'tiers' || textFields.has(field)) return 'text';
  if (numberFields.has(field)) return 'number';
  return choiceFields.has(field) ? 'choice' : 'yes_no';
}

export const factCorrectionDecisionSchema = z.object({
  status: z.enum(['approved', 'rejected'], { error: "El estado debe ser 'approved' o 'rejected'." }),
});

export const factCorrectionResponse = z.object({
  id: z.number().int(),
  festival_id: z.number().int(),
  festival_name: z.string(),
  edition_id: z.number().int(),
  edition_year: z.number().int(),
  group: z.enum(correctionGroups),
  field: z.string(),
  field_label: z.string(),
  value: z.union([z.string(), z.number(), z.boolean(), z.null()]),
  source_url: z.string(),
  note: z.string().nullable(),
  status: z.enum(factCorrectionStatuses),
  created_at: z.string(),
  decided_at: z.string().nullable(),
  proposer: z.object({ id: z.number().int(), name: z.string() }),
});
export type FactCorrection = z.infer<typeof factCorrectionResponse>;
