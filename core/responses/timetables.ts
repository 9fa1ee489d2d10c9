/** My timetable ('Mi horario') and its shared view. (core/response-schemas.ts re-exports every file of this folder.) */
import { z } from '../zod';

// My timetable ('Mi horario')

export const timetableResponse = z.object({
  festival_id: z.number().int(),
  picks: z.array(z.number().int()),
  /** The read-only link's token while shared; null when not shared or revoked. */
  share_token: z.string().nullable(),
});
export type Timetable = z.output<typeof timetableResponse>;

export const sharedTimetableResponse = z.object({
  festival_id: z.number().int(),
  picks: z.array(z.number().int()),
  /** The first name of whoever shares it, to title the page. */
  owner: z.string(),
});
export type SharedTimetable = z.output<typeof sharedTimetableResponse>;
