import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  NotFound,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { pendingKey } from './pending';
import type { PresignedUpload, PresignPutInput, ReadObject, Storage, StoredObject } from './storage-types';

export interface S3StorageOptions {
  bucket: string;
  /** Unset: the SDK's own (AWS_REGION inside Lambda). */
  region?: string;
  /** S3-compatible endpoint (R2, MinIO, the test server); path-style addressing is used with it. */
  endpoint?: string;
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Base URL objects are read from; defaults to the bucket's own URL. */
  publicBaseUrl?: string;
}

const isMissing = (error: unknown) =>
  error instanceof NotFound ||
  error instanceof NoSuchKey ||
  (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404);

const encodeKey = (key: string) => key.split('/').map(encodeURIComponent).join('/');

/** S3 (or compatible): browsers PUT straight to the bucket with a presigned URL. */
export class S3Storage implements Storage {
  readonly kind = 's3' as const;
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly baseUrl: string;

  constructor(options: S3StorageOptions) {
    this.bucket = options.bucket;
    // Without WHEN_REQUIRED the SDK signs a CRC32 of an empty body into the
    // URL and real S3/R2/MinIO then reject the browser's PUT.
    this.client = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: Boolean(options.endpoint),
      credentials: options.credentials,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    const endpoint = options.endpoint?.replace(/\/+$/, '');
    this.baseUrl =
      options.publicBaseUrl ??
      (endpoint ? `${endpoint}/${options.bucket}` : `https://${options.bucket}.s3.${options.region}.amazonaws.com`);
  }

  async presignPut(input: PresignPutInput): Promise<PresignedUpload> {
    const command = new PutObjectCommand({
      Bucket: this.bucket,
      Key: pendingKey(input.key),
      ContentType: input.contentType,
      ContentLength: input.contentLength ?? undefined,
    });
    // Nothing the spec's client does not send (it PUTs the file with its Content-Type): the pending key
    // is unique to this URL and private, and confirm publishes a re-encoded copy once, so a second PUT
    // changes nothing public.
    const signed = ['content-type'];
    // Signed, so the store refuses any other type or size (the browser sets Content-Length itself).
    if (input.contentLength !== null) signed.push('content-length');
    const uploadUrl = await getSignedUrl(this.client, command, {
      expiresIn: input.expiresInSeconds,
      signableHeaders: new Set(signed),
    });
    return {
      uploadUrl,
      key: input.key,
      publicUrl: this.publicUrl(input.key),
      headers: { 'Content-Type': input.contentType },
      expiresAt: new Date(Date.now() + input.expiresInSeconds * 1000),
    };
  }

  async put(input: { key: string; contentType: string; body: Uint8Array }): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: input.key,
        ContentType: input.contentType,
        ContentLength: input.body.byteLength,
        Body: input.body,
      }),
    );
  }

  async inspect(key: string, headBytes = 16): Promise<StoredObject | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      const size = head.ContentLength ?? 0;
      let first: Uint8Array = new Uint8Array();
      if (size > 0) {
        const object = await this.client.send(
          new GetObjectCommand({ Bucket: this.bucket, Key: key, Range: `bytes=0-${Math.min(headBytes, size) - 1}` }),
        );
        first = object.Body ? await object.Body.transformToByteArray() : first;
      }
      return { size, contentType: head.ContentType, head: first.subarray(0, headBytes) };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async read(key: string, maxBytes: number): Promise<ReadObject | null> {
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      const size = object.ContentLength ?? 0;
      if (size > maxBytes) {
        // Not downloaded: closing the stream ends the transfer.
        (object.Body as { destroy?: () => void } | undefined)?.destroy?.();
        return { size, bytes: null };
      }
      const bytes = object.Body ? await object.Body.transformToByteArray() : new Uint8Array();
      return { size: bytes.byteLength, bytes };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async move(from: string, to: string): Promise<boolean> {
    try {
      await this.client.send(
        new CopyObjectCommand({ Bucket: this.bucket, Key: to, CopySource: `${this.bucket}/${encodeKey(from)}` }),
      );
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
    await this.delete(from);
    return true;
  }

  publicUrl(key: string): string {
    return `${this.baseUrl}/${encodeKey(key)}`;
  }
}
