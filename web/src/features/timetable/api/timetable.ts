import { apiRequest } from '../../../lib/api-client';
import { webEnv } from '../../../config/env';
import type { FestivalEditionFields } from '#core/lineup-types';
import type { Festival, SharedTimetable, Timetable } from '#core/response-schemas';
import type { SetChanges } from '#core/responses/organizers';

/** GET /api/festivals/{id}/changes: today's live set changes (kept by the service worker, like the festival). */
export const getTodayChanges = (id: number, signal?: AbortSignal) =>
  apiRequest<SetChanges>(`/api/festivals/${id}/changes`, { signal, auth: false, cache: 'no-cache' });

export type FestivalWithLineup = Festival & Partial<FestivalEditionFields>;

/** GET /api/festivals/{id}: the festival and its current lineup (kept by the service worker for offline use). */
export function getFestivalWithLineup(id: number, signal?: AbortSignal): Promise<FestivalWithLineup> {
  return apiRequest<FestivalWithLineup>(`/api/festivals/${id}`, { signal });
}

/** GET /api/timetables/{festivalId}: my picks on the server (signed in). */
export function getTimetable(id: number, signal?: AbortSignal): Promise<Timetable> {
  return apiRequest<Timetable>(`/api/timetables/${id}`, { signal });
}

/** PUT /api/timetables/{festivalId}: the whole list of my picks. */
export function putTimetable(id: number, picks: number[]): Promise<Timetable> {
  return apiRequest<Timetable>(`/api/timetables/${id}`, { method: 'PUT', body: { picks } });
}

export function shareTimetable(id: number): Promise<Timetable & { url: string }> {
  return apiRequest<Timetable & { url: string }>(`/api/timetables/${id}/share`, { method: 'POST' });
}

export function stopSharingTimetable(id: number): Promise<Timetable> {
  return apiRequest<Timetable>(`/api/timetables/${id}/share`, { method: 'DELETE' });
}

export function getSharedTimetable(token: string, signal?: AbortSignal): Promise<SharedTimetable> {
  return apiRequest<SharedTimetable>(`/api/timetables/shared/${encodeURIComponent(token)}`, { signal, auth: false });
}

/** The .ics of these sets (works signed out: the picks travel in the address). */
export function timetableIcsUrl(id: number, picks: number[]): string {
  return `${webEnv.apiBase}/api/timetables/${id}/calendar.ics?picks=${picks.join(',')}`;
}
