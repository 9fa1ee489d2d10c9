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
