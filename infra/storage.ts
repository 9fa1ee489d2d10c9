import { uploadsCors } from './uploads-cors';

/** Path under the site where stored objects are read (clients prefix "/uploads" paths with the host). */
export const UPLOADS_PATH = '/uploads';

/** Where browsers' uploads wait for confirmation (functions/lib/storage/pending.ts): never readable through the CDN. */
export const PENDING_UPLOADS_PREFIX = 'pending/';
/** Prefix of confirmed, checked images: the only objects CloudFront may read. */
export const PUBLIC_UPLOADS_PREFIX = 'users/';

/**
 * Private bucket: browsers PUT with presigned URLs (CORS for the site's origin only) under
 * pending/, and confirm copies the checked image to users/; CloudFront may read users/ only, for
 * this stage's distribution only. Keys are unguessable and nothing can list them
 * (docs/decisions/009-uploads-through-the-cdn.md, 021-private-uploads-until-confirmed.md).
 * The UploadSweep cron deletes unconfirmed uploads after an hour; the expiry rule on pending/
 * catches whatever it cannot see (a PUT replayed after confirm, a failed delete).
 */
export function createUploadsBucket(router: sst.aws.Router) {
  const bucket = new sst.aws.Bucket('Uploads', {
    cors: uploadsCors([router.url]),
    lifecycle: [{ id: 'expire-pending-uploads', prefix: PENDING_UPLOADS_PREFIX, expiresIn: '1 day' }],
    policy: [
      {
        actions: ['s3:GetObject'],
        principals: [{ type: 'service', identifiers: ['cloudfront.amazonaws.com'] }],
        paths: [`${PUBLIC_UPLOADS_PREFIX}*`],
        conditions: [
          { test: 'StringEquals', variable: 'AWS:SourceArn', values: [router.nodes.cdn.nodes.distribution.arn] },
        ],
      },
    ],
  });
  router.routeBucket(UPLOADS_PATH, bucket, {
    rewrite: { regex: `^${UPLOADS_PATH}/(.*)$`, to: '/$1' },
  });
  return { bucket, publicUrl: $interpolate`${router.url}${UPLOADS_PATH}` };
}
