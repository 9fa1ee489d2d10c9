/** 'Voy' / 'Me interesa' and plans with friends ('Plan con amigos'). (core/response-schemas.ts re-exports every file of this folder.) */
import { z } from '../zod';
import { attendanceStatuses } from '../together-schemas';
import { timestamp } from './common';

// Who is going

/** PUT /api/festivals/{id}/attendance */
export const attendanceResponse = z.object({
  status: z.enum(attendanceStatuses).nullable(),
  going_count: z.number().int(),
  interested_count: z.number().int(),
});
export type Attendance = z.output<typeof attendanceResponse>;

/** GET /api/attendance: the caller's own states. */
export const myAttendanceResponse = z.array(
  z.object({ festival_id: z.number().int(), status: z.enum(attendanceStatuses) }),
);
export type MyAttendance = z.output<typeof myAttendanceResponse>;

// Plans

export const planMemberResponse = z.object({
  user_id: z.number().int(),
  name: z.string(),
  avatar_url: z.string().nullable(),
  /** Lineup entry ids of the plan's festival this member picked in 'Mi horario'. */
  picks: z.array(z.number().int()),
});

export const planClashResponse = z.object({
  /** The members who picked both sets. */
  members: z.array(z.number().int()),
  sets: z.tuple([z.number().int(), z.number().int()]),
  /** 'Ana y Luis: Amelie Lens coincide con Bicep' */
  text: z.string(),
});
export type PlanClash = z.output<typeof planClashResponse>;

export const meetingPointResponse = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  author: z.string(),
  note: z.string(),
  lat: z.number().nullable(),
  lon: z.number().nullable(),
  created_at: timestamp,
});
export type MeetingPoint = z.output<typeof meetingPointResponse>;

/** POST /api/plans (201) */
export const planCreatedResponse = z.object({
  id: z.number().int(),
  festival_id: z.number().int(),
  name: z.string(),
  invite_url: z.string(),
  members: z.array(planMemberResponse),
});

/** A set someone in the plan picked, with what the plan's timetable draws (kept with the plan for offline use). */
export const planSetResponse = z.object({
  id: z.number().int(),
  artist: z.string(),
  stage: z.string().nullable(),
  day: z.string().nullable(),
  starts_at: timestamp,
  ends_at: timestamp.nullable(),
  cancelled: z.boolean(),
});
export type PlanSetAnswer = z.output<typeof planSetResponse>;

/** GET /api/plans/{id}: for members only. */
export const planResponse = z.object({
  id: z.number().int(),
  festival_id: z.number().int(),
  festival_name: z.string(),
  name: z.string(),
  owner_id: z.number().int(),
  /** The invitation link: the owner's only (null for the other members). */
  invite_url: z.string().nullable(),
  /** Whether the caller asked to be told when someone joins. */
  notify: z.boolean(),
  members: z.array(planMemberResponse),
  clashes: z.array(planClashResponse),
  meeting_points: z.array(meetingPointResponse),
  /** The picked sets that have a time, by start. */
  sets: z.array(planSetResponse),
  /** The festival's clock (IANA), from its coordinates; null without them. */
  time_zone: z.string().nullable(),
});
export type Plan = z.output<typeof planResponse>;

/** GET /api/plans: the plans the caller is in. */
export const planListResponse = z.array(
  z.object({
    id: z.number().int(),
    festival_id: z.number().int(),
    festival_name: z.string(),
    name: z.string(),
    owner_id: z.number().int(),
    members_count: z.number().int(),
  }),
);
export type PlanList = z.output<typeof planListResponse>;

/** POST /api/plans/join */
export const planJoinedResponse = z.object({ id: z.number().int(), festival_id: z.number().int(), name: z.string() });

/** POST /api/plans/{id}/invite */
export const planInviteResponse = z.object({ invite_url: z.string() });

/** What a removal answers: a line for the toast. */
export const planDoneResponse = z.object({ message: z.string() });
