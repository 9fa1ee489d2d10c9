/** What the upload code needs of a store: S3 and the local disk drivers implement it. */
export interface PresignPutInput {
  /** The public key the image will have once confirmed; the URL writes pendingKey(key). */
  key: string;
  contentType: string;
  /** Signed into the URL when known; null lets any length through to confirm, which checks it. */
  contentLength: number | null;
  expiresInSeconds: number;
}

/** Where uploaded images live: S3 in the cloud, the local disk for the embedded default, behind one interface. */
export interface PresignedUpload {
  /** URL the browser PUTs the bytes to, with the headers below (and Content-Length when signed). */
  uploadUrl: string;
  key: string;
  /** URL the image is served from once confirmed. */
  publicUrl: string;
  /** Headers the PUT must carry: they are signed into the URL. */
  headers: Record<string, string>;
  expiresAt: Date;
}

export interface StoredObject {
  size: number;
  contentType: string | undefined;
  /** The first bytes of the object, for magic-byte checks. */
  head: Uint8Array;
}

export interface ReadObject {
  size: number;
  /** The whole object, or null when it is larger than the caller's limit (then it was not downloaded). */
  bytes: Uint8Array | null;
}

export interface Storage {
  readonly kind: 's3' | 'local';
  presignPut(input: PresignPutInput): Promise<PresignedUpload>;
  /** Stores bytes at a key (public keys: checked images only). */
  put(input: { key: string; contentType: string; body: Uint8Array }): Promise<void>;
  /** Size, type and first bytes of a stored object, or null when it does not exist. */
  inspect(key: string, headBytes?: number): Promise<StoredObject | null>;
  /** The object's bytes if it is at most maxBytes long; null when it does not exist. */
  read(key: string, maxBytes: number): Promise<ReadObject | null>;
  delete(key: string): Promise<void>;
  /** Moves the object at `from` to `to` (replacing one there); false when nothing is at `from`. */
  move(from: string, to: string): Promise<boolean>;
  publicUrl(key: string): string;
}
