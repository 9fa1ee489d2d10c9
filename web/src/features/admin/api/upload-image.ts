import { imageFileError } from '#core/community-schemas';
import { ApiError } from '../../../lib/api-client';
import { UploadError, uploadFile } from '../../../lib/upload';
import { confirmUpload, getSignedUrl, type SignedUrlRequest } from './admin-api';

/**
 * The admin forms' upload: signed URL, PUT, confirm; resolves to the public URL. Messages
 * per step: 'Error obteniendo URL de subida', 'Error subiendo archivo a S3', 'Error subiendo imagen: ...'.
 */
export async function uploadAdminImage(
  file: File,
  target: Pick<SignedUrlRequest, 'userId' | 'festivalId' | 'festivalData'>,
  onProgress?: (fraction: number) => void,
): Promise<string> {
  const problem = imageFileError(file);
  if (problem) throw new Error(problem);
  try {
    const { signed, confirmed } = await uploadFile(file, {
      sign: () => getSignedUrl({ fileName: file.name, contentType: file.type, fileSize: file.size, ...target }),
      confirm: (signed) =>
        confirmUpload({
          key: signed.key,
          publicUrl: signed.publicUrl,
          festivalId: target.festivalId ?? null,
          fileName: file.name,
          fileSize: file.size,
          contentType: file.type,
        }),
      onProgress,
    });
    // A failed confirm is not ignored: the image is only published by a confirm that
    // passed its checks (size, type, re-encoding), so a failure is the upload's failure.
    return confirmed.publicUrl ?? signed.publicUrl;
  } catch (error) {
    if (!(error instanceof UploadError)) throw error;
    if (error.step === 'confirm') throw error.cause;
    if (error.step === 'sign') {
      const detail = error.cause instanceof ApiError ? `: ${error.message}` : '';
      throw new Error(`Error obteniendo URL de subida${detail}`);
    }
    throw new Error(`Error subiendo archivo a S3 (${error.message})`);
  }
}
