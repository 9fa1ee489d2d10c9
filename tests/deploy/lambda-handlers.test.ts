import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gunzipSync } from 'node:zlib';
import webpush from 'web-push';
import type { APIGatewayProxyResult, LambdaContext } from 'hono/aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetEnv } from '../../functions/lib/env';
import { createLocalApp } from '../../functions/server/local-app';
import { apiAreas, lambdaFileOf, type ApiArea } from '../../infra/api-areas';
import { uploadsCors, uploadsCorsXml } from '../../infra/uploads-cors';
import { testContext } from '../support/context';
import { createFestival, imageBytes } from '../support/fixtures';
import { pageRoutes, specRoutes, type SpecRoute } from './spec-routes';
import {
  fromLambda,
  fromResponse,
  lambdaContext,
  lambdaEvent,
  multipart,
  SITE_HOST,
  type Answer,
  type APIGatewayProxyEventV2,
  type EventInput,
} from './support/lambda-event';
import { S3_TEST_CREDENTIALS, startS3, type S3TestServer } from './support/s3-server';

/**
 * Each function's Lambda handler, fed the events a function URL behind CloudFront receives, must
 * answer what the local server (functions/server/local-app.ts) answers for the same request, on the
 * same fresh database. Run with TEST_DB_DRIVER=neon, the database is reached as on Lambda.
 */
type Handler = (event: APIGatewayProxyEventV2, context: LambdaContext) => Promise<APIGatewayProxyResult>;

const root = path.resolve(import.meta.dirname, '../..');
const SITE = `https://${SITE_HOST}`;
/**
 * The docs function serves a document the bundle script writes beside its bundle (it does not carry
 * the other functions' code), so it is tested as bundled (`npm run bundle`, run before these tests).
 */
const DOCS_BUNDLE = 'dist/functions/docs/index.mjs';
const handlerFileOf = (area: ApiArea) => (area.name === 'docs' ? DOCS_BUNDLE : lambdaFileOf(area));
const present = apiAreas.filter((a) => existsSync(path.join(root, handlerFileOf(a))));
const missing = apiAreas.filter((a) => !present.includes(a)).map((a) => a.name);
if (missing.length) console.warn(`[deploy] sin lambda.ts, se omiten: ${missing.join(', ')}`);
const isPresent = (name: string) => present.some((a) => a.name === name);

// A real PNG (confirm decodes and re-encodes it), padded past the 1 KB minimum.
const PNG = Buffer.from(imageBytes('png', 2115));

const handlers = new Map<string, Handler>();
let local: ReturnType<typeof createLocalApp>;
let scratch: string;
let s3: S3TestServer;
let festivalId: number;

beforeAll(async () => {
  scratch = mkdtempSync(path.join(tmpdir(), 'festivales-lambda-'));
  const webRoot = path.join(scratch, 'web');
  mkdirSync(webRoot, { recursive: true });
  writeFileSync(
    path.join(webRoot, 'index.html'),
    '<!doctype html><html lang="es"><head><meta charset="utf-8" /><title>Festivales</title></head>' +
      '<body><div id="root"></div><script type="module" src="/assets/index-abc.js"></script></body></html>',
  );

  s3 = await startS3('festivales-ci-uploads', uploadsCorsXml(uploadsCors([SITE])));

  // What a deployed function sees (infra/api.ts), with the S3 test server standing in for the bucket.
  resetEnv({
    AWS_LAMBDA_FUNCTION_NAME: 'festivales-ci-Api',
    NODE_ENV: 'production',
    // Never set in a deployed stage: production refuses to start with it.
    AUTH_DEV_LOGIN: undefined,
    PUBLIC_BASE_URL: SITE,
    DATA_DIR: path.join(scratch, 'data'),
    S3_BUCKET: s3.bucket,
    S3_REGION: 'eu-central-1',
    S3_ENDPOINT: s3.endpoint,
    S3_ACCESS_KEY_ID: S3_TEST_CREDENTIALS.accessKeyId,
    S3_SECRET_ACCESS_KEY: S3_TEST_CREDENTIALS.secretAccessKey,
    S3_PUBLIC_URL: `${SITE}/uploads`,
    // The API functions get the public half only (infra/api-areas.ts): enough to let a browser subscribe.
    VAPID_PUBLIC_KEY: webpush.generateVAPIDKeys().publicKey,
  });

  mkdirSync(path.join(scratch, 'uploads'), { recursive: true });
  local = createLocalApp({ webRoot, uploadsDir: path.join(scratch, 'uploads') });
  for (const area of present) {
    const mod = await import(pathToFileURL(path.join(root, handlerFileOf(area))).href);
    handlers.set(area.name, mod.handler as Handler);
  }

  festivalId = await createFestival(
    { name: 'Sónar Barcelona', location: 'Barcelona, España', startDate: '2031-06-12', endDate: '2031-06-14' },
    ['Techno', 'House'],
  );
  await createFestival(
    { name: 'Awakenings', location: 'Ámsterdam, Países Bajos', startDate: '2031-07-01', endDate: '2031-07-03' },
    ['Techno'],
  );
  await createFestival(
    { name: 'Dekmantel', location: 'Ámsterdam, Países Bajos', startDate: '2031-08-01', endDate: '2031-08-04' },
    ['House'],
  );
});

afterAll(async () => {
  await s3?.close();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
  resetEnv({
    AWS_LAMBDA_FUNCTION_NAME: undefined,
    S3_BUCKET: undefined,
    S3_ENDPOINT: undefined,
    VAPID_PUBLIC_KEY: undefined,
  });
});

function areaOf(name: string): ApiArea {
  return apiAreas.find((a) => a.name === name)!;
}

async function viaLambda(area: string, input: EventInput): Promise<Answer> {
  const handler = handlers.get(area);
  if (!handler) throw new Error(`no handler for ${area}`);
  return fromLambda(await handler(lambdaEvent(input), lambdaContext));
}

async function viaLocal(input: EventInput): Promise<Answer> {
  const headers = { 'x-forwarded-for': '203.0.113.7', ...input.headers };
  const body =
    input.body === undefined ? undefined : typeof input.body === 'string' ? input.body : Buffer.from(input.body);
  return fromResponse(await local.request(`${SITE}${input.url}`, { method: input.method, headers, body }));
}

function parsed(answer: Answer): unknown {
  const type = answer.headers['content-type'] ?? '';
  const bytes = answer.headers['content-encoding'] === 'gzip' ? gunzipSync(answer.body) : answer.body;
  if (!type.includes('json') || !bytes.length) return bytes.toString('utf8');
  const value = JSON.parse(bytes.toString('utf8'));
  // Each answer carries its own request id (error bodies): not part of the comparison.
  if (value && typeof value === 'object' && !Array.isArray(value)) delete value.requestId;
  return value;
}

function expectSame(lambda: Answer, localAnswer: Answer, label: string) {
  expect(lambda.status, label).toBe(localAnswer.status);
  expect(lambda.headers['content-type'], label).toBe(localAnswer.headers['content-type']);
  expect(parsed(lambda), label).toEqual(parsed(localAnswer));
}

const json = (value: unknown) => JSON.stringify(value);
const JSON_HEADERS = { 'content-type': 'application/json' };

async function signInThroughLambda(email: string, name: string) {
  const credential = await testContext().jwks.mintIdToken({ sub: `sub-${email}`, email, name });
  const answer = await viaLambda('users', {
    method: 'POST',
    url: '/api/users/auth/google',
    headers: JSON_HEADERS,
    body: json({ credential }),
  });
  expect(answer.status).toBe(200);
  return (parsed(answer) as { token: string; id: number }).token;
}

it('runs on the driver asked for (TEST_DB_DRIVER=neon: the Neon serverless driver, as on Lambda)', () => {
  const expected = process.env.TEST_DB_DRIVER === 'neon' ? 'neon' : process.env.DATABASE_URL ? 'pg' : 'pglite';
  expect(testContext().handle.driver).toBe(expected);
});

describe('every area answers an unknown path as the local server does', () => {
  it.each(present.map((a) => [a.name, a] as const))('%s', async (name, area) => {
    const prefix = area.routes.find((r) => r.startsWith('/api')) ?? area.routes[0];
    const input = { method: 'GET', url: `${prefix}/__no_such_route__/1` };
    const lambda = await viaLambda(name, input);
    // Areas that are signed-in only check the token before routing.
    expect([401, 404]).toContain(lambda.status);
    expectSame(lambda, await viaLocal(input), name);
  });
});

describe('every call of the API contract reaches a handler that answers as the local server (no credentials)', () => {
  const cases = [...specRoutes, ...pageRoutes].map((r) => [`${r.method} ${r.path}`, r] as const);
  it.each(cases)('%s', async (label, route: SpecRoute) => {
    if (!isPresent(route.area)) {
      console.warn(`[deploy] se omite ${label}: falta ${handlerFileOf(areaOf(route.area))}`);
      return;
    }
    const path = route.path === '/festival/1/sonar-barcelona' ? `/festival/${festivalId}/sonar-barcelona` : route.path;
    const hasBody = !['GET', 'DELETE'].includes(route.method);
    const input: EventInput = {
      method: route.method,
      url: path,
      ...(hasBody ? { headers: JSON_HEADERS, body: '{}' } : {}),
    };
    const lambda = await viaLambda(route.area, input);
    const body = parsed(lambda) as { code?: string };
    expect(body?.code, `${label} is not routed inside its function`).not.toBe('route_not_found');
    expect(lambda.status, label).toBeLessThan(500);
    expectSame(lambda, await viaLocal(input), label);
  });
});

describe('events a function URL delivers', () => {
  it('GET with a query string (repeated keys included) filters as the local server does', async () => {
    const input = {
      method: 'GET',
      url: '/api/festivals?search=s%C3%B3nar&genre=Techno&sort=name&upcoming=false&limit=5',
    };
    const lambda = await viaLambda('festivals', input);
    expect(lambda.status).toBe(200);
    expect((parsed(lambda) as { name: string }[]).map((f) => f.name)).toEqual(['Sónar Barcelona']);
    expectSame(lambda, await viaLocal(input), input.url);
    expect(lambda.headers.etag).toBe((await viaLocal(input)).headers.etag);

    const sorted = { method: 'GET', url: '/api/festivals?sort=name&upcoming=false&limit=2&offset=1' };
    const page = await viaLambda('festivals', sorted);
    expectSame(page, await viaLocal(sorted), sorted.url);
    expect((parsed(page) as unknown[]).length).toBe(2);
  });

  it('sends a gzip body base64-encoded, as a function URL requires for binary answers', async () => {
    const input = { method: 'GET', url: '/api/festivals', headers: { 'accept-encoding': 'gzip' } };
    const raw = await handlers.get('festivals')!(lambdaEvent(input), lambdaContext);
    expect(raw.isBase64Encoded).toBe(true);
    const lambda = fromLambda(raw);
    expect(lambda.headers['content-encoding']).toBe('gzip');
    expectSame(lambda, await viaLocal(input), 'gzip');
    expect((parsed(lambda) as unknown[]).length).toBeGreaterThanOrEqual(3);
  });

  it('answers a conditional GET with 304 and no body', async () => {
    const first = await viaLambda('festivals', { method: 'GET', url: '/api/festivals' });
    const input = { method: 'GET', url: '/api/festivals', headers: { 'if-none-match': first.headers.etag } };
    const lambda = await viaLambda('festivals', input);
    expect(lambda.status).toBe(304);
    expect(lambda.body.length).toBe(0);
    expect((await viaLocal(input)).status).toBe(304);
  });

  it('POST with JSON: signs in, proposes a festival, and the local server sees the same records', async () => {
    const token = await signInThroughLambda('ana@festivales.test', 'Ana');
    const profile = await viaLocal({
      method: 'GET',
      url: '/api/users/profile',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(profile.status).toBe(200);
    expect(parsed(profile)).toMatchObject({ name: 'Ana', role: 'user' });

    const proposal = {
      name: 'Festival Lambda',
      description: 'Propuesto a través del manejador de Lambda.',
      location: 'Valencia, España',
      start_date: '2031-09-10',
      end_date: '2031-09-12',
      website: 'https://lambda.example',
      genres: ['Techno'],
    };
    const auth = { ...JSON_HEADERS, authorization: `Bearer ${token}` };
    const created = await viaLambda('festivals', {
      method: 'POST',
      url: '/api/festivals',
      headers: auth,
      body: json(proposal),
    });
    expect(created.status).toBe(201);
    const festival = parsed(created) as { id: number; status: string };
    expect(festival).toMatchObject({ name: 'Festival Lambda', status: 'pending', genres: ['Techno'] });
    const seen = await viaLocal({
      method: 'GET',
      url: `/api/festivals/${festival.id}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(parsed(seen)).toEqual(festival);

    const again = { method: 'POST', url: '/api/festivals', headers: auth, body: json(proposal) };
    const duplicate = await viaLambda('festivals', again);
    expect(duplicate.status).toBe(409);
    expectSame(duplicate, await viaLocal(again), 'duplicate proposal');
  });

  it('decodes a base64 JSON body', async () => {
    const body = json({ credential: 'not-a-jwt' });
    const encoded = await viaLambda('users', {
      method: 'POST',
      url: '/api/users/auth/google',
      headers: JSON_HEADERS,
      body,
      base64: true,
    });
    const plain = await viaLambda('users', {
      method: 'POST',
      url: '/api/users/auth/google',
      headers: JSON_HEADERS,
      body,
    });
    expect(encoded.status).toBe(401);
    expect(parsed(encoded)).toMatchObject({ code: 'invalid_credential' });
    expectSame(encoded, plain, 'base64 JSON');
  });

  it('never accepts the local fallback sign-in on Lambda (AUTH_DEV_LOGIN is off in production)', async () => {
    const input = {
      method: 'POST',
      url: '/api/users/auth/google',
      headers: JSON_HEADERS,
      body: json({ credential: `manual_login_token_${Date.now()}` }),
    };
    const lambda = await viaLambda('users', input);
    expect(lambda.status).toBe(401);
    expectSame(lambda, await viaLocal(input), 'manual login');
  });

  it.runIf(isPresent('media'))(
    'POST multipart (base64) stores the image in the bucket and answers as the local server',
    async () => {
      const token = await signInThroughLambda('bea@festivales.test', 'Bea');
      const send = async (via: 'lambda' | 'local') => {
        const form = new FormData();
        form.append('festival_id', String(festivalId));
        form.append('caption', 'Escenario principal');
        form.append('images[]', new Blob([PNG], { type: 'image/png' }), 'escenario.png');
        const { body, contentType } = await multipart(form);
        const input: EventInput = {
          method: 'POST',
          url: '/api/media',
          headers: { 'content-type': contentType, authorization: `Bearer ${token}` },
          body,
          base64: true,
        };
        return via === 'lambda' ? viaLambda('media', input) : viaLocal(input);
      };
      const lambda = await send('lambda');
      const localAnswer = await send('local');
      expect(lambda.status).toBe(201);
      expect(localAnswer.status).toBe(201);
      type Created = { message: string; media: { id: number; url: string; status: string; caption: string }[] };
      const [a, b] = [parsed(lambda) as Created, parsed(localAnswer) as Created];
      expect(a.message).toBe(b.message);
      expect(a.media).toHaveLength(1);
      expect(Object.keys(a.media[0]).sort()).toEqual(Object.keys(b.media[0]).sort());
      expect(a.media[0]).toMatchObject({ status: 'pending', caption: 'Escenario principal' });
      // Stored in the bucket, served from the site's /uploads path on the CDN.
      expect(a.media[0].url).toMatch(new RegExp(`^${SITE}/uploads/users/\\d+/gallery/[0-9a-f-]+\\.png$`));
      const key = a.media[0].url.slice(`${SITE}/uploads/`.length);
      const { S3Storage } = await import('../../functions/lib/storage/s3-storage');
      const bucket = new S3Storage({
        bucket: s3.bucket,
        region: 'eu-central-1',
        endpoint: s3.endpoint,
        credentials: S3_TEST_CREDENTIALS,
      });
      // Checked and re-encoded without metadata before it was stored.
      expect(await bucket.inspect(key)).toMatchObject({ contentType: 'image/png' });
    },
  );

  it.runIf(isPresent('media'))(
    'presign through Lambda, browser PUT with CORS to the bucket, confirm through Lambda',
    async () => {
      const token = await signInThroughLambda('carla@festivales.test', 'Carla');
      const auth = { ...JSON_HEADERS, authorization: `Bearer ${token}` };
      const issued = await viaLambda('media', {
        method: 'POST',
        url: '/api/media/upload-url',
        headers: auth,
        body: json({
          festival_id: festivalId,
          fileName: 'pista.png',
          contentType: 'image/png',
          fileSize: PNG.byteLength,
        }),
      });
      expect(issued.status).toBe(201);
      const upload = parsed(issued) as {
        uploadUrl: string;
        key: string;
        headers: Record<string, string>;
        publicUrl: string;
      };
      expect(upload.uploadUrl.startsWith(`${s3.endpoint}/${s3.bucket}/`)).toBe(true);
      expect(upload.publicUrl).toBe(`${SITE}/uploads/${upload.key}`);

      const preflight = await fetch(upload.uploadUrl, {
        method: 'OPTIONS',
        headers: {
          Origin: SITE,
          'Access-Control-Request-Method': 'PUT',
          'Access-Control-Request-Headers': 'content-type,if-none-match',
        },
      });
      expect(preflight.status).toBe(200);
      const put = await fetch(upload.uploadUrl, {
        method: 'PUT',
        headers: { Origin: SITE, ...upload.headers },
        body: PNG,
      });
      expect(put.status).toBe(200);
      expect(put.headers.get('access-control-allow-origin')).toBe(SITE);

      const confirmed = await viaLambda('media', {
        method: 'POST',
        url: '/api/media/confirm',
        headers: auth,
        body: json({ key: upload.key, caption: 'Pista' }),
      });
      expect(confirmed.status).toBe(201);
      expect(parsed(confirmed)).toMatchObject({ url: upload.publicUrl, status: 'pending', caption: 'Pista' });
      // The browser wrote under pending/; confirm published the checked copy at the key.
      expect(upload.uploadUrl.startsWith(`${s3.endpoint}/${s3.bucket}/pending/${upload.key}?`)).toBe(true);
      const { S3Storage } = await import('../../functions/lib/storage/s3-storage');
      const bucket = new S3Storage({
        bucket: s3.bucket,
        region: 'eu-central-1',
        endpoint: s3.endpoint,
        credentials: S3_TEST_CREDENTIALS,
      });
      expect(await bucket.inspect(upload.key)).toMatchObject({ contentType: 'image/png' });
    },
  );
});
