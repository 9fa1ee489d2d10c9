import { parseDateInput } from './dates';
import { festivalFilterQuerySchema } from './festival-query';
import { proposalTicketsShape } from './lineup-schemas';
import { requiredLine, requiredText } from './text-input';
import { z } from './zod';

export { festivalFilterQuerySchema };

export const optionalText = (max: number, maxMessage: string) =>
  z
    .string()
    .trim()
    .max(max, { error: maxMessage })
    .nullish()
    .transform((v) => (v ? v : null));

/** A date typed as DD-MM-YYYY, YYYY-MM-DD, DD/MM/YYYY or any parsable form, normalised to YYYY-MM-DD. */
/** The 409 of a festival whose name and location match an approved one or one's own pending proposal. */
export const DUPLICATE_FESTIVAL_MESSAGE = 'Ya existe un festival pendiente o aprobado con ese nombre y localización.';

export const dateInput = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, { error: requiredMessage })
    .transform((value, ctx) => {
      const iso = parseDateInput(value);
      if (!iso) {
        ctx.issues.push({ code: 'custom', message: 'Fecha no válida. Usa el formato DD-MM-AAAA.', input: value });
        return z.NEVER;
      }
      return iso;
    });

const optionalDateInput = z
  .string()
  .trim()
  .nullish()
  .transform((value, ctx) => {
    if (!value) return null;
    const iso = parseDateInput(value);
    if (!iso) {
      ctx.issues.push({ code: 'custom', message: 'Fecha no válida. Usa el formato DD-MM-AAAA.', input: value });
      return z.NEVER;
    }
    return iso;
  });

export const websiteInput = z
  .string()
  .trim()
  .max(500, { error: 'La URL del sitio web es demasiado larga (máximo 500 caracteres).' })
  .nullish()
  .transform((value, ctx) => {
    if (!value) return null;
    const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`;
    try {
      const url = new URL(withScheme);
      if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('scheme');
      return url.toString();
    } catch {
      ctx.issues.push({ code: 'custom', message: 'La URL del sitio web no es válida.', input: value });
      return z.NEVER;
    }
  });

/** Genres as an array or as the comma-separated text the forms use , trimmed, without duplicates. */
export const genresInput = z
  .union([z.array(z.string()), z.string()])
  .nullish()
  .transform((value, ctx) => {
    const list = (Array.isArray(value) ? value : (value ?? '').split(','))
      .map((g) => g.trim().replace(/\s+/g, ' '))
      .filter(Boolean);
    const unique = [...new Map(list.map((g) => [g.toLowerCase(), g])).values()];
    if (unique.length > 12) {
      ctx.issues.push({ code: 'custom', message: 'Máximo 12 géneros por festival.', input: value });
      return z.NEVER;
    }
    if (unique.some((g) => g.length > 50)) {
      ctx.issues.push({ code: 'custom', message: 'Cada género puede tener como máximo 50 caracteres.', input: value });
      return z.NEVER;
    }
    return unique;
  });

const endNotBeforeStart = {
  check: (v: { start_date: string | null; end_date: string | null }) =>
    !v.start_date || !v.end_date || v.end_date >= v.start_date,
  message: 'La fecha de fin debe ser posterior a la fecha de inicio',
};

const nameInput = requiredLine(
  'El nombre del festival es requerido',
  200,
  'El nombre no puede superar los 200 caracteres.',
  'El nombre',
);
const locationInput = requiredLine(
  'La ubicación del festival es requerida',
  200,
  'La ubicación no puede superar los 200 caracteres.',
  'La ubicación',
);
export const descriptionInput = requiredText(
  'La descripción del festival es requerida',
  20000,
  'La descripción no puede superar los 20.000 caracteres.',
);

/** POST /api/festivals: a signed-in user's proposal (name, location, dates and description required). */
export const proposeFestivalSchema = z
  .object({
    name: nameInput,
    location: locationInput,
    start_date: dateInput('La fecha de inicio es requerida'),
    end_date: dateInput('La fecha de fin es requerida'),
    description: descriptionInput,
    website: websiteInput,
    genres: genresInput,
    ...proposalTicketsShape,
  })
  .refine(endNotBeforeStart.check, { error: endNotBeforeStart.message, path: ['end_date'] });
export type ProposeFestivalInput = z.input<typeof proposeFestivalSchema>;
export type ProposeFestival = z.output<typeof proposeFestivalSchema>;

const latitude = z.coerce
  .number({ error: 'La latitud debe ser un número.' })
  .min(-90, { error: 'La latitud debe estar entre -90 y 90.' })
  .max(90, { error: 'La latitud debe estar entre -90 y 90.' });
const longitude = z.coerce
  .number({ error: 'La longitud debe ser un número.' })
  .min(-180, { error: 'La longitud debe estar entre -180 y 180.' })
  .max(180, { error: 'La longitud debe estar entre -180 y 180.' });

/** POST/PUT /api/admin/festivals: the admin form (name, start date, description and location required; the end not before the start). */
export const adminFestivalSchema = z
  .object({
    name: nameInput,
    start_date: dateInput('La fecha de inicio es requerida'),
    end_date: optionalDateInput,
    description: descriptionInput,
    location: locationInput,
    address: optionalText(300, 'La dirección no puede superar los 300 caracteres.'),
    website: websiteInput,
    genres: genresInput,
    imageUrl: optionalText(2048, 'La URL de la imagen es demasiado larga.'),
    status: z.enum(['pending', 'approved', 'rejected'], { error: 'Estado no válido.' }).optional(),
    latitude: latitude.nullish(),
    longitude: longitude.nullish(),
    transportation: optionalText(2000, 'El texto de transporte no puede superar los 2000 caracteres.'),
    parking_info: optionalText(2000, 'El texto de aparcamiento no puede superar los 2000 caracteres.'),
    accommodation: optionalText(2000, 'El texto de alojamiento no puede superar los 2000 caracteres.'),
  })
  .refine(endNotBeforeStart.check, { error: endNotBeforeStart.message, path: ['end_date'] })
  .refine((v) => (v.latitude == null) === (v.longitude == null), {
    error: 'Indica latitud y longitud a la vez.',
    path: ['latitude'],
  });
export type AdminFestivalInput = z.input<typeof adminFestivalSchema>;
export type AdminFestival = z.output<typeof adminFestivalSchema>;

export const idParamSchema = z.object({
  id: z.coerce
    .number({ error: 'Identificador no válido.' })
    .int({ error: 'Identificador no válido.' })
    .positive({ error: 'Identificador no válido.' })
    .max(2147483647, { error: 'Identificador no válido.' }),
});
