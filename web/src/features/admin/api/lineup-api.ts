import { apiRequest } from '../../../lib/api-client';
import type { ArtistInput } from '#core/lineup-schemas';
import type { ArtistDetail } from '#core/lineup-types';

/** The admin routes of artists (the server checks the role on each); editions and lineups: components/editions/editions-api.ts. */

type Body<T> = { [K in keyof T]?: T[K] | null };

export const createArtist = (body: Body<ArtistInput>) =>
  apiRequest<ArtistDetail>('/api/admin/artists', { method: 'POST', body });
export const updateArtist = (id: number, body: Body<ArtistInput>) =>
  apiRequest<ArtistDetail>(`/api/admin/artists/${id}`, { method: 'PUT', body });
export const deleteArtist = (id: number) => apiRequest<unknown>(`/api/admin/artists/${id}`, { method: 'DELETE' });
export const mergeArtist = (id: number, into: number) =>
  apiRequest<ArtistDetail>(`/api/admin/artists/${id}/merge`, { method: 'POST', body: { into } });
