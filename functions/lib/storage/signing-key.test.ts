import { createHmac } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEVELOPMENT_SESSION_SECRET } from '../env';
import { UPLOAD_KEY_FILE, uploadSigningKey } from './signing-key';

const dirs: string[] = [];
const dataDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'festivales-key-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

// What the key used to be: anyone who read this repository could sign local upload URLs with it.
const fromPublicSecret = createHmac('sha256', DEVELOPMENT_SESSION_SECRET)
  .update('festivales-local-uploads')
  .digest('hex');

describe('local upload-URL key', () => {
  it('without a configured secret is random, kept in DATA_DIR for the owner only, and the same after a restart', () => {
    const dir = dataDir();
    const config = { sessionSecretConfigured: false, SESSION_SECRET: DEVELOPMENT_SESSION_SECRET, DATA_DIR: dir };
    const key = uploadSigningKey(config);
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(key).not.toBe(fromPublicSecret);
    const file = path.join(dir, UPLOAD_KEY_FILE);
    expect(readFileSync(file, 'utf8').trim()).toBe(key);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(uploadSigningKey(config)).toBe(key);
    // Another data directory (another clone) gets another key.
    expect(uploadSigningKey({ ...config, DATA_DIR: dataDir() })).not.toBe(key);
  });

  it('replaces a damaged key file', () => {
    const dir = dataDir();
    writeFileSync(path.join(dir, UPLOAD_KEY_FILE), 'not a key');
    const key = uploadSigningKey({
      sessionSecretConfigured: false,
      SESSION_SECRET: DEVELOPMENT_SESSION_SECRET,
      DATA_DIR: dir,
    });
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(readFileSync(path.join(dir, UPLOAD_KEY_FILE), 'utf8').trim()).toBe(key);
  });

  it('with a configured secret derives from it and writes nothing', () => {
    const dir = dataDir();
    const secret = 'a-configured-secret-of-more-than-32-characters';
    const key = uploadSigningKey({ sessionSecretConfigured: true, SESSION_SECRET: secret, DATA_DIR: dir });
    expect(key).toBe(createHmac('sha256', secret).update('festivales-local-uploads').digest('hex'));
    expect(() => statSync(path.join(dir, UPLOAD_KEY_FILE))).toThrow();
  });
});
