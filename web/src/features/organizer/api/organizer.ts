import { apiRequest } from '../../../lib/api-client';
import type { ClaimInput, OrganizerFestival, SetChangeInput } from '#core/organizer-schemas';
import type { Festival } from '#core/response-schemas';
import type { Claim, FestivalUpdate, SetChange } from '#core/responses/organizers';
import type { Edition } from '#core/lineup-types';

/** The organiser's routes: claims, the festivals they organise and their edits, 'Novedades', live set changes. */

export type OrganizedFestival = Festival & { since: string };

export const getMyFestivals = (signal?: AbortSignal) =>
  apiRequest<OrganizedFestival[]>('/api/organizer/festivals', { signal });
export const getMyClaims = (signal?: AbortSignal) => apiRequest<Claim[]>('/api/claims', { signal });
export const claimFestival = (festivalId: number, body: ClaimInput) =>
  apiRequest<Claim>(`/api/festivals/${festivalId}/claims`, { method: 'POST', body });
export const verifyClaim = (id: number, code?: string) =>
  apiRequest<Claim>(`/api/claims/${id}/verify`, { method: 'POST', body: code ? { code } : {} });
export const saveFestival = (id: number, body: Partial<Record<keyof OrganizerFestival, unknown>>) =>
  apiRequest<Festival>(`/api/organizer/festivals/${id}`, { method: 'PUT', body });
export const postUpdate = (id: number, body: { title: string; body: string; image_url?: string | null }) =>
  apiRequest<FestivalUpdate>(`/api/organizer/festivals/${id}/updates`, { method: 'POST', body });
export const changeSet = (lineupEntryId: number, body: SetChangeInput) =>
  apiRequest<SetChange>(`/api/organizer/sets/${lineupEntryId}`, { method: 'PATCH', body });
export const getEditions = (festivalId: number, signal?: AbortSignal) =>
  apiRequest<Edition[]>(`/api/festivals/${festivalId}/editions`, { signal });
export const getFestival = (id: number, signal?: AbortSignal) =>
  apiRequest<Festival>(`/api/festivals/${id}`, { signal });

/** The name, place and coordinates change through an admin: the request is a contact message the admins read. */
export const requestIdentityChange = (body: { name: string; email: string; subject: string; message: string }) =>
  apiRequest<unknown>('/api/contact', { method: 'POST', body: { ...body, category: 'festivals' } });
