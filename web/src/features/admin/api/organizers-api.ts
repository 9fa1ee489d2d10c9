import { apiRequest } from '../../../lib/api-client';
import type { AdminClaim, FestivalChange, Organizer } from '#core/responses/organizers';
import type { FactCorrection } from '#core/fact-correction-schemas';

/** The admin's routes of organisers: claims to decide, organisers of a festival, its history and reverts. */

export const getClaims = (status: AdminClaim['status'] = 'verified', signal?: AbortSignal) =>
  apiRequest<AdminClaim[]>(`/api/admin/claims?status=${status}`, { signal });
export const decideClaim = (id: number, status: 'approved' | 'rejected') =>
  apiRequest<AdminClaim>(`/api/admin/claims/${id}`, { method: 'PATCH', body: { status } });
export const getOrganizers = (festivalId: number, signal?: AbortSignal) =>
  apiRequest<Organizer[]>(`/api/admin/festivals/${festivalId}/organizers`, { signal });
export const grantOrganizer = (festivalId: number, userId: number) =>
  apiRequest<Organizer[]>(`/api/admin/festivals/${festivalId}/organizers`, {
    method: 'POST',
    body: { user_id: userId },
  });
export const revokeOrganizer = (festivalId: number, userId: number) =>
  apiRequest<unknown>(`/api/admin/festivals/${festivalId}/organizers/${userId}`, { method: 'DELETE' });
export const getHistory = (festivalId: number, signal?: AbortSignal) =>
  apiRequest<FestivalChange[]>(`/api/admin/festivals/${festivalId}/history`, { signal });
export const revertChange = (id: number) =>
  apiRequest<FestivalChange[]>(`/api/admin/changes/${id}/revert`, { method: 'POST' });

/** Corrections people proposed to festivals' facts, pending first; deciding one tells its proposer. */
export const getFactCorrections = (signal?: AbortSignal) =>
  apiRequest<FactCorrection[]>('/api/admin/fact-corrections', { signal });
export const decideFactCorrection = (id: number, status: 'approved' | 'rejected') =>
  apiRequest<FactCorrection>(`/api/admin/fact-corrections/${id}`, { method: 'PATCH', body: { status } });
