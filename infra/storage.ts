import { uploadsCors } from './uploads-cors';

/** Path under the site where stored objects are read (the spec's client prefixes "/uploads" with the host). */
export const UPLOADS_PATH = '/uploads';

/**
 * Private bucket: browsers PUT with presigned URLs (CORS for the site's origin only) and reads go
 * through this stage's CloudFront distribution only. Keys (users/{id}/{purpose}/{uuid}.{ext}) are
 * unguessable and nothing can list them: an object nobody was given the URL of cannot be found
 * (docs/decisions/009-uploads-through-the-cdn.md).
 */
export function createUploadsBucket(router: sst.aws.Router) {
  const bucket = new sst.aws.Bucket('Uploads', {
    cors: uploadsCors([router.url]),
    policy: [
      {
        actions: ['s3:GetObject'],
        principals: [{ type: 'service', identifiers: ['cloudfront.amazonaws.com'] }],
        paths: ['*'],
        conditions: [{ test: 'StringEquals', variable: 'AWS:SourceArn', values: [router.nodes.cdn.nodes.distribution.arn] }],
      },
    ],
  });
  router.routeBucket(UPLOADS_PATH, bucket, {
    rewrite: { regex: `^${UPLOADS_PATH}/(.*)$`, to: '/$1' },
  });
  return { bucket, publicUrl: $interpolate`${router.url}${UPLOADS_PATH}` };
}
