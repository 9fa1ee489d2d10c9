/**
 * CloudFront forwards a viewer's Authorization header to the origin only when the header is part
 * of the cache key (an origin request policy cannot forward it). The Router's default server
 * policy keys on x-open-next-cache-key and x-forwarded-host only, so every GET with a Bearer token
 * (/api/users/profile, /api/favorites, ...) would reach the function signed out. Keying on it also
 * keeps one user's cached answer from ever being served to another.
 */
export function keyCacheOnAuthorization(args: { parametersInCacheKeyAndForwardedToOrigin?: unknown }): void {
  type Params = { headersConfig?: { headerBehavior?: string; headers?: { items?: string[] } } };
  const params = (args.parametersInCacheKeyAndForwardedToOrigin ??= {}) as Params;
  const config = (params.headersConfig ??= {});
  config.headerBehavior = 'whitelist';
  config.headers = { items: [...new Set([...(config.headers?.items ?? []), 'authorization'])] };
}

/**
 * The CDN caches what the functions say it may: nothing without a Cache-Control (default TTL 0),
 * a public list for its s-maxage (then stale-while-revalidate). Brotli and gzip are both part of
 * the key, so CloudFront keeps and serves each compressed form (and compresses what the origin
 * sends uncompressed). Applied to the Router's cache policy with keyCacheOnAuthorization.
 */
export function honourOriginCaching(args: {
  defaultTtl?: unknown;
  minTtl?: unknown;
  maxTtl?: unknown;
  parametersInCacheKeyAndForwardedToOrigin?: unknown;
}): void {
  args.minTtl = 0;
  args.defaultTtl = 0;
  args.maxTtl = 31_536_000;
  const params = (args.parametersInCacheKeyAndForwardedToOrigin ??= {}) as {
    enableAcceptEncodingBrotli?: boolean;
    enableAcceptEncodingGzip?: boolean;
  };
  params.enableAcceptEncodingBrotli = true;
  params.enableAcceptEncodingGzip = true;
}
