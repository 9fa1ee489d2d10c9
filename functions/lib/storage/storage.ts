/** Where uploaded images live: S3 in the cloud, the local disk for the embedded default (DESIGN.md "Uploads"). */
export interface PresignedUpload {
  /** URL the browser PUTs the bytes to, with Content-Type and Content-Length as signed. */
  uploadUrl: string;
  key: string;
  /** URL the image is served from once confirmed. */
  publicUrl: string;
  /** Headers the PUT must carry. */
  headers: Record<string, string>;
  expiresAt: Date;
}

export interface StoredObject {
  size: number;
  contentType: string | undefined;
  /** The first bytes of the object, for magic-byte checks. */
  head: Uint8Array;
}

export interface Storage {
  readonly kind: 's3' | 'local';
  presignPut(input: { key: string; contentType: string; contentLength: number; expiresInSeconds: number }): Promise<PresignedUpload>;
  /** Stores bytes directly (multipart uploads through the API). */
  put(input: { key: string; contentType: string; body: Uint8Array }): Promise<void>;
  /** Size, type and first bytes of a stored object, or null when it does not exist. */
  inspect(key: string, headBytes?: number): Promise<StoredObject | null>;
  delete(key: string): Promise<void>;
  publicUrl(key: string): string;
}
