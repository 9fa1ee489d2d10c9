import type { APIGatewayProxyResult, LambdaContext } from 'hono/aws-lambda';
import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimitsTable } from '#db/schema';
import { resetEnv } from '../../functions/lib/env';
import { rateLimits } from '../../functions/lib/rate-limit';
import { handler as newsletterHandler } from '../../functions/newsletter/lambda';
import { db } from '../support/api';
import { lambdaContext, lambdaEvent, type APIGatewayProxyEventV2 } from './support/lambda-event';

/**
 * On Lambda the caller's address for rate limits is CloudFront-Viewer-Address, which CloudFront
 * itself writes (the Router's managed AllViewerExceptHostHeader origin request policy forwards
 * it); X-Forwarded-For arrives with whatever the client put in front of CloudFront's hop.
 */
const handler = newsletterHandler as unknown as (
  event: APIGatewayProxyEventV2,
  context: LambdaContext,
) => Promise<APIGatewayProxyResult>;
const setup = { ...process.env };
const originalLimit = rateLimits.newsletter.limit;
let emails = 0;

beforeAll(() => {
  resetEnv({
    AWS_LAMBDA_FUNCTION_NAME: 'festivales-ci-NewsletterApi',
    NODE_ENV: 'production',
    PUBLIC_BASE_URL: 'https://festivales.example',
    AUTH_DEV_LOGIN: undefined,
  });
  rateLimits.newsletter.limit = 1;
});

afterAll(() => {
  rateLimits.newsletter.limit = originalLimit;
  resetEnv({
    AWS_LAMBDA_FUNCTION_NAME: undefined,
    NODE_ENV: setup.NODE_ENV,
    PUBLIC_BASE_URL: undefined,
    AUTH_DEV_LOGIN: setup.AUTH_DEV_LOGIN,
  });
});

async function subscribe(headers: Record<string, string>): Promise<number> {
  const event = lambdaEvent({
    method: 'POST',
    url: '/api/newsletter/subscribe',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ email: `viewer${++emails}@example.com` }),
  });
  return (await handler(event, lambdaContext)).statusCode;
}

describe('anonymous rate limits on Lambda', () => {
  it('key on CloudFront-Viewer-Address: a spoofed X-Forwarded-For starts no new limit', async () => {
    expect(
      await subscribe({ 'cloudfront-viewer-address': '198.51.100.30:51000', 'x-forwarded-for': '198.51.100.30' }),
    ).toBe(200);
    expect(
      await subscribe({
        'cloudfront-viewer-address': '198.51.100.30:51001',
        'x-forwarded-for': '203.0.113.66, 198.51.100.30',
      }),
    ).toBe(429);
    expect(
      await subscribe({ 'cloudfront-viewer-address': '198.51.100.31:51002', 'x-forwarded-for': '198.51.100.30' }),
    ).toBe(200);
    const buckets = await db().select().from(rateLimitsTable).where(like(rateLimitsTable.bucket, 'newsletter:%'));
    expect(buckets.map((b) => b.bucket).sort()).toEqual([
      'newsletter:addr:198.51.100.30',
      'newsletter:addr:198.51.100.31',
    ]);
  });
});
