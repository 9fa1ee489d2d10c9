import path from 'node:path';
import { env, type Env } from '../env';
import { LocalStorage } from './local-storage';
import { uploadSigningKey } from './signing-key';
import { S3Storage } from './s3-storage';
import type { Storage } from './storage-types';

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
        hiddenDirectory: path.resolve(config.DATA_DIR, 'hidden-uploads'),
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
