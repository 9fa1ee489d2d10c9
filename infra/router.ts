import { keyCacheOnAuthorization } from './cache-policy';

/**
 * One CloudFront distribution for the whole site, so the SPA, /api/*, the share pages and the
 * uploads share one origin (no CORS for the API, and the spec's "/uploads..." URLs just work).
 */
export function createRouter() {
  return new sst.aws.Router('Site', {
    transform: {
      cachePolicy: (args) => void keyCacheOnAuthorization(args),
    },
  });
}
