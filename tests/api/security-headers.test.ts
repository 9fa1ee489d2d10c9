import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MAP_TILE_URL } from '#core/map';
import { resetEnv } from '../../functions/lib/env';
import { createLocalApp } from '../../functions/server/local-app';
import { createFestival, imageBytes } from '../support/fixtures';

/**
 * Every answer of the local server carries the security headers: the SPA and share pages, API JSON,
 * errors, uploaded files. What each one protects: docs/security.md "Headers".
 */
const setup = { ...process.env };
const scratch = mkdtempSync(path.join(tmpdir(), 'festivales-headers-'));
const webRoot = path.join(scratch, 'web');
const uploadsDir = path.join(scratch, 'uploads');
let site: ReturnType<typeof createLocalApp>;
let festivalId: number;

beforeAll(async () => {
  mkdirSync(path.join(webRoot, 'assets'), { recursive: true });
  writeFileSync(
    path.join(webRoot, 'index.html'),
    '<!doctype html><html lang="es"><head><meta charset="utf-8" /><title>Festivales</title></head>' +
      '<body><div id="root"></div><script type="module" src="/assets/boot-abc.js"></script></body></html>',
  );
  writeFileSync(path.join(webRoot, 'assets/boot-abc.js'), 'import("/assets/index-abc.js");');
  mkdirSync(path.join(webRoot, 'images/stock'), { recursive: true });
  writeFileSync(path.join(webRoot, 'images/stock/festival-3-md.avif'), 'avif');
  writeFileSync(path.join(webRoot, 'sw.js'), 'self.addEventListener("fetch", () => undefined);');
  writeFileSync(path.join(webRoot, 'manifest.webmanifest'), JSON.stringify({ name: 'Festivales', start_url: '/' }));
  mkdirSync(path.join(uploadsDir, 'users/1/gallery'), { recursive: true });
  writeFileSync(path.join(uploadsDir, 'users/1/gallery/escenario.png'), imageBytes('png'));
  site = createLocalApp({ webRoot, uploadsDir });
  festivalId = await createFestival({ name: 'Festival Cabeceras', location: 'Bilbao, España' });
});

afterEach(() => {
  resetEnv({
    NODE_ENV: setup.NODE_ENV,
    PUBLIC_BASE_URL: undefined,
    AUTH_DEV_LOGIN: setup.AUTH_DEV_LOGIN,
    S3_BUCKET: undefined,
    S3_ENDPOINT: undefined,
    S3_REGION: undefined,
  });
});

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const get = (url: string, headers: Record<string, string> = {}) =>
  site.request(url, { headers: { 'x-forwarded-for': '203.0.113.20', ...headers } });

/** "default-src 'self'; img-src ..." as a map from directive to its sources. */
function csp(headers: Headers): Map<string, string[]> {
  const value = headers.get('content-security-policy');
  expect(value, 'Content-Security-Policy').toBeTruthy();
  return new Map(
    value!
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name, sources]),
  );
}

function expectSecurityHeaders(res: Response, label: string) {
  const h = res.headers;
  expect(h.get('x-content-type-options'), label).toBe('nosniff');
  expect(h.get('referrer-policy'), label).toBe('strict-origin-when-cross-origin');
  expect(h.get('x-frame-options'), label).toBe('DENY');
  expect(h.get('cross-origin-opener-policy'), label).toBe('same-origin-allow-popups');
  const permissions = h.get('permissions-policy') ?? '';
  for (const feature of ['geolocation=(self)', 'camera=()', 'microphone=()', 'payment=()', 'usb=()']) {
    expect(permissions.split(', '), `${label}: Permissions-Policy ${feature}`).toContain(feature);
  }
  const policy = csp(h);
  expect(policy.get('default-src'), label).toEqual(["'self'"]);
  expect(policy.get('frame-ancestors'), label).toEqual(["'none'"]);
  expect(policy.get('object-src'), label).toEqual(["'none'"]);
  expect(policy.get('base-uri'), label).toEqual(["'none'"]);
  // No inline or evaluated script or style, from anywhere.
  for (const directive of ['script-src', 'style-src']) {
    const sources = policy.get(directive) ?? [];
    expect(sources, `${label}: ${directive}`).toContain("'self'");
    expect(
      sources.filter((s) => /unsafe|nonce-|sha256-|^\*$|^https?:$/.test(s)),
      `${label}: ${directive}`,
    ).toEqual([]);
  }
  // Google sign-in: its script, its button's frame and stylesheet, its FedCM calls.
  expect(policy.get('script-src')).toContain('https://accounts.google.com/gsi/client');
  expect(policy.get('style-src')).toContain('https://accounts.google.com/gsi/style');
  // Frames: Google's sign-in button and the artists' players ('Escuchar'), exactly these hosts.
  expect(policy.get('frame-src')).toEqual([
    'https://accounts.google.com/gsi/',
    'https://w.soundcloud.com',
    'https://bandcamp.com',
    'https://www.youtube-nocookie.com',
    'https://open.spotify.com',
  ]);
  expect(policy.get('connect-src')).toContain('https://accounts.google.com/gsi/');
  // The map's tile server, whichever the web uses.
  expect(policy.get('img-src')).toContain(new URL(MAP_TILE_URL).origin);
  return policy;
}

describe('security headers on every kind of answer', () => {
  it('HTML: the SPA, a share page and a screen route', async () => {
    for (const url of ['/', '/map', `/festival/${festivalId}/festival-cabeceras`]) {
      const res = await get(url);
      expect(res.status, url).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expectSecurityHeaders(res, url);
    }
    expectSecurityHeaders(await get('/assets/boot-abc.js'), 'script file');
    expectSecurityHeaders(await get('/robots.txt'), 'robots.txt');
  });

  it('API JSON', async () => {
    const res = await get('/api/festivals?limit=1');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expectSecurityHeaders(res, 'GET /api/festivals');
  });

  it('errors: invalid input, signed out, unknown route, unknown festival page', async () => {
    const cases: [string, number][] = [
      ['/api/festivals?limit=abc', 400],
      ['/api/favorites', 401],
      ['/api/no-such-area', 404],
      ['/festival/999999999/nada', 404],
    ];
    for (const [url, status] of cases) {
      const res = await get(url);
      expect(res.status, url).toBe(status);
      expectSecurityHeaders(res, url);
    }
  });

  it('the service worker and the manifest: allowed by the policy, their types, never kept by a cache', async () => {
    const worker = await get('/sw.js');
    expect(worker.status).toBe(200);
    expect(worker.headers.get('content-type')).toMatch(/^(text|application)\/javascript/);
    expect(worker.headers.get('cache-control')).toBe('no-cache');
    // The worker runs under its own script's policy: its fetches of the tiles must be allowed there.
    const policy = expectSecurityHeaders(worker, 'sw.js');
    expect(policy.get('connect-src')).toContain(new URL(MAP_TILE_URL).origin);
    const manifest = await get('/manifest.webmanifest');
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers.get('cache-control')).toBe('no-cache');
    const page = csp((await get('/')).headers);
    expect(page.get('worker-src')).toEqual(["'self'"]);
    expect(page.get('manifest-src')).toEqual(["'self'"]);
  });

  it('the stock artwork: kept a week by the browser, checked for a newer copy after that', async () => {
    const image = await get('/images/stock/festival-3-md.avif');
    expect(image.status).toBe(200);
    expect(image.headers.get('cache-control')).toBe('public, max-age=604800, stale-while-revalidate=86400');
    expectSecurityHeaders(image, 'stock image');
  });

  it('uploaded files, found or not', async () => {
    const found = await get('/uploads/users/1/gallery/escenario.png');
    expect(found.status).toBe(200);
    expect(found.headers.get('content-type')).toBe('image/png');
    expectSecurityHeaders(found, 'upload');
    const missing = await get('/uploads/users/1/gallery/nada.png');
    expect(missing.status).toBe(404);
    expectSecurityHeaders(missing, 'missing upload');
  });
});

describe('Strict-Transport-Security', () => {
  it('is not sent in development, nor in production served over plain http', async () => {
    expect((await get('/')).headers.get('strict-transport-security')).toBeNull();
    resetEnv({ NODE_ENV: 'production', AUTH_DEV_LOGIN: undefined, PUBLIC_BASE_URL: 'http://intranet.example' });
    const res = await get('/api/festivals?limit=1');
    expect(res.status).toBe(200);
    expect(res.headers.get('strict-transport-security')).toBeNull();
    expect(csp(res.headers).has('upgrade-insecure-requests')).toBe(false);
  });

  it('is sent for two years in production with an https PUBLIC_BASE_URL, with upgrade-insecure-requests', async () => {
    resetEnv({ NODE_ENV: 'production', AUTH_DEV_LOGIN: undefined, PUBLIC_BASE_URL: 'https://festivales.example.com' });
    for (const url of ['/', '/api/festivals?limit=1', '/api/no-such-area', '/uploads/users/1/gallery/escenario.png']) {
      const res = await get(url);
      expect(res.headers.get('strict-transport-security'), url).toBe('max-age=63072000; includeSubDomains');
      expect(expectSecurityHeaders(res, url).get('upgrade-insecure-requests'), url).toEqual([]);
    }
  });
});

describe('uploads to S3: the browser may PUT to the bucket and nowhere else', () => {
  it('names an S3-compatible endpoint in connect-src (and images from it when it is plain http)', async () => {
    resetEnv({ S3_BUCKET: 'festivales-uploads', S3_ENDPOINT: 'http://127.0.0.1:4569', S3_REGION: 'eu-central-1' });
    const policy = expectSecurityHeaders(await get('/api/festivals?limit=1'), 'S3 endpoint');
    expect(policy.get('connect-src')).toEqual([
      "'self'",
      'https://accounts.google.com/gsi/',
      'https://tile.openstreetmap.org',
      'http://127.0.0.1:4569',
    ]);
    expect(policy.get('img-src')).toContain('http://127.0.0.1:4569');
  });

  it("names AWS's virtual-hosted bucket host without an endpoint", async () => {
    resetEnv({ S3_BUCKET: 'festivales-uploads', S3_REGION: 'eu-central-1' });
    const policy = expectSecurityHeaders(await get('/'), 'S3 on AWS');
    expect(policy.get('connect-src')).toEqual([
      "'self'",
      'https://accounts.google.com/gsi/',
      'https://tile.openstreetmap.org',
      'https://festivales-uploads.s3.eu-central-1.amazonaws.com',
    ]);
  });
});
