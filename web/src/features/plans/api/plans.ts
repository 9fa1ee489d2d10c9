import { apiRequest } from '../../../lib/api-client';
import type { MeetingPoint, Plan, PlanList } from '#core/response-schemas';

/** POST /api/plans: a plan for the festival's current edition; answers its id and invitation link. */
export const createPlan = (festivalId: number) =>
  apiRequest<{ id: number; invite_url: string }>('/api/plans', { method: 'POST', body: { festival_id: festivalId } });

/** GET /api/plans/{id} (members only). */
export const getPlan = (id: number, signal?: AbortSignal) =>
  apiRequest<Plan>(`/api/plans/${id}`, { signal, cache: 'no-store' });

export const joinPlan = (token: string) =>
  apiRequest<{ id: number; festival_id: number; name: string }>('/api/plans/join', {
    method: 'POST',
    body: { token },
  });

export const rotateInvite = (id: number) =>
  apiRequest<{ invite_url: string }>(`/api/plans/${id}/invite`, { method: 'POST' });

export const removeMember = (id: number, userId: number) =>
  apiRequest<{ message: string }>(`/api/plans/${id}/members/${userId}`, { method: 'DELETE' });

export const deletePlan = (id: number) => apiRequest<{ message: string }>(`/api/plans/${id}`, { method: 'DELETE' });

export const addMeetingPoint = (id: number, body: { note: string; lat?: number; lon?: number }) =>
  apiRequest<MeetingPoint>(`/api/plans/${id}/meeting-points`, { method: 'POST', body });

export const deleteMeetingPoint = (id: number, pointId: number) =>
  apiRequest<{ message: string }>(`/api/plans/${id}/meeting-points/${pointId}`, { method: 'DELETE' });

export const setPlanNotify = (id: number, notify: boolean) =>
  apiRequest<{ notify: boolean }>(`/api/plans/${id}/notifications`, { method: 'PUT', body: { notify } });

/** GET /api/plans: the plans I am in. */
export const listPlans = (signal?: AbortSignal) => apiRequest<PlanList>('/api/plans', { signal });
