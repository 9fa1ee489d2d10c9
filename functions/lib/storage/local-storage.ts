import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { mkdir, open, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { PresignedUpload, Storage, StoredObject } from './storage';

/** Where the local driver's signed PUT URLs point: the media function handles them. */
export const LOCAL_UPLOAD_ROUTE = '/api/media/uploads';
/** Where the local server serves stored files (functions/server/local-app.ts). */
export const LOCAL_FILES_ROUTE = '/uploads';

// Every segment starts with a letter or digit, so no segment can be '.' or '..'.
const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9._-]*(?:\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

export const isSafeKey = (key: string) => key.length <= 512 && SAFE_KEY.test(key);

const typeByExtension: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
};

export interface SignedPut {
  key: string;
  contentType: string;
  contentLength: number;
  /** Unix seconds. */
  expires: number;
  signature: string;
}

export type SignatureCheck = 'ok' | 'expired' | 'invalid';

export interface LocalStorageOptions {
  /** Directory the files live in (DATA_DIR/uploads). */
  directory: string;
  /** HMAC key for upload URLs. */
  secret: string;
  /** Prefix of the upload URLs; relative (same origin) when absent. */
  baseUrl?: string;
}

/**
 * Files on the local disk for the embedded default (DESIGN.md "Uploads"). It issues its own
 * expiring upload URLs, HMAC-signed over key, content type, length and expiry, so a browser PUT
 * is held to what was signed exactly as S3 holds a presigned one.
 */
export class LocalStorage implements Storage {
  readonly kind = 'local' as const;
  readonly directory: string;
  private readonly secret: string;
  private readonly baseUrl: string;

  constructor(options: LocalStorageOptions) {
    this.directory = path.resolve(options.directory);
    this.secret = options.secret;
    this.baseUrl = options.baseUrl?.replace(/\/+$/, '') ?? '';
  }

  private filePath(key: string): string {
    if (!isSafeKey(key)) throw new Error(`unsafe storage key: ${key}`);
    return path.join(this.directory, ...key.split('/'));
  }

  private sign(input: Omit<SignedPut, 'signature'>): string {
    return createHmac('sha256', this.secret)
      .update(['PUT', input.key, input.contentType, String(input.contentLength), String(input.expires)].join('\n'))
      .digest('base64url');
  }

  async presignPut(input: { key: string; contentType: string; contentLength: number; expiresInSeconds: number }): Promise<PresignedUpload> {
    if (!isSafeKey(input.key)) throw new Error(`unsafe storage key: ${input.key}`);
    const expires = Math.floor(Date.now() / 1000) + input.expiresInSeconds;
    const signature = this.sign({ key: input.key, contentType: input.contentType, contentLength: input.contentLength, expires });
    const query = new URLSearchParams({ expires: String(expires), sig: signature });
    return {
      uploadUrl: `${this.baseUrl}${LOCAL_UPLOAD_ROUTE}/${input.key}?${query}`,
      key: input.key,
      publicUrl: this.publicUrl(input.key),
      headers: { 'Content-Type': input.contentType },
      expiresAt: new Date(expires * 1000),
    };
  }

  /** Whether a PUT carries a valid, unexpired signature for exactly this key, type and length. */
  verifySignedPut(put: SignedPut, now = Date.now()): SignatureCheck {
    if (!isSafeKey(put.key) || !Number.isSafeInteger(put.expires)) return 'invalid';
    const expected = Buffer.from(this.sign(put));
    const given = Buffer.from(put.signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid';
    return put.expires * 1000 < now ? 'expired' : 'ok';
  }

  async put(input: { key: string; contentType: string; body: Uint8Array }): Promise<void> {
    const target = this.filePath(input.key);
    await mkdir(path.dirname(target), { recursive: true });
    // Written aside and renamed, so a reader never sees half a file.
    const temporary = `${target}.${randomUUID()}.part`;
    await writeFile(temporary, input.body);
    await rename(temporary, target);
  }

  async inspect(key: string, headBytes = 16): Promise<StoredObject | null> {
    let file;
    try {
      file = await open(this.filePath(key), 'r');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
    try {
      const { size } = await file.stat();
      const buffer = Buffer.alloc(Math.min(headBytes, size));
      await file.read(buffer, 0, buffer.length, 0);
      const extension = key.split('.').pop()?.toLowerCase() ?? '';
      return { size, contentType: typeByExtension[extension], head: new Uint8Array(buffer) };
    } finally {
      await file.close();
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.filePath(key), { force: true });
  }

  publicUrl(key: string): string {
    return `${LOCAL_FILES_ROUTE}/${key}`;
  }
}
