import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { link, mkdir, open, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { HIDDEN_PREFIX, PENDING_PREFIX, pendingKey } from './pending';
import type { PresignedUpload, PresignPutInput, ReadObject, Storage, StoredObject } from './storage-types';

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
  /** The public key the upload is for (the URL writes its pending copy). */
  key: string;
  contentType: string;
  /** null: no length was signed (the URL's `len` is absent). */
  contentLength: number | null;
  /** Unix seconds. */
  expires: number;
  signature: string;
}

export type SignatureCheck = 'ok' | 'expired' | 'invalid';

export type ReceiveResult =
  { status: 'stored'; size: number } | { status: 'too-large' } | { status: 'wrong-length' } | { status: 'exists' };

export interface LocalStorageOptions {
  /** Directory the public files live in and are served from (DATA_DIR/uploads). */
  directory: string;
  /**
   * Directory of uploads not confirmed yet (DATA_DIR/pending-uploads): outside the served one, so
   * nothing in it is reachable under /uploads. Defaults to a sibling of `directory`.
   */
  pendingDirectory?: string;
  /** Directory of hidden photos (DATA_DIR/hidden-uploads), outside the served one too. Defaults to a sibling of `directory`. */
  hiddenDirectory?: string;
  /** HMAC key for upload URLs. */
  secret: string;
  /** Prefix of the upload URLs; relative (same origin) when absent. */
  baseUrl?: string;
}

/**
 * Files on the local disk for the embedded default. It issues its own
 * expiring upload URLs, HMAC-signed over key, content type, length and expiry, so a browser PUT is
 * held to what was signed exactly as S3 holds a presigned one. A URL writes its pending copy once
 * (receivePut never replaces it) and no PUT is taken once the upload is confirmed.
 */
export class LocalStorage implements Storage {
  readonly kind = 'local' as const;
  readonly directory: string;
  readonly pendingDirectory: string;
  readonly hiddenDirectory: string;
  private readonly secret: string;
  private readonly baseUrl: string;

  constructor(options: LocalStorageOptions) {
    this.directory = path.resolve(options.directory);
    this.pendingDirectory = path.resolve(options.pendingDirectory ?? `${this.directory}-pending`);
    this.hiddenDirectory = path.resolve(options.hiddenDirectory ?? `${this.directory}-hidden`);
    this.secret = options.secret;
    this.baseUrl = options.baseUrl?.replace(/\/+$/, '') ?? '';
  }

  private filePath(key: string): string {
    if (!isSafeKey(key)) throw new Error(`unsafe storage key: ${key}`);
    if (key.startsWith(PENDING_PREFIX))
      return path.join(this.pendingDirectory, ...key.slice(PENDING_PREFIX.length).split('/'));
    if (key.startsWith(HIDDEN_PREFIX))
      return path.join(this.hiddenDirectory, ...key.slice(HIDDEN_PREFIX.length).split('/'));
    return path.join(this.directory, ...key.split('/'));
  }

  private sign(input: Omit<SignedPut, 'signature'>): string {
    const length = input.contentLength === null ? '' : String(input.contentLength);
    return createHmac('sha256', this.secret)
      .update(['PUT', input.key, input.contentType, length, String(input.expires)].join('\n'))
      .digest('base64url');
  }

  async presignPut(input: PresignPutInput): Promise<PresignedUpload> {
    if (!isSafeKey(input.key)) throw new Error(`unsafe storage key: ${input.key}`);
    const expires = Math.floor(Date.now() / 1000) + input.expiresInSeconds;
    const signature = this.sign({ ...input, expires });
    const query = new URLSearchParams({ expires: String(expires) });
    if (input.contentLength !== null) query.set('len', String(input.contentLength));
    query.set('sig', signature);
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
    if (put.contentLength !== null && !Number.isSafeInteger(put.contentLength)) return 'invalid';
    const expected = Buffer.from(this.sign(put));
    const given = Buffer.from(put.signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid';
    return put.expires * 1000 < now ? 'expired' : 'ok';
  }

  /**
   * Writes a signed PUT's body to the pending copy of `key` as it arrives, stopping as soon as it
   * passes maxBytes (nothing is buffered in memory), and never replacing a file already there.
   * `exact`: the body must be exactly maxBytes long (a signed length), else nothing is kept.
   */
  async receivePut(
    key: string,
    body: ReadableStream<Uint8Array> | null,
    maxBytes: number,
    exact = false,
  ): Promise<ReceiveResult> {
    const target = this.filePath(pendingKey(key));
    if (await exists(target)) return { status: 'exists' };
    await mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.${randomUUID()}.part`;
    const file = await open(temporary, 'wx', 0o600);
    let size = 0;
    let tooLarge = false;
    try {
      const reader = body?.getReader();
      while (reader) {
        const { done, value } = await reader.read();
        if (done) break;
        size += value.byteLength;
        if (size > maxBytes) {
          tooLarge = true;
          // The rest of the body is never read.
          await reader.cancel();
          break;
        }
        await file.write(value);
      }
      await file.close();
      if (tooLarge) return { status: 'too-large' };
      if (exact && size !== maxBytes) return { status: 'wrong-length' };
      // link() fails when the target exists, where rename() would replace it: two PUTs cannot both win.
      await link(temporary, target);
      return { status: 'stored', size };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') return { status: 'exists' };
      throw error;
    } finally {
      await file.close().catch(() => undefined);
      await rm(temporary, { force: true });
    }
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

  async read(key: string, maxBytes: number): Promise<ReadObject | null> {
    const file = this.filePath(key);
    try {
      const { size } = await stat(file);
      if (size > maxBytes) return { size, bytes: null };
      const bytes = new Uint8Array(await readFile(file));
      return { size: bytes.byteLength, bytes };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.filePath(key), { force: true });
  }

  async move(from: string, to: string): Promise<boolean> {
    const target = this.filePath(to);
    await mkdir(path.dirname(target), { recursive: true });
    try {
      await rename(this.filePath(from), target);
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw error;
    }
  }

  publicUrl(key: string): string {
    return `${LOCAL_FILES_ROUTE}/${key}`;
  }
}

async function exists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}
