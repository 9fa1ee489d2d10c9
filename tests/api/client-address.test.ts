import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { like } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rateLimitsTable } from '#db/schema';
import { resetEnv } from '../../functions/lib/env';
import { rateLimits } from '../../functions/lib/rate-limit';
import { createApiRoot } from '../../functions/server/api-apps';
import { api, db } from '../support/api';

/**
 * Anonymous rate limits key on the caller's address. Nothing the caller writes in a header may
 * change that key, or a spoofed X-Forwarded-For starts a fresh limit on every request.
 */
const setup = { ...process.env };
const originalLimit = rateLimits.newsletter.limit;
let server: ServerType;
let base: string;

beforeAll(async () => {
  // The local server for real: the socket's address is what it sees.
  await new Promise<void>((resolve) => {
    server = serve({ fetch: createApiRoot().fetch, port: 0, hostname: '127.0.0.1' }, () => resolve());
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

beforeEach(async () => {
  // The default of a server without a proxy (the API tests otherwise run as behind one).
  resetEnv({ TRUSTED_PROXIES: '0' });
  rateLimits.newsletter.limit = 1;
  await db().delete(rateLimitsTable).where(like(rateLimitsTable.bucket, 'newsletter:%'));
});

afterEach(() => {
  rateLimits.newsletter.limit = originalLimit;
  resetEnv({
    TRUSTED_PROXIES: setup.TRUSTED_PROXIES,
    AWS_LAMBDA_FUNCTION_NAME: undefined,
    NODE_ENV: setup.NODE_ENV,
    PUBLIC_BASE_URL: undefined,
    AUTH_DEV_LOGIN: setup.AUTH_DEV_LOGIN,
  });
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

let emails = 0;
const subscribe = (headers: Record<string, string> = {}) =>
  fetch(`${base}/api/newsletter/subscribe`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify({ email: `addr${++emails}@example.com` }),
  }).then((res) => res.status);

const buckets = async () =>
  (await db().select().from(rateLimitsTable).where(like(rateLimitsTable.bucket, 'newsletter:%')))
    .map((r) => r.bucket)
    .sort();

describe('on the local server without a proxy (TRUSTED_PROXIES=0, the default)', () => {
  it('keys on the socket address: a spoofed X-Forwarded-For does not reset the limit', async () => {
    expect(await subscribe({ 'X-Forwarded-For': '203.0.113.1' })).toBe(200);
    expect(await subscribe({ 'X-Forwarded-For': '203.0.113.2' })).toBe(429);
    expect(await subscribe({ 'X-Forwarded-For': '203.0.113.3, 203.0.113.4' })).toBe(429);
    expect(await subscribe()).toBe(429);
    expect(await buckets()).toEqual(['newsletter:addr:127.0.0.1']);
  });
});

describe('behind a trusted proxy (TRUSTED_PROXIES=1, nginx appending $remote_addr)', () => {
  it('keys on the hop the proxy appended, whatever the client wrote before it', async () => {
    resetEnv({ TRUSTED_PROXIES: '1' });
    expect(await subscribe({ 'X-Forwarded-For': '198.51.100.7' })).toBe(200);
    expect(await subscribe({ 'X-Forwarded-For': '10.0.0.1, 198.51.100.7' })).toBe(429);
    expect(await subscribe({ 'X-Forwarded-For': '10.0.0.2, 10.0.0.3, 198.51.100.7' })).toBe(429);
    // Another client behind the same proxy has a limit of its own.
    expect(await subscribe({ 'X-Forwarded-For': '198.51.100.8' })).toBe(200);
    expect(await buckets()).toEqual(['newsletter:addr:198.51.100.7', 'newsletter:addr:198.51.100.8']);
  });

  it('with two proxies skips the one nearest the server', async () => {
    resetEnv({ TRUSTED_PROXIES: '2' });
    expect(await subscribe({ 'X-Forwarded-For': '6.6.6.6, 198.51.100.9, 10.0.0.9' })).toBe(200);
    expect(await subscribe({ 'X-Forwarded-For': '7.7.7.7, 198.51.100.9, 10.0.0.10' })).toBe(429);
    // Fewer hops than proxies: the request skipped a proxy, so the socket address is used.
    expect(await subscribe({ 'X-Forwarded-For': '198.51.100.10' })).toBe(200);
    expect(await buckets()).toEqual(['newsletter:addr:127.0.0.1', 'newsletter:addr:198.51.100.9']);
  });
});

describe('on Lambda behind CloudFront', () => {
  it('keys on CloudFront-Viewer-Address, never on X-Forwarded-For', async () => {
    resetEnv({
      AWS_LAMBDA_FUNCTION_NAME: 'festivales-test-Api',
      PUBLIC_BASE_URL: 'https://festivales.example.com',
      AUTH_DEV_LOGIN: undefined,
    });
    const viaCloudFront = (viewer: string, forwarded: string) =>
      api('POST', '/api/newsletter/subscribe', {
        body: { email: `lambda${++emails}@example.com` },
        headers: { 'CloudFront-Viewer-Address': viewer, 'X-Forwarded-For': forwarded },
      }).then((res) => res.status);
    expect(await viaCloudFront('198.51.100.20:40000', '198.51.100.20, 130.176.0.1')).toBe(200);
    expect(await viaCloudFront('198.51.100.20:40001', '203.0.113.99, 198.51.100.20, 130.176.0.1')).toBe(429);
    expect(await viaCloudFront('2001:db8::20:40002', '2001:db8::20, 130.176.0.1')).toBe(200);
    expect(await buckets()).toEqual(['newsletter:addr:198.51.100.20', 'newsletter:addr:2001:db8::20']);
  });
});
