import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetEnv } from '../../functions/lib/env';
import { setIndexHtmlLoader } from '../../functions/pages/app';
import { api } from '../support/api';
import { createFestival } from '../support/fixtures';

const INDEX =
  '<!doctype html><html lang="es"><head><title>Festivales</title><!--app-head--></head><body><div id="root"></div></body></html>';
const SITE = 'https://festivales.example.com';
const setup = { ...process.env };
// Everything a caller controls that could name a host.
const spoofed = { Host: 'evil.example', 'X-Forwarded-Host': 'evil.example', 'X-Forwarded-Proto': 'gopher' };

let festivalId: number;

beforeAll(async () => {
  setIndexHtmlLoader(async () => INDEX);
  festivalId = await createFestival({ name: 'Festival Canónico' });
});

afterAll(() => {
  setIndexHtmlLoader(undefined);
  resetEnv({
    NODE_ENV: setup.NODE_ENV,
    PUBLIC_BASE_URL: undefined,
    GOOGLE_CLIENT_ID: setup.GOOGLE_CLIENT_ID,
    AUTH_DEV_LOGIN: setup.AUTH_DEV_LOGIN,
  });
});

/** The server as `NODE_ENV=production npm start` runs it with the least configuration it accepts. */
const production = () =>
  resetEnv({ NODE_ENV: 'production', PUBLIC_BASE_URL: SITE, GOOGLE_CLIENT_ID: undefined, AUTH_DEV_LOGIN: undefined });

describe('the shared demo sign-in (manual_login_token_*)', () => {
  it('is refused in production even without GOOGLE_CLIENT_ID', async () => {
    production();
    const res = await api('POST', '/api/users/auth/google', {
      body: { credential: `manual_login_token_${Date.now()}` },
    });
    expect(res.status).toBe(401);
    expect(res.json).toMatchObject({
      code: 'dev_login_disabled',
      error: 'El inicio de sesión alternativo no está disponible en este servidor.',
    });
    expect(res.json.token).toBeUndefined();
  });

  it('works in development without GOOGLE_CLIENT_ID, as on a fresh clone', async () => {
    resetEnv({
      NODE_ENV: 'development',
      PUBLIC_BASE_URL: undefined,
      GOOGLE_CLIENT_ID: undefined,
      AUTH_DEV_LOGIN: undefined,
    });
    const res = await api('POST', '/api/users/auth/google', {
      body: { credential: `manual_login_token_${Date.now()}` },
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ name: 'Usuario Demo', email: 'demo@festivales.local' });
  });
});

describe('public URLs in cacheable pages', () => {
  it('in production come from PUBLIC_BASE_URL only, whatever Host and X-Forwarded-* say', async () => {
    production();
    const page = await api('GET', `/festival/${festivalId}/festival-canonico`, { headers: spoofed });
    expect(page.status).toBe(200);
    expect(page.text).toContain(`<link rel="canonical" href="${SITE}/festival/${festivalId}/festival-canonico"`);
    expect(page.text).toContain(`<meta property="og:url" content="${SITE}/festival/${festivalId}/festival-canonico"`);
    const robots = await api('GET', '/robots.txt', { headers: spoofed });
    expect(robots.text).toContain(`Sitemap: ${SITE}/sitemap.xml`);
    const sitemap = await api('GET', '/sitemap.xml', { headers: spoofed });
    expect(sitemap.text).toContain(`<loc>${SITE}/festival/${festivalId}/festival-canonico</loc>`);
    for (const text of [page.text, robots.text, sitemap.text]) {
      expect(text).not.toContain('evil.example');
      expect(text).not.toContain('gopher');
    }
  });

  it('in development follow the request, but never a forwarded host or scheme', async () => {
    resetEnv({ NODE_ENV: 'development', PUBLIC_BASE_URL: undefined });
    const robots = await api('GET', '/robots.txt', {
      headers: { Host: 'localhost:3000', 'X-Forwarded-Host': 'evil.example', 'X-Forwarded-Proto': 'gopher' },
    });
    expect(robots.text).toContain('Sitemap: http://localhost:3000/sitemap.xml');
    expect(robots.text).not.toContain('evil.example');
  });
});
