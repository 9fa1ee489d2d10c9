import { z } from './zod';

/** At most this many picked sets in one timetable (a lineup holds at most 500 entries). */
export const MAX_TIMETABLE_PICKS = 500;

/** PUT /api/timetables/{festivalId}: the lineup entries picked, by id (the whole list each time). */
export const timetableInputSchema = z.object({
  picks: z
    .array(
      z
        .number({ error: 'Cada actuación elegida debe ser un número.' })
        .int({ error: 'Cada actuación elegida debe ser un número entero.' })
        .positive({ error: 'Actuación no válida.' }),
      {
        error: 'Indica las actuaciones elegidas (picks) como una lista.',
      },
    )
    .max(MAX_TIMETABLE_PICKS, { error: `Como mucho ${MAX_TIMETABLE_PICKS} actuaciones.` }),
});
export type TimetableInput = z.infer<typeof timetableInputSchema>;

/** The festival a timetable belongs to, in /api/timetables/{festivalId}. */
export const festivalIdParamSchema = z.object({
  festivalId: z.coerce
    .number({ error: 'Identificador de festival no válido.' })
    .int({ error: 'Identificador de festival no válido.' })
    .positive({ error: 'Identificador de festival no válido.' })
    .max(2147483647, { error: 'Identificador de festival no válido.' }),
});

/** GET /api/timetables/shared/{token} */
export const shareTokenParamSchema = z.object({ token: z.uuid({ error: 'Enlace de horario no válido.' }) });

/** GET /api/timetables/{festivalId}/calendar.ics?picks=1,2,3: the sets to export (the device's picks when signed out). */
export const timetableIcsQuerySchema = z.object({
  picks: z
    .string()
    .max(4000)
    .regex(/^\d+(,\d+)*$/, { error: 'picks debe ser una lista de números separados por comas.' })
    .transform((s) => [...new Set(s.split(',').map(Number))]),
});
