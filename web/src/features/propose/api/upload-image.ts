import { apiRequest } from '../../../lib/api-client';
import { uploadFile, type SignedUpload } from '../../../lib/upload';
import type { Media } from '#core/response-schemas';

interface PresignedUpload extends SignedUpload {
  key: string;
  publicUrl: string;
  method: 'PUT';
  headers: Record<string, string>;
  expiresAt: string;
}

/**
 * One image of a proposal: presign for the new festival, PUT with progress, confirm. The
 * confirmed image is a pending gallery item of the festival, moderated with it.
 */
export async function uploadProposalImage(
  festivalId: number,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<Media> {
  const { confirmed } = await uploadFile(file, {
    sign: () =>
      apiRequest<PresignedUpload>('/api/media/upload-url', {
        method: 'POST',
        body: {
          festival_id: festivalId,
          fileName: file.name,
          contentType: file.type,
          fileSize: file.size,
          purpose: 'festival',
        },
      }),
    confirm: (signed) => apiRequest<Media>('/api/media/confirm', { method: 'POST', body: { key: signed.key } }),
    onProgress,
  });
  return confirmed;
}
