import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pendingKey } from '../../functions/lib/storage/pending';
import { S3Storage } from '../../functions/lib/storage/s3-storage';
import { uploadsCors, uploadsCorsXml, type UploadsCors } from '../../infra/uploads-cors';
import { S3_TEST_CREDENTIALS, startS3, type S3TestServer } from './support/s3-server';

const SITE = 'https://festivales.example';
const OTHER_SITE = 'https://otro-sitio.example';
// 1x1 PNG: magic bytes the confirm step sniffs, padded past the 1 KB upload minimum.
const PNG = Buffer.concat([
  Buffer.from(
    '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4f00000000049454e44ae426082',
    'hex',
  ),
  Buffer.alloc(1200),
]);

let s3: S3TestServer;
let storage: S3Storage;
let declared: UploadsCors<string>;

beforeAll(async () => {
  // The rules sst.config.ts declares on the bucket (config.test.ts checks it uses these), for this site.
  declared = uploadsCors([SITE]);
  s3 = await startS3('festivales-ci-uploads', uploadsCorsXml(declared));
  storage = new S3Storage({
    bucket: s3.bucket,
    region: 'eu-central-1',
    endpoint: s3.endpoint,
    credentials: S3_TEST_CREDENTIALS,
  });
});

afterAll(async () => {
  await s3?.close();
});

const preflight = (url: string, origin: string, method = 'PUT', headers = 'content-type,if-none-match') =>
  fetch(url, {
    method: 'OPTIONS',
    headers: { Origin: origin, 'Access-Control-Request-Method': method, 'Access-Control-Request-Headers': headers },
  });

async function presign(name: string) {
  return storage.presignPut({
    key: `users/7/gallery/${name}.png`,
    contentType: 'image/png',
    contentLength: PNG.byteLength,
    expiresInSeconds: 300,
  });
}

describe('browser upload to the bucket with the declared CORS rules', () => {
  it('declares PUT from the site origin only, with the signed Content-Type and If-None-Match', () => {
    expect(declared).toMatchObject({
      allowOrigins: [SITE],
      allowMethods: ['PUT'],
      allowHeaders: ['content-type', 'if-none-match'],
    });
  });

  it('passes the preflight from the site and PUTs, presign to confirm', async () => {
    const upload = await presign('preflight-ok');
    const pre = await preflight(upload.uploadUrl, SITE);
    expect(pre.status).toBe(200);
    expect(pre.headers.get('access-control-allow-methods')).toContain('PUT');
    expect(pre.headers.get('access-control-allow-headers')).toBe('content-type, if-none-match');

    // What the browser sends after the preflight: Origin, the signed Content-Type, its own Content-Length.
    const put = await fetch(upload.uploadUrl, {
      method: 'PUT',
      headers: { Origin: SITE, ...upload.headers },
      body: PNG,
    });
    expect(put.status).toBe(200);
    expect(put.headers.get('access-control-allow-origin')).toBe(SITE);
    expect(put.headers.get('access-control-expose-headers')).toBe('etag');
    expect(put.headers.get('etag')).toBeTruthy();

    // Private until confirmed: the browser's bytes wait under pending/.
    const stored = await storage.inspect(pendingKey(upload.key));
    expect(stored).toMatchObject({ size: PNG.byteLength, contentType: 'image/png' });
    expect(Buffer.from(stored!.head.subarray(0, 8)).toString('hex')).toBe('89504e470d0a1a0a');
    expect(upload.publicUrl).toBe(`${s3.endpoint}/${s3.bucket}/${upload.key}`);
  });

  it('refuses the preflight from another origin, for another method or with another header', async () => {
    const upload = await presign('preflight-refused');
    expect((await preflight(upload.uploadUrl, OTHER_SITE)).status).toBe(403);
    expect((await preflight(upload.uploadUrl, SITE, 'DELETE')).status).toBe(403);
    expect((await preflight(upload.uploadUrl, SITE, 'GET')).status).toBe(403);
    expect((await preflight(upload.uploadUrl, SITE, 'PUT', 'content-type,if-none-match,x-amz-acl')).status).toBe(403);
  });

  it('gives no CORS grant to a PUT from another origin, so the browser discards the answer', async () => {
    const upload = await presign('other-origin');
    const put = await fetch(upload.uploadUrl, {
      method: 'PUT',
      headers: { Origin: OTHER_SITE, ...upload.headers },
      body: PNG,
    });
    expect(put.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('refuses a PUT whose type or size differs from what was signed', async () => {
    const upload = await presign('tampered');
    const wrongType = await fetch(upload.uploadUrl, {
      method: 'PUT',
      headers: { Origin: SITE, ...upload.headers, 'Content-Type': 'text/html' },
      body: PNG,
    });
    expect(wrongType.status).toBe(403);
    const wrongSize = await fetch(upload.uploadUrl, {
      method: 'PUT',
      headers: { Origin: SITE, ...upload.headers },
      body: Buffer.concat([PNG, Buffer.alloc(10)]),
    });
    expect(wrongSize.status).toBe(403);
    expect(await storage.inspect(pendingKey(upload.key))).toBeNull();
  });
});
