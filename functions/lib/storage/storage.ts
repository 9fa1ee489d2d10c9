import path from 'node:path';
import { env, type Env } from '../env';
import { LocalStorage } from './local-storage';
import { uploadSigningKey } from './signing-key';
import { S3Storage } from './s3-storage';

export interface PresignPutInput {
  /** The public key the image will have once confirmed; the URL writes pendingKey(key). */
  key: string;
  contentType: string;
  /** Signed into the URL when known; null lets any length through to confirm, which checks it. */
  contentLength: number | null;
  expiresInSeconds: number;
}

/** Where uploaded images live: S3 in the cloud, the local disk for the embedded default (DESIGN.md "Uploads"). */
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
  publicUrl(key: string): string;
}

let current: { config: Env; storage: Storage } | { override: Storage } | undefined;

/**
 * The configured storage: S3 when S3_BUCKET is set, the local disk under DATA_DIR/uploads
 * otherwise. Rebuilt when the configuration object changes (resetEnv in tests).
 */
export function storage(): Storage {
  if (current && 'override' in current) return current.override;
  const config = env();
  if (current?.config === config) return current.storage;
  const built: Storage = config.S3_BUCKET
    ? new S3Storage({
        bucket: config.S3_BUCKET,
        region: config.S3_REGION,
        endpoint: config.S3_ENDPOINT,
        credentials:
          config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
            ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
            : undefined,
        publicBaseUrl: config.S3_PUBLIC_URL,
      })
    : new LocalStorage({
        directory: path.resolve(config.DATA_DIR, 'uploads'),
        pendingDirectory: path.resolve(config.DATA_DIR, 'pending-uploads'),
        secret: uploadSigningKey(config),
        baseUrl: config.PUBLIC_BASE_URL,
      });
  current = { config, storage: built };
  return built;
}

/** Tests: use this storage until called again with undefined. */
export function useStorage(override: Storage | undefined): void {
  current = override ? { override } : undefined;
}
