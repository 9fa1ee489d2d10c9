import { ApiError, NETWORK_ERROR_MESSAGE } from './api-client';

/** What every presign endpoint answers: where to PUT the bytes and the headers its signature covers. */
export interface SignedUpload {
  uploadUrl: string;
  headers?: Record<string, string>;
}

export type UploadStep = 'sign' | 'put' | 'confirm';

/** A failed upload, with the step that failed (the admin forms name each one). */
export class UploadError extends Error {
  readonly step: UploadStep;

  constructor(step: UploadStep, cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = 'UploadError';
    this.step = step;
  }
}

export interface UploadOptions<Signed extends SignedUpload, Confirmed> {
  /** Asks our API for a signed URL for this file. */
  sign: () => Promise<Signed>;
  /** Tells our API the bytes are stored. */
  confirm: (signed: Signed) => Promise<Confirmed>;
  /** 0 to 1 while the bytes travel. */
  onProgress?: (fraction: number) => void;
}

/**
 * Browser uploads go straight to storage (an S3 presigned URL, or the local server's signed URL):
 * sign, PUT with progress, confirm. Each failure is an UploadError naming its step.
 */
export async function uploadFile<Signed extends SignedUpload, Confirmed>(
  file: File,
  { sign, confirm, onProgress = () => undefined }: UploadOptions<Signed, Confirmed>,
): Promise<{ signed: Signed; confirmed: Confirmed }> {
  const signed = await step('sign', sign);
  await step('put', () =>
    putWithProgress(signed.uploadUrl, file, signed.headers ?? { 'Content-Type': file.type }, onProgress),
  );
  const confirmed = await step('confirm', () => confirm(signed));
  return { signed, confirmed };
}

async function step<T>(name: UploadStep, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw new UploadError(name, error);
  }
}

/**
 * PUT with XMLHttpRequest, because fetch cannot report upload progress. No Authorization header: the
 * signature in the URL is the authorisation (and S3 must not see our session token).
 */
function putWithProgress(
  url: string,
  file: Blob,
  headers: Record<string, string>,
  onProgress: (fraction: number) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve();
        return;
      }
      let message = `Error HTTP ${xhr.status}`;
      try {
        message = JSON.parse(xhr.responseText).error ?? message;
      } catch {
        // S3 answers XML: the status says enough.
      }
      reject(new ApiError(xhr.status, { error: message }, message));
    };
    xhr.onerror = () => reject(new ApiError(0, undefined, NETWORK_ERROR_MESSAGE));
    xhr.onabort = () => reject(new ApiError(0, undefined, 'Subida cancelada.'));
    xhr.send(file);
  });
}
