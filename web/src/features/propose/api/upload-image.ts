import type { Media } from '../../../../../core/types';
import { ApiError, apiRequest } from '../../../lib/api-client';

interface PresignedUpload {
  uploadUrl: string;
  key: string;
  publicUrl: string;
  method: 'PUT';
  headers: Record<string, string>;
  expiresAt: string;
}

/**
 * PUT straight to storage (S3 presigned URL, or the local server's signed URL) with XMLHttpRequest,
 * because fetch cannot report upload progress.
 */
export function putWithProgress(url: string, file: Blob, headers: Record<string, string>, onProgress: (fraction: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    // No Authorization header: the signature in the URL is the authorisation (and S3 must not see our token).
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve();
      } else {
        let message = `Error HTTP ${xhr.status}`;
        try {
          message = JSON.parse(xhr.responseText).error ?? message;
        } catch {
          // S3 answers XML: the status says enough.
        }
        reject(new ApiError(xhr.status, { error: message }, message));
      }
    };
    xhr.onerror = () => reject(new ApiError(0, undefined, 'Error de red o servidor.'));
    xhr.onabort = () => reject(new ApiError(0, undefined, 'Subida cancelada.'));
    xhr.send(file);
  });
}

/**
 * One image of a proposal (spec §5): presign for the new festival, PUT with progress, confirm. The
 * confirmed image is a pending gallery item of the festival, moderated with it.
 */
export async function uploadProposalImage(festivalId: number, file: File, onProgress: (fraction: number) => void): Promise<Media> {
  const presigned = await apiRequest<PresignedUpload>('/api/media/upload-url', {
    method: 'POST',
    body: { festival_id: festivalId, fileName: file.name, contentType: file.type, fileSize: file.size, purpose: 'festival' },
  });
  await putWithProgress(presigned.uploadUrl, file, presigned.headers, onProgress);
  return apiRequest<Media>('/api/media/confirm', { method: 'POST', body: { key: presigned.key } });
}
