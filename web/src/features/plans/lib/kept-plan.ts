import type { Plan } from '#core/response-schemas';
import { PLAN_PREFIX, readJson, writeStorage } from '../../../lib/storage';

/**
 * The last answer of a plan, kept on the device with its members' picks, sets and meeting points,
 * so the group's timetable opens without a connection (like 'Mi horario'). Forgotten with the
 * session (lib/storage.ts), and when the person leaves the plan.
 */
export const keptPlan = (id: number): (Plan & { kept_at?: string }) | null =>
  readJson<(Plan & { kept_at?: string }) | null>(`${PLAN_PREFIX}${id}`, null);

export const keepPlan = (plan: Plan) =>
  writeStorage(`${PLAN_PREFIX}${plan.id}`, JSON.stringify({ ...plan, kept_at: new Date().toISOString() }));

export const forgetPlan = (id: number) => writeStorage(`${PLAN_PREFIX}${id}`, null);
