/**
 * CloudFront forwards a viewer's Authorization header to the origin only when the header is part
 * of the cache key (an origin request policy cannot forward it). The Router's default server
 * policy keys on x-open-next-cache-key and x-forwarded-host only, so every GET with a Bearer token
 * (/api/users/profile, /api/favorites, ...) would reach the function signed out. Keying on it also
 * keeps one user's cached answer from being served to another. Pure: tested without SST.
 */
interface HeadersConfigShape {
  headerBehavior?: unknown;
  headers?: { items?: unknown } | unknown;
}

interface CachePolicyArgsShape {
  parametersInCacheKeyAndForwardedToOrigin?: { headersConfig?: HeadersConfigShape | unknown } | unknown;
}

export const CACHE_KEY_HEADERS = ['authorization'] as const;

export function keyCacheOnAuthorization(args: CachePolicyArgsShape): void {
  const params = (args.parametersInCacheKeyAndForwardedToOrigin ??= {}) as { headersConfig?: HeadersConfigShape };
  const headersConfig = (params.headersConfig ??= {}) as { headerBehavior?: unknown; headers?: { items?: unknown } };
  const existing = Array.isArray(headersConfig.headers?.items) ? (headersConfig.headers.items as string[]) : [];
  headersConfig.headerBehavior = 'whitelist';
  headersConfig.headers = { items: [...new Set([...existing, ...CACHE_KEY_HEADERS])] };
}
