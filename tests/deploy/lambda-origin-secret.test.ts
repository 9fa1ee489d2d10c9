import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { APIGatewayProxyResult, LambdaContext } from 'hono/aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetEnv } from '../../functions/lib/env';
import { apiAreas, lambdaFileOf } from '../../infra/api-areas';
import { TEST_ORIGIN_SECRET } from '../support/context';
import { lambdaContext, lambdaEvent, type APIGatewayProxyEventV2, type EventInput } from './support/lambda-event';

/**
 * A Lambda function URL is public: called directly, it would bypass CloudFront (its security
 * headers, its viewer address for rate limits). Every handler answers only requests that carry the
 * origin secret the Router adds (infra/router.ts); anything else gets a JSON 403 in Spanish.
 */
type Handler = (event: APIGatewayProxyEventV2, context: LambdaContext) => Promise<APIGatewayProxyResult>;

const root = path.resolve(import.meta.dirname, '../..');
const present = apiAreas.filter((a) => existsSync(path.join(root, lambdaFileOf(a))));
const handlers = new Map<string, Handler>();
const setup = { ...process.env };

beforeAll(async () => {
  resetEnv({
    AWS_LAMBDA_FUNCTION_NAME: 'festivales-ci-Api',
    NODE_ENV: 'production',
    AUTH_DEV_LOGIN: undefined,
    PUBLIC_BASE_URL: 'https://festivales.example',
  });
  for (const area of present) {
    const mod = await import(pathToFileURL(path.join(root, lambdaFileOf(area))).href);
    handlers.set(area.name, mod.handler as Handler);
  }
});

afterAll(() => {
  resetEnv({
    AWS_LAMBDA_FUNCTION_NAME: undefined,
    NODE_ENV: setup.NODE_ENV,
    AUTH_DEV_LOGIN: setup.AUTH_DEV_LOGIN,
    PUBLIC_BASE_URL: undefined,
    ORIGIN_SECRET: TEST_ORIGIN_SECRET,
  });
});

/** A request each area answers (200 for the catalogue and robots.txt, a JSON 401 or 404 elsewhere). */
function publicRequest(area: string): EventInput {
  const paths: Record<string, string> = { festivals: '/api/festivals?limit=1', pages: '/robots.txt' };
  return { method: 'GET', url: paths[area] ?? `/api/${area}/__no_such_route__` };
}

async function call(area: string, input: EventInput) {
  const result = await handlers.get(area)!(lambdaEvent(input), lambdaContext);
  const body = result.isBase64Encoded ? Buffer.from(result.body, 'base64').toString('utf8') : result.body;
  return { status: result.statusCode, headers: (result.headers ?? {}) as Record<string, string>, body };
}

const FORBIDDEN = {
  error: 'Acceso denegado: esta función solo responde a las peticiones que llegan a través del sitio.',
  code: 'direct_access_forbidden',
};

describe.each(present.map((a) => [a.name] as const))('%s function URL', (area) => {
  it('answers 403 in Spanish when called directly, without the Router’s secret', async () => {
    const direct = await call(area, { ...publicRequest(area), originSecret: false });
    expect(direct.status).toBe(403);
    expect(direct.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(direct.body)).toEqual(FORBIDDEN);
  });

  it('answers 403 to a wrong secret, however close', async () => {
    for (const guess of [
      '',
      'x',
      TEST_ORIGIN_SECRET.slice(0, -1),
      `${TEST_ORIGIN_SECRET} `,
      TEST_ORIGIN_SECRET.toUpperCase(),
    ]) {
      const wrong = await call(area, { ...publicRequest(area), originSecret: guess });
      expect(wrong.status, JSON.stringify(guess)).toBe(403);
    }
  });

  it('works through the Router, with its secret', async () => {
    const routed = await call(area, publicRequest(area));
    expect(routed.status).not.toBe(403);
    expect(routed.status).toBeLessThan(500);
    if (area === 'festivals' || area === 'pages') expect(routed.status).toBe(200);
  });
});

it('checks POSTs too: a direct sign-in attempt never reaches the users function', async () => {
  const body = JSON.stringify({ credential: 'not-a-jwt' });
  const input = {
    method: 'POST',
    url: '/api/users/auth/google',
    headers: { 'content-type': 'application/json' },
    body,
  };
  expect((await call('users', { ...input, originSecret: false })).status).toBe(403);
  expect((await call('users', input)).status).toBe(401);
});

it('refuses every request when the function has no secret configured', async () => {
  try {
    resetEnv({ ORIGIN_SECRET: undefined });
    await expect(call('festivals', publicRequest('festivals'))).rejects.toThrow(/ORIGIN_SECRET is required/);
    await expect(call('festivals', { ...publicRequest('festivals'), originSecret: '' })).rejects.toThrow(
      /ORIGIN_SECRET is required/,
    );
  } finally {
    resetEnv({ ORIGIN_SECRET: TEST_ORIGIN_SECRET });
  }
});
