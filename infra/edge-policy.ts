/**
 * What the CloudFront Router adds at the edge, as plain data so the deploy tests check it without
 * AWS: the security headers on every response (a response headers policy) and the origin secret on
 * every request it forwards. No SST globals here; infra/router.ts and infra/security-headers.ts
 * declare the resources.
 */
import { ORIGIN_HEADER } from '../functions/lib/origin-secret';
import {
  cspDirectives,
  HSTS_MAX_AGE_SECONDS,
  securityHeaderValues,
  serializeCsp,
} from '../functions/lib/security-policy';

/** CloudFront's limit on the Content-Security-Policy of a response headers policy. */
export const CLOUDFRONT_CSP_MAX_LENGTH = 1783;

/** The headers CloudFront has no field of its own for: sent as custom headers. */
export const CUSTOM_SECURITY_HEADERS = [
  'Permissions-Policy',
  'Cross-Origin-Opener-Policy',
  'Cross-Origin-Resource-Policy',
] as const;

/**
 * functions/lib/security-policy.ts as a response headers policy. `override: true` everywhere:
 * CloudFront's values replace an origin's, so the SPA and the uploads (from S3, which sends none)
 * and the functions' answers all leave with the same headers.
 */
export function responseHeadersConfig<Csp>(csp: Csp) {
  const values = securityHeaderValues({ https: true });
  return {
    comment: 'Festivales: CSP, HSTS, nosniff, frame, referrer and permissions policies (docs/security.md)',
    securityHeadersConfig: {
      contentSecurityPolicy: { contentSecurityPolicy: csp, override: true },
      contentTypeOptions: { override: true },
      frameOptions: { frameOption: values['X-Frame-Options'], override: true },
      referrerPolicy: { referrerPolicy: values['Referrer-Policy'], override: true },
      strictTransportSecurity: {
        accessControlMaxAgeSec: HSTS_MAX_AGE_SECONDS,
        includeSubdomains: true,
        preload: false,
        override: true,
      },
      xssProtection: { protection: false, override: true },
    },
    customHeadersConfig: {
      items: CUSTOM_SECURITY_HEADERS.map((header) => ({ header, value: values[header], override: true })),
    },
  };
}

/** The site's CSP as CloudFront sends it: always over HTTPS, uploads PUT to the stage's bucket. */
export function cloudFrontCsp(uploadOrigin: string): string {
  const csp = serializeCsp(cspDirectives({ uploadOrigins: [uploadOrigin], https: true }));
  if (csp.length > CLOUDFRONT_CSP_MAX_LENGTH)
    throw new Error(`Content-Security-Policy too long for CloudFront (${csp.length} characters)`);
  return csp;
}

/**
 * Code for the start of the Router's viewer-request CloudFront Function: sets the origin secret on
 * every request, replacing any value a viewer sent. CloudFront forwards it to the origin like any
 * viewer header (the Router's AllViewerExceptHostHeader origin request policy), so each function
 * URL receives it; functions/lib/lambda-handler.ts refuses requests without it.
 * `secretLiteral` is the secret as a JSON string literal ($jsonStringify), quotes escaped.
 */
export function originSecretInjection(secretLiteral: string): string {
  return `event.request.headers[${JSON.stringify(ORIGIN_HEADER)}] = { value: ${secretLiteral} };`;
}

type Behaviour = { responseHeadersPolicyId?: unknown };

/** Attaches the response headers policy to every cache behaviour of the Router's distribution. */
export function useResponseHeadersPolicy(
  args: { defaultCacheBehavior?: unknown; orderedCacheBehaviors?: unknown },
  policyId: unknown,
): void {
  const behaviours = [
    args.defaultCacheBehavior,
    ...(Array.isArray(args.orderedCacheBehaviors) ? args.orderedCacheBehaviors : []),
  ];
  for (const behaviour of behaviours) {
    if (behaviour && typeof behaviour === 'object') (behaviour as Behaviour).responseHeadersPolicyId = policyId;
  }
}
