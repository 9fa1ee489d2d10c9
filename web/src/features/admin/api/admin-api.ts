import { apiBlob, apiRequest } from '../../../lib/api-client';
import type {
  AdminComment,
  AdminMedia,
  AdminMediaReport,
  AdminUser,
  ContactMessage,
  Festival,
  GeocodeMissingResult,
  PendingFestival,
} from '#core/response-schemas';

/** Every admin call (Bearer from the stored token; the server checks the role on each). */

export const getPendingFestivals = () => apiRequest<PendingFestival[]>('/api/admin/pending-festivals');
export const getAllFestivals = () => apiRequest<Festival[]>('/api/admin/festivals');
export const getPendingMedia = () => apiRequest<AdminMedia[]>('/api/admin/pending-media');
export const getAllMedia = () => apiRequest<AdminMedia[]>('/api/admin/media');
export const getUsers = () => apiRequest<AdminUser[]>('/api/admin/users');
export const getPendingComments = () => apiRequest<AdminComment[]>('/api/admin/comments/pending');
export const getMediaReports = () => apiRequest<AdminMediaReport[]>('/api/admin/media-reports');
export const getContactMessages = () => apiRequest<ContactMessage[]>('/api/admin/contact-messages');

export type Decision = 'approved' | 'rejected';

export const decideFestival = (id: number, status: Decision) =>
  apiRequest<Festival>(`/api/admin/festivals/${id}/approve`, { method: 'PATCH', body: { status } });
export const decideMedia = (id: number, status: Decision) =>
  apiRequest<AdminMedia>(`/api/admin/media/${id}/approve`, { method: 'PATCH', body: { status } });
export const hideMedia = (id: number) => apiRequest<unknown>(`/api/admin/media/${id}/hide`);
/** A hidden stored photo's file, at the `file_url` the admin list gives (it is no longer at its public URL). */
export const loadMediaFile = (fileUrl: string, signal: AbortSignal) => apiBlob(fileUrl, signal);
export const deleteReport = (id: number) => apiRequest<unknown>(`/api/admin/media-reports/${id}`, { method: 'DELETE' });
export const approveComment = (id: number) =>
  apiRequest<unknown>(`/api/admin/comments/${id}/approve`, { method: 'PUT' });
export const rejectComment = (id: number) => apiRequest<unknown>(`/api/admin/comments/${id}/reject`, { method: 'PUT' });
export const markMessageRead = (id: number) =>
  apiRequest<ContactMessage>(`/api/admin/contact-messages/${id}/read`, { method: 'PATCH' });

export interface FestivalBody {
  name: string;
  description: string;
  location: string;
  address?: string | null;
  start_date: string;
  end_date?: string | null;
  website?: string | null;
  genres: string[];
  imageUrl?: string | null;
  status?: 'pending' | 'approved' | 'rejected';
  latitude?: number | null;
  longitude?: number | null;
  transportation?: string | null;
  parking_info?: string | null;
  accommodation?: string | null;
}

export const createFestival = (body: FestivalBody) =>
  apiRequest<Festival>('/api/admin/festivals', { method: 'POST', body });
export const updateFestival = (id: number, body: FestivalBody) =>
  apiRequest<Festival>(`/api/admin/festivals/${id}`, { method: 'PUT', body });
export const deleteFestival = (id: number) => apiRequest<unknown>(`/api/admin/festivals/${id}`, { method: 'DELETE' });
export const geocodeFestival = (id: number) =>
  apiRequest<Festival>(`/api/admin/festivals/${id}/geocode`, { method: 'POST' });
export const geocodeMissing = () =>
  apiRequest<GeocodeMissingResult>('/api/admin/festivals/geocode-missing', { method: 'POST' });

export interface MediaBody {
  url: string;
  type: 'image' | 'video';
  festival_id: number;
  user_id: number;
  status: 'pending' | 'approved' | 'rejected';
  caption?: string | null;
  comment?: string | null;
}

export const createMedia = (body: MediaBody) => apiRequest<AdminMedia>('/api/admin/media', { method: 'POST', body });
export const updateMedia = (id: number, body: MediaBody) =>
  apiRequest<AdminMedia>(`/api/admin/media/${id}`, { method: 'PUT', body });
export const deleteMedia = (id: number) => apiRequest<unknown>(`/api/admin/media/${id}`, { method: 'DELETE' });

export interface SignedUrlResponse {
  uploadUrl: string;
  key: string;
  publicUrl: string;
  method: 'PUT';
  headers: Record<string, string>;
}

export interface SignedUrlRequest {
  fileName: string;
  contentType: string;
  fileSize: number;
  userId?: number | null;
  festivalId?: number | null;
  festivalData?: { id?: number | null; name?: string | null; start_date?: string | null; location?: string | null };
}

export const getSignedUrl = (body: SignedUrlRequest) =>
  apiRequest<SignedUrlResponse>('/api/admin/upload/get-signed-url', { method: 'POST', body });
export const confirmUpload = (body: {
  key: string;
  publicUrl: string;
  festivalId?: number | null;
  fileName: string;
  fileSize: number;
  contentType: string;
}) => apiRequest<{ publicUrl: string }>('/api/admin/upload/confirm', { method: 'POST', body });
