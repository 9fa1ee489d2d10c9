import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { resetEnv } from '../../functions/lib/env';

// The fork that verifies SigV4 (plain s3rver accepts any signature); it publishes no types.
const S3rver = createRequire(import.meta.url)('@20minutes/s3rver') as new (options: Record<string, unknown>) => {
  run(): Promise<AddressInfo>;
  httpServer: Server;
};

/** The fork's built-in account. */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface S3rverHandle {
  endpoint: string;
  bucket: string;
  /** The variables that make functions/lib/env.ts choose S3 and point it here. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/** An S3 on loopback with a temporary directory; the bucket is created through the constructor (the fork refuses CreateBucket). */
export async function startS3rver(bucket = 'festivales-test-uploads'): Promise<S3rverHandle> {
  const directory = mkdtempSync(path.join(tmpdir(), 'festivales-s3rver-'));
  const cors =
    '<CORSConfiguration><CORSRule><AllowedOrigin>*</AllowedOrigin><AllowedMethod>PUT</AllowedMethod>' +
    '<AllowedHeader>content-type</AllowedHeader></CORSRule></CORSConfiguration>';
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [cors] }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'eu-west-1',
      S3_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
    },
    close: async () => {
      await new Promise<void>((resolve) => server.httpServer.close(() => resolve()));
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** An S3 on loopback that the site's storage uses (functions/lib/env.ts chooses S3) until stopS3rverStorage. */
export async function startS3rverStorage(): Promise<S3rverHandle> {
  const s3 = await startS3rver();
  resetEnv(s3.env);
  return s3;
}

/** Back to the local disk, and the S3 server closed. */
export async function stopS3rverStorage(s3: S3rverHandle): Promise<void> {
  resetEnv({
    S3_BUCKET: undefined,
    S3_ENDPOINT: undefined,
    S3_ACCESS_KEY_ID: undefined,
    S3_SECRET_ACCESS_KEY: undefined,
  });
  await s3.close();
}
