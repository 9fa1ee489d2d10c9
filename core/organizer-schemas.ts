import { descriptionInput, genresInput, optionalText, websiteInput } from './festival-schemas';
import { claimStatuses, liveStatuses } from './responses/organizers';
import { z } from './zod';

/** Requests of the organisers' routes: claims, the desk's edits, 'Novedades' and live set changes. */

const id = (message: string) =>
  z.coerce
    .number({ error: message })
    .int({ error: message })
    .positive({ error: message })
    .max(2147483647, { error: message });

/** POST /api/festivals/{id}/claims */
export const claimInputSchema = z.discriminatedUnion(
  'method',
  [
    z.object({
      method: z.literal('email'),
      email: z
        .string({ error: 'Escribe la dirección de correo del dominio oficial del festival.' })
        .trim()
        .toLowerCase()
        .max(254, { error: 'La dirección de correo es demasiado larga.' })
        .pipe(z.email({ error: 'La dirección de correo no es válida.' })),
    }),
    z.object({ method: z.literal('website') }),
  ],
  { error: "Elige cómo demostrarlo: method 'email' (con email) o 'website'." },
);
export type ClaimInput = z.output<typeof claimInputSchema>;

/** POST /api/claims/{id}/verify: the mailed code (email claims) or nothing (website claims). */
export const claimVerifySchema = z.object({
  code: z
    .string({ error: 'El código son 6 cifras.' })
    .trim()
    .regex(/^\d{6}$/, { error: 'El código son 6 cifras.' })
    .optional(),
});

export const adminClaimsQuerySchema = z.object({
  status: z
    .enum(claimStatuses, { error: 'Estado no válido: pending, verified, approved o rejected.' })
    .default('verified'),
});

/** PATCH /api/admin/claims/{id} */
export const claimDecisionSchema = z.object({
  status: z.enum(['approved', 'rejected'], { error: "La decisión debe ser 'approved' o 'rejected'." }),
});

/** POST /api/admin/festivals/{id}/organizers */
export const grantOrganizerSchema = z.object({ user_id: id('Indica la persona (user_id).') });

export const festivalUserParamSchema = z.object({
  id: id('Identificador no válido.'),
  userId: id('Identificador de persona no válido.'),
});

export const historyQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'limit debe ser un número entre 1 y 500.' })
    .int({ error: 'limit debe ser un número entre 1 y 500.' })
    .min(1, { error: 'limit debe ser un número entre 1 y 500.' })
    .max(500, { error: 'limit debe ser un número entre 1 y 500.' })
    .default(100),
});

/** The keys of a festival only an admin changes: its identity. */
export const IDENTITY_FIELDS = [
  'name',
  'location',
  'address',
  'latitude',
  'longitude',
  'status',
  'start_date',
  'end_date',
];
export const IDENTITY_MESSAGE =
  'El nombre, el lugar y las coordenadas los cambia administración: pídelo desde tu panel de organización.';

/**
 * PUT /api/organizer/festivals/{id}: what organisers know best. Only the keys sent change; the name,
 * place and coordinates (the festival's identity) are refused with a 400 that says who changes them.
 */
export const organizerFestivalSchema = z
  .object({
    description: descriptionInput.optional(),
    website: websiteInput,
    imageUrl: optionalText(2048, 'La URL de la imagen es demasiado larga.'),
    genres: genresInput,
    transportation: optionalText(2000, 'El texto de transporte no puede superar los 2000 caracteres.'),
    parking_info: optionalText(2000, 'El texto de aparcamiento no puede superar los 2000 caracteres.'),
    accommodation: optionalText(2000, 'El texto de alojamiento no puede superar los 2000 caracteres.'),
  })
  .catchall(z.unknown())
  .superRefine((value, ctx) => {
    for (const key of Object.keys(value)) {
      if (IDENTITY_FIELDS.includes(key)) ctx.addIssue({ code: 'custom', message: IDENTITY_MESSAGE, path: [key] });
    }
  });
export type OrganizerFestival = z.output<typeof organizerFestivalSchema>;

/** POST /api/organizer/festivals/{id}/updates */
export const festivalUpdateInputSchema = z.object({
  title: z
    .string({ error: 'El título es obligatorio.' })
    .trim()
    .min(1, { error: 'El título es obligatorio.' })
    .max(120, { error: 'El título no puede superar los 120 caracteres.' }),
  body: z
    .string({ error: 'El texto es obligatorio.' })
    .trim()
    .min(1, { error: 'El texto es obligatorio.' })
    .max(2000, { error: 'El texto no puede superar los 2000 caracteres.' }),
  image_url: z
    .string()
    .trim()
    .max(500, { error: 'La URL de la imagen es demasiado larga.' })
    .regex(/^(https?:\/\/|\/uploads\/)\S+$/i, { error: 'La imagen debe ser una URL http(s) o una subida.' })
    .nullish()
    .transform((v) => v || null),
});
export type FestivalUpdateInput = z.output<typeof festivalUpdateInputSchema>;

const instant = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .refine(
      (v) =>
        /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(v) && !Number.isNaN(Date.parse(v)),
      { error: message },
    )
    .transform((v) => new Date(v).toISOString());

/**
 * PATCH /api/organizer/sets/{lineupEntryId}: a set on the day. delayed: `delay_minutes` late on its
 * planned time (1-720; the same delay sent twice moves it once); moved: to `stage`; cancelled; on
 * time: back to its planned time, or to the new `start`/`end` given.
 */
export const setChangeInputSchema = z
  .object({
    status: z.enum(liveStatuses, { error: 'Estado no válido: on_time, delayed, moved o cancelled.' }),
    delay_minutes: z.coerce
      .number({ error: 'El retraso son minutos, de 1 a 720.' })
      .int({ error: 'El retraso son minutos, de 1 a 720.' })
      .min(1, { error: 'El retraso son minutos, de 1 a 720.' })
      .max(720, { error: 'El retraso son minutos, de 1 a 720.' })
      .optional(),
    stage: z
      .string({ error: 'El escenario debe ser un texto.' })
      .trim()
      .min(1, { error: 'Indica el escenario.' })
      .max(100, { error: 'El escenario no puede superar los 100 caracteres.' })
      .optional(),
    start: instant('La hora de inicio no es válida (fecha y hora ISO 8601 con zona).').optional(),
    end: instant('La hora de fin no es válida (fecha y hora ISO 8601 con zona).').optional(),
  })
  .superRefine((v, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', message, path: [path] });
    if (v.status === 'delayed' && v.delay_minutes === undefined)
      issue('delay_minutes', 'Indica cuántos minutos se retrasa.');
    if (v.status !== 'delayed' && v.delay_minutes !== undefined)
      issue('delay_minutes', 'Los minutos de retraso solo van con el estado delayed.');
    if (v.status === 'delayed' && (v.start || v.end))
      issue('start', 'Un retraso mueve la hora sola: no envíes start ni end.');
    if (v.status === 'moved' && !v.stage) issue('stage', 'Indica a qué escenario se mueve.');
    if (v.status === 'cancelled' && (v.stage || v.start || v.end))
      issue('status', 'Una actuación cancelada no lleva escenario ni horas nuevas.');
    if (v.start && v.end && v.end <= v.start) issue('end', 'La hora de fin debe ser posterior a la de inicio.');
  });
export type SetChangeInput = z.output<typeof setChangeInputSchema>;

export const setChangesQuerySchema = z.object({
  since: instant('since debe ser una fecha y hora ISO 8601 con zona.').optional(),
});

export const lineupEntryParamSchema = z.object({ lineupEntryId: id('Actuación no válida.') });
