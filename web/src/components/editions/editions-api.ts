import { createContext, useContext } from 'react';
import { apiRequest } from '../../lib/api-client';
import type { EditionInput, LineupEntryInput, TicketsInput } from '#core/lineup-schemas';
import type { TierInput } from '#core/price-tier-schemas';
import type { ArtistListItem, ArtistLookupItem, Edition } from '#core/lineup-types';

type Body<T> = { [K in keyof T]?: T[K] | null };

/**
 * The writes of a festival's editions, lineups and tickets, on the admin's routes or the
 * organiser's (the same bodies and answers): the editor is one set of components for both.
 */
export interface EditionsApi {
  createEdition(festivalId: number, body: Body<EditionInput>): Promise<Edition>;
  updateEdition(id: number, body: Body<EditionInput>): Promise<Edition>;
  /** Admins only: an organiser asks an admin to delete a year. */
  deleteEdition?(id: number): Promise<unknown>;
  saveLineup(id: number, lineup: Body<LineupEntryInput>[]): Promise<Edition & { artistsCreated: number }>;
  saveTickets(id: number, body: Body<TicketsInput>): Promise<Edition>;
  saveConditions(id: number, body: Record<string, unknown>): Promise<Edition>;
  saveAccessibility(id: number, body: Record<string, unknown>): Promise<Edition>;
  saveTiers(
    id: number,
    body: { tiers: Body<TierInput>[]; source_url: string | null; verified_at: string | null },
  ): Promise<Edition>;
  /** Which pasted names are artists already (admins only; without it, names are saved as typed). */
  lookupArtists?(names: string[]): Promise<ArtistLookupItem[]>;
}

export const getFestivalEditions = (festivalId: number) =>
  apiRequest<Edition[]>(`/api/festivals/${festivalId}/editions`);

export function findArtists(search: string, limit = 8, signal?: AbortSignal) {
  const query = new URLSearchParams({ limit: String(limit) });
  if (search.trim()) query.set('search', search.trim());
  return apiRequest<ArtistListItem[]>(`/api/artists?${query}`, { signal });
}

function routes(base: '/api/admin' | '/api/organizer'): EditionsApi {
  return {
    createEdition: (festivalId, body) =>
      apiRequest<Edition>(`${base}/festivals/${festivalId}/editions`, { method: 'POST', body }),
    updateEdition: (id, body) => apiRequest<Edition>(`${base}/editions/${id}`, { method: 'PUT', body }),
    saveLineup: (id, lineup) =>
      apiRequest<Edition & { artistsCreated: number }>(`${base}/editions/${id}/lineup`, {
        method: 'PUT',
        body: { lineup },
      }),
    saveTickets: (id, body) => apiRequest<Edition>(`${base}/editions/${id}/tickets`, { method: 'PUT', body }),
    saveTiers: (id, body) => apiRequest<Edition>(`${base}/editions/${id}/tiers`, { method: 'PUT', body }),
    saveConditions: (id, body) => apiRequest<Edition>(`${base}/editions/${id}/conditions`, { method: 'PUT', body }),
    saveAccessibility: (id, body) =>
      apiRequest<Edition>(`${base}/editions/${id}/accessibility`, { method: 'PUT', body }),
  };
}

export const adminEditionsApi: EditionsApi = {
  ...routes('/api/admin'),
  deleteEdition: (id) => apiRequest<unknown>(`/api/admin/editions/${id}`, { method: 'DELETE' }),
  lookupArtists: (names) =>
    apiRequest<ArtistLookupItem[]>('/api/admin/artists/lookup', { method: 'POST', body: { names } }),
};

export const organizerEditionsApi: EditionsApi = routes('/api/organizer');

export const EditionsApiContext = createContext<EditionsApi>(adminEditionsApi);
export const useEditionsApi = () => useContext(EditionsApiContext);
