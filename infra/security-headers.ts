import { s3UploadOrigin } from '../functions/lib/security-policy';
import { cloudFrontCsp, responseHeadersConfig } from './edge-policy';

/**
 * The Router's response headers policy (infra/edge-policy.ts). Its CSP names the uploads bucket,
 * which is created after the Router (the bucket's CORS and policy need the Router's URL and
 * distribution), so the bucket is given later with `allowUploadsTo`. Pulumi waits for that value
 * and keeps the dependency on the bucket (an Output resolved from a promise keeps its resources).
 */
export function createSecurityHeaders() {
  let give!: (origin: $util.Input<string>) => void;
  const uploadOrigin = $util.output(new Promise<$util.Input<string>>((resolve) => (give = resolve)));
  const policy = new aws.cloudfront.ResponseHeadersPolicy(
    'SecurityHeaders',
    responseHeadersConfig(uploadOrigin.apply(cloudFrontCsp)),
  );
  return {
    policy,
    allowUploadsTo(bucket: { name: $util.Input<string> }, region: $util.Input<string>) {
      give($util.all([bucket.name, region]).apply(([name, r]) => s3UploadOrigin({ bucket: name, region: r })));
    },
  };
}
