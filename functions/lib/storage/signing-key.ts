import { createHmac, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Env } from '../env';

/** File under DATA_DIR holding the local upload-URL key when no SESSION_SECRET is configured. */
export const UPLOAD_KEY_FILE = 'upload-signing.key';
const KEY = /^[0-9a-f]{64}$/;

/**
 * The HMAC key of the local driver's upload URLs. Derived from SESSION_SECRET when one is
 * configured (always in production); otherwise a random key created once in DATA_DIR, because the
 * development session secret is public and a key derived from it would let anyone sign uploads.
 */
export function uploadSigningKey(config: Pick<Env, 'sessionSecretConfigured' | 'SESSION_SECRET' | 'DATA_DIR'>): string {
  if (config.sessionSecretConfigured) {
    return createHmac('sha256', config.SESSION_SECRET).update('festivales-local-uploads').digest('hex');
  }
  const file = path.resolve(config.DATA_DIR, UPLOAD_KEY_FILE);
  const stored = readKey(file);
  if (stored !== 'missing' && stored !== null) return stored;
  if (stored === 'missing') {
    try {
      // 'wx': when two processes start together, the second keeps the first one's key.
      return writeKey(file, 'wx');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const written = readKey(file);
      if (written !== 'missing' && written !== null) return written;
    }
  }
  // A damaged file: replace it (upload URLs signed with the old key expire within minutes anyway).
  return writeKey(file, 'w');
}

/** The stored key, null when the file holds something else, 'missing' when there is no file. */
function readKey(file: string): string | null | 'missing' {
  try {
    const stored = readFileSync(file, 'utf8').trim();
    return KEY.test(stored) ? stored : null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'missing';
    throw error;
  }
}

function writeKey(file: string, flag: 'w' | 'wx'): string {
  mkdirSync(path.dirname(file), { recursive: true });
  const key = randomBytes(32).toString('hex');
  writeFileSync(file, `${key}\n`, { flag, mode: 0o600 });
  return key;
}
