import { imageFileError } from '../../../../../core/community-schemas';
import { ApiError } from '../../../lib/api-client';
import { confirmUpload, getSignedUrl, type SignedUrlRequest } from './admin-api';

/** PUT to the presigned URL with XMLHttpRequest, for progress (fetch cannot report upload progress). */
function put(url: string, file: Blob, headers: Record<string, string>, onProgress: (fraction: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total);
    xhr.onload = () => (xhr.status >= 200 && xhr.status < 300 ? resolve() : reject(new Error(`HTTP ${xhr.status}`)));
    xhr.onerror = () => reject(new Error('Error de red'));
    xhr.send(file);
  });
}

/**
 * The admin forms' upload (spec §7): signed URL, PUT, confirm; resolves to the public URL. Messages
 * of spec §8: 'Error obteniendo URL de subida', 'Error subiendo archivo a S3', 'Error subiendo imagen: ...'.
 */
export async function uploadAdminImage(
  file: File,
  target: Pick<SignedUrlRequest, 'userId' | 'festivalId' | 'festivalData'>,
  onProgress: (fraction: number) => void = () => undefined,
): Promise<string> {
  const problem = imageFileError(file);
  if (problem) throw new Error(problem);
  let signed;
  try {
    signed = await getSignedUrl({ fileName: file.name, contentType: file.type, fileSize: file.size, ...target });
  } catch (error) {
    const detail = error instanceof ApiError ? `: ${error.message}` : '';
    throw new Error(`Error obteniendo URL de subida${detail}`);
  }
  try {
    await put(signed.uploadUrl, file, signed.headers ?? { 'Content-Type': file.type }, onProgress);
  } catch (error) {
    throw new Error(`Error subiendo archivo a S3 (${(error as Error).message})`);
  }
  // The spec's client ignores a failed confirm; here the image is only published by a confirm that
  // passed its checks (size, type, re-encoding), so a failure is the upload's failure.
  const confirmed = await confirmUpload({
    key: signed.key,
    publicUrl: signed.publicUrl,
    festivalId: target.festivalId ?? null,
    fileName: file.name,
    fileSize: file.size,
    contentType: file.type,
  });
  return confirmed.publicUrl ?? signed.publicUrl;
}
