import { honourOriginCaching, keyCacheOnAuthorization } from './cache-policy';
import { originSecretInjection, useResponseHeadersPolicy } from './edge-policy';
import type { Secrets } from './secrets';

/**
 * One CloudFront distribution for the whole site, so the SPA, /api/*, the share pages and the
 * uploads share one origin (no CORS for the API, and "/uploads..." URLs relative to the host just work).
 * Every response leaves with the security headers; every request it forwards carries the origin
 * secret, without which the functions' public URLs answer 403 (docs/security.md "Function URLs").
 */
export function createRouter(secrets: Secrets, headers: { policy: { id: $util.Input<string> } }) {
  return new sst.aws.Router('Site', {
    edge: { viewerRequest: { injection: $jsonStringify(secrets.OriginSecret.value).apply(originSecretInjection) } },
    transform: {
      cachePolicy: (args) => {
        keyCacheOnAuthorization(args);
        honourOriginCaching(args);
      },
      cdn: (args) => void useResponseHeadersPolicy(args, headers.policy.id),
    },
  });
}
