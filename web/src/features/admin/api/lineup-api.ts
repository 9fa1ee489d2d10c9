import { apiRequest } from '../../../lib/api-client';
import type { ArtistInput, EditionInput, LineupEntryInput, TicketsInput } from '#core/lineup-schemas';
import type { ArtistDetail, ArtistListItem, ArtistLookupItem, Edition } from '#core/lineup-types';

/** The admin routes of editions, lineups, tickets and artists (the server checks the role on each). */

type Body<T> = { [K in keyof T]?: T[K] | null };

export const getFestivalEditions = (festivalId: number) =>
  apiRequest<Edition[]>(`/api/festivals/${festivalId}/editions`);
export const createEdition = (festivalId: number, body: Body<EditionInput>) =>
  apiRequest<Edition>(`/api/admin/festivals/${festivalId}/editions`, { method: 'POST', body });
export const updateEdition = (id: number, body: Body<EditionInput>) =>
  apiRequest<Edition>(`/api/admin/editions/${id}`, { method: 'PUT', body });
export const deleteEdition = (id: number) => apiRequest<unknown>(`/api/admin/editions/${id}`, { method: 'DELETE' });
export const saveLineup = (id: number, lineup: Body<LineupEntryInput>[]) =>
  apiRequest<Edition & { artistsCreated: number }>(`/api/admin/editions/${id}/lineup`, {
    method: 'PUT',
    body: { lineup },
  });
export const saveTickets = (id: number, body: Body<TicketsInput>) =>
  apiRequest<Edition>(`/api/admin/editions/${id}/tickets`, { method: 'PUT', body });

export function findArtists(search: string, limit = 8, signal?: AbortSignal) {
  const query = new URLSearchParams({ limit: String(limit) });
  if (search.trim()) query.set('search', search.trim());
  return apiRequest<ArtistListItem[]>(`/api/artists?${query}`, { signal });
}
/** The artist each pasted name already is (by name key, as saving resolves it), in one request. */
export const lookupArtists = (names: string[]) =>
  apiRequest<ArtistLookupItem[]>('/api/admin/artists/lookup', { method: 'POST', body: { names } });
export const createArtist = (body: Body<ArtistInput>) =>
  apiRequest<ArtistDetail>('/api/admin/artists', { method: 'POST', body });
export const updateArtist = (id: number, body: Body<ArtistInput>) =>
  apiRequest<ArtistDetail>(`/api/admin/artists/${id}`, { method: 'PUT', body });
export const deleteArtist = (id: number) => apiRequest<unknown>(`/api/admin/artists/${id}`, { method: 'DELETE' });
export const mergeArtist = (id: number, into: number) =>
  apiRequest<ArtistDetail>(`/api/admin/artists/${id}/merge`, { method: 'POST', body: { into } });
