import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetEnv } from '../../functions/lib/env';
import { ORIGIN_HEADER } from '../../functions/lib/origin-secret';
import { securityHeaders } from '../../functions/lib/security-headers';
import { apiAreas, resourceNameOf } from '../../infra/api-areas';
import { CLOUDFRONT_CSP_MAX_LENGTH, useResponseHeadersPolicy } from '../../infra/edge-policy';
import { evaluateConfig, type Evaluation } from './support/sst-stubs';

/**
 * What the CloudFront Router adds at the edge, read from the real sst.config.ts under stubs: the
 * security headers on every response (a response headers policy on its distribution) and the
 * origin secret on every request it forwards to a function URL.
 */
const root = path.resolve(import.meta.dirname, '../..');
const configUrl = pathToFileURL(path.join(root, 'sst.config.ts')).href;
const BUCKET_ORIGIN = 'https://{Bucket:Uploads.name}.s3.{aws.region}.amazonaws.com';

let ci: Evaluation;
let policy: { args: any; instance: { id: string } };
/** Header name (lower case) -> value, as CloudFront writes them from the policy. */
let cloudFront: Record<string, string>;

beforeAll(async () => {
  ci = await evaluateConfig(configUrl, { stage: 'ci' });
  policy = ci.one('aws.cloudfront.ResponseHeadersPolicy', 'SecurityHeaders');
  const { securityHeadersConfig: s, customHeadersConfig } = policy.args;
  cloudFront = {
    'content-security-policy': await s.contentSecurityPolicy.contentSecurityPolicy,
    'x-content-type-options': 'nosniff',
    'x-frame-options': s.frameOptions.frameOption,
    'referrer-policy': s.referrerPolicy.referrerPolicy,
    'strict-transport-security':
      `max-age=${s.strictTransportSecurity.accessControlMaxAgeSec}` +
      (s.strictTransportSecurity.includeSubdomains ? '; includeSubDomains' : ''),
    'x-xss-protection': s.xssProtection.protection ? '1' : '0',
    ...Object.fromEntries(
      customHeadersConfig.items.map((i: { header: string; value: string }) => [i.header.toLowerCase(), i.value]),
    ),
  };
});

afterAll(() =>
  resetEnv({
    AWS_LAMBDA_FUNCTION_NAME: undefined,
    NODE_ENV: undefined,
    PUBLIC_BASE_URL: undefined,
    S3_BUCKET: undefined,
    S3_REGION: undefined,
  }),
);

describe('the Router sends the security headers on every response', () => {
  it('attaches the response headers policy to every behaviour of its distribution', () => {
    const transform = ci.one('Router', 'Site').args.transform.cdn as (args: any) => void;
    // The Router's distribution for routes added with router.route(): one default behaviour (SST router.ts).
    const lazy: any = { defaultCacheBehavior: { targetOriginId: 'default', cachePolicyId: 'x' } };
    transform(lazy);
    expect(lazy.defaultCacheBehavior.responseHeadersPolicyId).toBe(policy.instance.id);
    const inline: any = {
      defaultCacheBehavior: {},
      orderedCacheBehaviors: [{ pathPattern: '/api*' }, { pathPattern: '/uploads*' }],
    };
    useResponseHeadersPolicy(inline, 'p');
    expect(
      [inline.defaultCacheBehavior, ...inline.orderedCacheBehaviors].map((b: any) => b.responseHeadersPolicyId),
    ).toEqual(['p', 'p', 'p']);
  });

  it('overrides what an origin sends, so S3 files and function answers leave with the same headers', () => {
    const { securityHeadersConfig: s, customHeadersConfig } = policy.args;
    for (const name of [
      'contentSecurityPolicy',
      'contentTypeOptions',
      'frameOptions',
      'referrerPolicy',
      'strictTransportSecurity',
      'xssProtection',
    ]) {
      expect(s[name].override, name).toBe(true);
    }
    for (const item of customHeadersConfig.items) expect(item.override, item.header).toBe(true);
  });

  it('sends exactly the headers the functions and the local server send in production over https', async () => {
    resetEnv({
      AWS_LAMBDA_FUNCTION_NAME: 'festivales-ci-FestivalsApi',
      NODE_ENV: 'production',
      SESSION_SECRET: 'a-deploy-test-session-secret-of-enough-length',
      ORIGIN_SECRET: 'a-deploy-test-origin-secret-of-enough-length',
      AUTH_DEV_LOGIN: undefined,
      PUBLIC_BASE_URL: 'https://festivales.example',
      S3_BUCKET: '{Bucket:Uploads.name}',
      S3_REGION: '{aws.region}',
    });
    const app = new Hono().use(securityHeaders()).get('/', (c) => c.text('ok'));
    const res = await app.request('https://festivales.example/');
    for (const [name, value] of Object.entries(cloudFront)) expect(res.headers.get(name), name).toBe(value);
  });

  it('has a strict CSP that fits CloudFront: no inline script, no framing, uploads to this stage’s bucket only', () => {
    const csp = cloudFront['content-security-policy'];
    expect(csp.length).toBeLessThanOrEqual(CLOUDFRONT_CSP_MAX_LENGTH);
    const directives = new Map(csp.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));
    expect(directives.get('default-src')).toEqual(["'self'"]);
    expect(directives.get('script-src')).toEqual(["'self'", 'https://accounts.google.com/gsi/client']);
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
    expect(directives.get('connect-src')).toEqual([
      "'self'",
      'https://accounts.google.com/gsi/',
      'https://tile.openstreetmap.org',
      BUCKET_ORIGIN,
    ]);
    expect(directives.get('upgrade-insecure-requests')).toEqual([]);
    expect(cloudFront['strict-transport-security']).toBe('max-age=63072000; includeSubDomains');
  });
});

describe('the Router sends the origin secret to the function URLs', () => {
  it('sets it on every request in its viewer-request function, replacing what a viewer sent', async () => {
    const injection = await ci.one('Router', 'Site').args.edge.viewerRequest.injection;
    const event = {
      request: {
        uri: '/api/festivals',
        headers: { [ORIGIN_HEADER]: { value: 'a guess' }, host: { value: 'festivales.example' } },
      },
    };
    new Function('event', injection)(event);
    expect(event.request.headers[ORIGIN_HEADER]).toEqual({ value: '{Secret:OriginSecret.value}' });
  });

  it('escapes the secret into the function code', async () => {
    const { originSecretInjection } = await import('../../infra/edge-policy');
    const secret = `a"b\\c</script>'d`;
    const event = { request: { headers: {} as Record<string, { value: string }> } };
    new Function('event', originSecretInjection(JSON.stringify(secret)))(event);
    expect(event.request.headers[ORIGIN_HEADER]).toEqual({ value: secret });
  });

  it('gives every function the same secret to check, from the OriginSecret secret', () => {
    expect(ci.one('Secret', 'OriginSecret').args.placeholder).toBeUndefined();
    for (const area of apiAreas) {
      const fn = ci.one('Function', resourceNameOf(area));
      expect(fn.args.environment.ORIGIN_SECRET, area.name).toBe('{Secret:OriginSecret.value}');
      expect(fn.args.link, area.name).toContain(ci.one('Secret', 'OriginSecret').instance);
    }
  });
});
