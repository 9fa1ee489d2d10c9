import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVELOPMENT_SESSION_SECRET, resetEnv } from '../../functions/lib/env';
import { LocalStorage } from '../../functions/lib/storage/local-storage';
import { api, signIn } from '../support/api';
import { createFestival, imageBytes } from '../support/fixtures';

const dataDir = mkdtempSync(path.join(tmpdir(), 'festivales-upload-key-'));
const configuredSecret = process.env.SESSION_SECRET;

beforeAll(() => {
  // A fresh clone: no SESSION_SECRET, so sessions use the public development secret.
  resetEnv({ DATA_DIR: dataDir, SESSION_SECRET: undefined, PUBLIC_BASE_URL: undefined, S3_BUCKET: undefined });
});

afterAll(() => {
  resetEnv({ SESSION_SECRET: configuredSecret });
  rmSync(dataDir, { recursive: true, force: true });
});

describe('local upload URLs on a server without SESSION_SECRET', () => {
  it('cannot be signed by someone who only knows the public development secret', async () => {
    const { token } = await signIn();
    const festivalId = await createFestival();
    const bytes = imageBytes('png', 2048);
    const res = await api('POST', '/api/media/upload-url', {
      token,
      body: { festival_id: festivalId, fileName: 'foto.png', contentType: 'image/png', fileSize: bytes.byteLength },
    });
    expect(res.status, res.text).toBe(201);

    // The key every server without SESSION_SECRET used to sign with, derivable from this repository.
    const publicKey = createHmac('sha256', DEVELOPMENT_SESSION_SECRET).update('festivales-local-uploads').digest('hex');
    const forger = new LocalStorage({ directory: path.join(dataDir, 'forged'), secret: publicKey });
    const forged = await forger.presignPut({
      key: res.json.key,
      contentType: 'image/png',
      contentLength: bytes.byteLength,
      expiresInSeconds: 600,
    });
    const headers = { 'Content-Type': 'image/png', 'If-None-Match': '*', 'Content-Length': String(bytes.byteLength) };

    const refused = await api('PUT', forged.uploadUrl, { body: bytes, headers });
    expect(refused.status).toBe(403);
    expect(refused.json.code).toBe('invalid_signature');

    const accepted = await api('PUT', res.json.uploadUrl, { body: bytes, headers });
    expect(accepted.status, accepted.text).toBe(200);
  });
});
