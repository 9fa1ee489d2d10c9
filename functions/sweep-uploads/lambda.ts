import { Resource } from 'sst';
import { openDatabase } from '#db/client';
import { S3Storage } from '../lib/storage/s3-storage';
import type { Storage } from '../lib/storage/storage-types';
import { sweepUnconfirmedUploads, type SweepResult } from '../lib/domain/uploads/sweep';

declare module 'sst' {
  export interface Resource {
    DatabaseUrl: { type: 'sst.sst.Secret'; value: string };
    Uploads: { type: 'sst.aws.Bucket'; name: string };
  }
}

/**
 * The UploadSweep cron's job (infra/upload-sweep.ts): the same sweep the local server runs on an
 * interval. Like the migrator it reads its two linked resources instead of the API's configuration,
 * which demands secrets (SESSION_SECRET) it has no use for. The bucket's region is the function's own.
 */
export async function handler(): Promise<SweepResult> {
  return runUploadSweep(Resource.DatabaseUrl.value, new S3Storage({ bucket: Resource.Uploads.name }));
}

export async function runUploadSweep(databaseUrl: string, store: Storage, now?: Date): Promise<SweepResult> {
  const handle = await openDatabase({ url: databaseUrl, driver: 'neon', poolSize: 1 });
  try {
    return await sweepUnconfirmedUploads(handle.db, store, now);
  } finally {
    await handle.close();
  }
}
