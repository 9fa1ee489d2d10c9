import { apiRequest } from '../../../lib/api-client';
import type { ArtistDetail, ArtistListItem } from '#core/lineup-types';

/** GET /api/artists/{id}: the artist, upcoming festivals then past editions; 404 'Artista no encontrado'. */
export function getArtist(id: number, signal?: AbortSignal): Promise<ArtistDetail> {
  return apiRequest<ArtistDetail>(`/api/artists/${id}`, { signal });
}

/** GET /api/artists?search=: accent-insensitive, with each artist's number of upcoming festivals. */
export function searchArtists(search: string, limit: number, signal?: AbortSignal): Promise<ArtistListItem[]> {
  const query = new URLSearchParams({ limit: String(limit) });
  if (search.trim()) query.set('search', search.trim());
  return apiRequest<ArtistListItem[]>(`/api/artists?${query}`, { signal });
}
