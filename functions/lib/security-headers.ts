import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { env, type Env } from './env';
import {
  CROSS_ORIGIN_OPENER_POLICY,
  cspDirectives,
  PERMISSIONS_POLICY,
  REFERRER_POLICY,
  s3UploadOrigin,
  STRICT_TRANSPORT_SECURITY,
  type PolicyOptions,
} from './security-policy';

/** What this process serves over and uploads to, from its configuration. */
export function policyOptions(config: Env): PolicyOptions {
  const uploadOrigins: string[] = [];
  if (config.S3_BUCKET) {
    uploadOrigins.push(
      s3UploadOrigin({ bucket: config.S3_BUCKET, region: config.S3_REGION, endpoint: config.S3_ENDPOINT }),
    );
  }
  if (config.S3_PUBLIC_URL) uploadOrigins.push(new URL(config.S3_PUBLIC_URL).origin);
  const site = config.PUBLIC_BASE_URL ? new URL(config.PUBLIC_BASE_URL) : undefined;
  return {
    uploadOrigins: uploadOrigins.filter((origin) => origin !== site?.origin),
    // HSTS pins the browser to HTTPS for two years: only when production says the site is https.
    https: config.production && site?.protocol === 'https:',
    embedTestOrigin: config.EMBED_TEST_ORIGIN,
  };
}

type SecureHeadersOptions = NonNullable<Parameters<typeof secureHeaders>[0]>;

let cached: { config: Env; middleware: MiddlewareHandler } | undefined;

function middlewareFor(config: Env) {
  if (cached?.config === config) return cached;
  const options = policyOptions(config);
  cached = {
    config,
    middleware: secureHeaders({
      contentSecurityPolicy: cspDirectives(options) as SecureHeadersOptions['contentSecurityPolicy'],
      xFrameOptions: 'DENY',
      referrerPolicy: REFERRER_POLICY,
      crossOriginOpenerPolicy: CROSS_ORIGIN_OPENER_POLICY,
      crossOriginResourcePolicy: 'same-origin',
      strictTransportSecurity: options.https ? STRICT_TRANSPORT_SECURITY : false,
      permissionsPolicy: PERMISSIONS_POLICY as SecureHeadersOptions['permissionsPolicy'],
    }),
  };
  return cached;
}

/**
 * The security headers (functions/lib/security-policy.ts) on every response of an app, errors
 * and not-found answers included. Built from the configuration on first use, so tests that change
 * it get a middleware of their own.
 */
export function securityHeaders(): MiddlewareHandler {
  return async (c, next) => {
    // The local server's root sets them for every app it mounts, and each app again for Lambda:
    // once per request is enough (the outermost one, which sees the final answer).
    if (c.get('securityHeaders')) return next();
    c.set('securityHeaders', true);
    return middlewareFor(env()).middleware(c, next);
  };
}
