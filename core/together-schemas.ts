import { festivalIdInput } from './community-schemas';
import { oneLine } from './text-input';
import { z } from './zod';

/** 'Voy' / 'Me interesa': one state per person and festival; null clears it. */
export const attendanceStatuses = ['going', 'interested'] as const;
export type AttendanceStatus = (typeof attendanceStatuses)[number];

const STATUS_MESSAGE = 'El estado debe ser "going", "interested" o null.';

/** PUT /api/festivals/{id}/attendance */
export const attendanceInputSchema = z.object({
  status: z.enum(attendanceStatuses, { error: STATUS_MESSAGE }).nullable(),
});
export type AttendanceInput = z.infer<typeof attendanceInputSchema>;

/** At most this many people in a plan, the owner included. */
export const MAX_PLAN_MEMBERS = 20;
export const PLAN_NAME_MAX = 80;
export const MEETING_NOTE_MAX = 200;

const PLAN_NAME_TOO_LONG = `El nombre del plan puede tener como mucho ${PLAN_NAME_MAX} caracteres.`;

/** POST /api/plans: the festival, and a name (the festival's when none is given). */
export const planInputSchema = z.object({
  festival_id: festivalIdInput('Indica un festival válido (festival_id).'),
  name: z
    .union([
      oneLine(
        z
          .string({ error: 'El nombre del plan debe ser un texto.' })
          .trim()
          .max(PLAN_NAME_MAX, { error: PLAN_NAME_TOO_LONG }),
        'El nombre del plan',
      ),
      z.null(),
    ])
    .optional(),
});
export type PlanInput = z.infer<typeof planInputSchema>;

/** POST /api/plans/join */
export const planJoinSchema = z.object({
  token: z.uuid({ error: 'Enlace de invitación no válido.' }),
});

const coordinate = (min: number, max: number, message: string) =>
  z.number({ error: message }).min(min, { error: message }).max(max, { error: message });

/** POST /api/plans/{id}/meeting-points: a short note and, optionally, a place (both coordinates or none). */
export const meetingPointInputSchema = z
  .object({
    note: oneLine(
      z
        .string({ error: 'Escribe una nota para el punto de encuentro.' })
        .trim()
        .min(1, { error: 'Escribe una nota para el punto de encuentro.' })
        .max(MEETING_NOTE_MAX, { error: `La nota puede tener como mucho ${MEETING_NOTE_MAX} caracteres.` }),
      'La nota',
    ),
    lat: coordinate(-90, 90, 'La latitud debe estar entre -90 y 90.').nullable().optional(),
    lon: coordinate(-180, 180, 'La longitud debe estar entre -180 y 180.').nullable().optional(),
  })
  .refine((p) => (p.lat == null) === (p.lon == null), {
    error: 'Indica latitud y longitud juntas, o ninguna.',
    path: ['lat'],
  });
export type MeetingPointInput = z.infer<typeof meetingPointInputSchema>;

const idMessage = 'Identificador no válido.';
const positiveId = z.coerce
  .number({ error: idMessage })
  .int({ error: idMessage })
  .positive({ error: idMessage })
  .max(2147483647, { error: idMessage });

export const planIdParamSchema = z.object({ id: positiveId });
export const planMemberParamSchema = z.object({ id: positiveId, userId: positiveId });
export const planPointParamSchema = z.object({ id: positiveId, pointId: positiveId });

/** PUT /api/plans/{id}/notifications: the member's own opt-in. */
export const planNotifySchema = z.object({
  notify: z.boolean({ error: 'Indica true o false (notify).' }),
});
