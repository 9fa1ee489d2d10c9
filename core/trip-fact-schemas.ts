import { httpUrlInput } from './lineup-schemas';
import { factAuthors, factSourceInputShape } from './price-tier-schemas';
import { z } from './zod';

/**
 * 'Antes de ir' (the rules at the gate) and accessibility of an edition: each fact optional, null
 * meaning 'Sin confirmar' (never guessed). The same schemas check the editor's form and the body of
 * PUT .../conditions and .../accessibility.
 */

export const foodRules = ['allowed', 'sealed_only', 'not_allowed'] as const;
export const waterRules = ['free_fountains', 'empty_bottle_allowed', 'paid_only'] as const;
export const reentryRules = ['free', 'paid', 'none'] as const;
export const agePolicies = ['all_ages', 'minimum_age', 'minors_with_guardian'] as const;
export const campingRules = ['included', 'extra', 'none'] as const;
export const parkingRules = ['free', 'paid', 'none'] as const;
export const companionTickets = ['free', 'discount', 'none'] as const;

export const factLabels = {
  food: {
    allowed: 'Se puede entrar con comida',
    sealed_only: 'Solo comida precintada',
    not_allowed: 'No se puede entrar con comida',
  },
  water: {
    free_fountains: 'Fuentes de agua gratis',
    empty_bottle_allowed: 'Se puede entrar con botella vacía',
    paid_only: 'Agua solo de pago',
  },
  reentry: { free: 'Se puede salir y volver a entrar gratis', paid: 'Reentrada de pago', none: 'Sin reentrada' },
  age_policy: {
    all_ages: 'Todas las edades',
    minimum_age: 'Edad mínima',
    minors_with_guardian: 'Menores acompañados',
  },
  camping: { included: 'Camping incluido en el abono', extra: 'Camping aparte', none: 'Sin camping' },
  parking: { free: 'Parking gratis', paid: 'Parking de pago', none: 'Sin parking' },
  companion_ticket: {
    free: 'Acompañante gratis',
    discount: 'Acompañante con descuento',
    none: 'Sin entrada de acompañante',
  },
} as const;

const choice = <T extends readonly [string, ...string[]]>(values: T, label: string) =>
  z
    .enum(values, { error: `${label} no válido: ${values.join(', ')}.` })
    .nullish()
    .transform((v) => v ?? null);
const yesNo = (label: string) =>
  z
    .boolean({ error: `${label} debe ser true, false o null.` })
    .nullish()
    .transform((v) => v ?? null);
const freeText = (label: string, max: number) =>
  z
    .string({ error: `${label} debe ser un texto.` })
    .trim()
    .max(max, { error: `${label}: como máximo ${max} caracteres.` })
    .nullish()
    .transform((v) => v || null);
const wholeNumber = (label: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${label} debe ser un número entre ${min} y ${max}.` })
    .int({ error: `${label} debe ser un número entre ${min} y ${max}.` })
    .min(min, { error: `${label} debe ser un número entre ${min} y ${max}.` })
    .max(max, { error: `${label} debe ser un número entre ${min} y ${max}.` })
    .nullish()
    .transform((v) => v ?? null);

/** PUT /api/admin/editions/{id}/conditions (and the organisers' route): the whole group, a missing fact is unknown. */
export const conditionsInputSchema = z
  .object({
    food: choice(foodRules, 'La comida'),
    water: choice(waterRules, 'El agua'),
    reentry: choice(reentryRules, 'La reentrada'),
    cashless: yesNo('cashless'),
    cashless_refund_fee: z.coerce
      .number({ error: 'La comisión de devolución del cashless debe ser un importe entre 0 y 100 €.' })
      .min(0, { error: 'La comisión de devolución del cashless debe ser un importe entre 0 y 100 €.' })
      .max(100, { error: 'La comisión de devolución del cashless debe ser un importe entre 0 y 100 €.' })
      .nullish()
      .transform((v) => (v === null || v === undefined ? null : Math.round(v * 100) / 100)),
    cashless_refund_days: wholeNumber('El plazo de devolución del cashless (días)', 0, 365),
    cash_accepted: yesNo('cash_accepted'),
    age_policy: choice(agePolicies, 'La política de edad'),
    minimum_age: wholeNumber('La edad', 0, 25),
    guardian_form_url: httpUrlInput('La URL de la autorización de menores no es válida: usa una dirección http(s).'),
    camping: choice(campingRules, 'El camping'),
    parking: choice(parkingRules, 'El parking'),
    lockers: yesNo('lockers'),
    bag_limit: freeText('El tamaño máximo de bolsa', 100),
    notes: freeText('Las notas', 500),
    ...factSourceInputShape,
  })
  .refine((v) => v.age_policy === null || v.age_policy === 'all_ages' || v.minimum_age !== null, {
    error: 'Indica la edad: la mínima para entrar, o desde la que los menores pueden ir acompañados.',
    path: ['minimum_age'],
  });
export type ConditionsInput = z.output<typeof conditionsInputSchema>;

/** PUT /api/admin/editions/{id}/accessibility (and the organisers' route). */
export const accessibilityInputSchema = z.object({
  step_free: yesNo('step_free'),
  viewing_platform: yesNo('viewing_platform'),
  adapted_toilets: yesNo('adapted_toilets'),
  companion_ticket: choice(companionTickets, 'La entrada de acompañante'),
  sign_language: yesNo('sign_language'),
  induction_loop: yesNo('induction_loop'),
  vibrating_vests: yesNo('vibrating_vests'),
  quiet_area: yesNo('quiet_area'),
  assistance_dogs: yesNo('assistance_dogs'),
  accessible_camping: yesNo('accessible_camping'),
  accessible_parking: yesNo('accessible_parking'),
  contact: freeText('El contacto de accesibilidad', 200).refine(
    (v) => v === null || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v) || /^\+?[\d\s().-]{6,}$/.test(v),
    { error: 'El contacto de accesibilidad debe ser un email o un teléfono.' },
  ),
  notes: freeText('Las notas', 500),
  ...factSourceInputShape,
});
export type AccessibilityInput = z.output<typeof accessibilityInputSchema>;

const sourceFields = {
  source_url: z.string().nullable(),
  /** YYYY-MM-DD */
  verified_at: z.string().nullable(),
  entered_as: z.enum(factAuthors).nullable(),
};

export const conditionsSchema = z.object({
  food: z.enum(foodRules).nullable(),
  water: z.enum(waterRules).nullable(),
  reentry: z.enum(reentryRules).nullable(),
  cashless: z.boolean().nullable(),
  cashless_refund_fee: z.number().nullable(),
  cashless_refund_days: z.number().int().nullable(),
  cash_accepted: z.boolean().nullable(),
  age_policy: z.enum(agePolicies).nullable(),
  minimum_age: z.number().int().nullable(),
  guardian_form_url: z.string().nullable(),
  camping: z.enum(campingRules).nullable(),
  parking: z.enum(parkingRules).nullable(),
  lockers: z.boolean().nullable(),
  bag_limit: z.string().nullable(),
  notes: z.string().nullable(),
  ...sourceFields,
});
export type Conditions = z.infer<typeof conditionsSchema>;

export const accessibilitySchema = z.object({
  step_free: z.boolean().nullable(),
  viewing_platform: z.boolean().nullable(),
  adapted_toilets: z.boolean().nullable(),
  companion_ticket: z.enum(companionTickets).nullable(),
  sign_language: z.boolean().nullable(),
  induction_loop: z.boolean().nullable(),
  vibrating_vests: z.boolean().nullable(),
  quiet_area: z.boolean().nullable(),
  assistance_dogs: z.boolean().nullable(),
  accessible_camping: z.boolean().nullable(),
  accessible_parking: z.boolean().nullable(),
  contact: z.string().nullable(),
  notes: z.string().nullable(),
  ...sourceFields,
});
export type Accessibility = z.infer<typeof accessibilitySchema>;

/** An edition's gate conditions and accessibility in the festival and editions answers (null: nobody entered them). */
export const tripFactFieldsShape = {
  conditions: conditionsSchema.nullable(),
  accessibility: accessibilitySchema.nullable(),
};
