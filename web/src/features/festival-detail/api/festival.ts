import { apiRequest } from '../../../lib/api-client';
import type { Edition, FestivalEditionFields } from '#core/lineup-types';
import type { PriceHistoryItem } from '#core/price-tier-schemas';
import type { Festival } from '#core/response-schemas';
import type { FestivalUpdate, SetChanges } from '#core/responses/organizers';

/**
 * The festival with its current edition, lineup, tickets and years. The edition fields are
 * optional: a copy kept offline or answered while the database is down may lack them.
 */
/** `time_zone`: the festival's clock (from its coordinates), on which set times are shown. */
export type FestivalDetail = Festival & Partial<FestivalEditionFields> & { time_zone?: string | null };

/**
 * GET /api/festivals/{id}; 404 carries 'Festival no encontrado'. On a visit that opens on this
 * festival without a session, the boot entry has already asked for it (main.tsx puts that request in
 * the store under the same key).
 */
export function getFestival(id: number, signal?: AbortSignal): Promise<FestivalDetail> {
  return apiRequest<FestivalDetail>(`/api/festivals/${id}`, { signal });
}

/** GET /api/festivals/{id}/editions: every year, newest first, with lineup and tickets. */
export function getEditions(id: number, signal?: AbortSignal): Promise<Edition[]> {
  return apiRequest<Edition[]>(`/api/festivals/${id}/editions`, { signal });
}

/** GET /api/editions/{id}/price-history: every price and availability each tier has had, oldest first. */
export function getPriceHistory(editionId: number, signal?: AbortSignal): Promise<PriceHistoryItem[]> {
  return apiRequest<PriceHistoryItem[]>(`/api/editions/${editionId}/price-history`, { signal });
}

/** DELETE /api/festivals/{id} (admin). */
export function deleteFestival(id: number): Promise<unknown> {
  return apiRequest(`/api/festivals/${id}`, { method: 'DELETE' });
}

/** GET /api/festivals/{id}/updates: 'Novedades', newest first. */
export const getFestivalUpdates = (id: number, signal?: AbortSignal) =>
  apiRequest<FestivalUpdate[]>(`/api/festivals/${id}/updates`, { signal, auth: false });

/** GET /api/festivals/{id}/changes: today's live set changes on the festival's clock. */
export const getTodayChanges = (id: number, signal?: AbortSignal) =>
  apiRequest<SetChanges>(`/api/festivals/${id}/changes`, { signal, auth: false, cache: 'no-cache' });
