import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

// No types are published for the SigV4-verifying fork.
const S3rver = createRequire(import.meta.url)('@20minutes/s3rver');

export const S3_TEST_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface S3TestServer {
  endpoint: string;
  bucket: string;
  close(): Promise<void>;
}

/**
 * A local S3 that verifies signatures. Buckets and their CORS rules go through the constructor:
 * this fork refuses bucket-level SDK calls (it checks `/bucket` where the SDK signs `/bucket/`).
 */
export async function startS3(bucket: string, corsXml: string): Promise<S3TestServer> {
  const directory = mkdtempSync(path.join(tmpdir(), 'festivales-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [corsXml] }],
  });
  const address = (await server.run()) as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    bucket,
    close: async () => {
      await new Promise<void>((resolve) => (server.httpServer as Server).close(() => resolve()));
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
