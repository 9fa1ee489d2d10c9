import { describe, expect, it } from 'vitest';
import { apiRoutes } from '../../functions/server/api-apps';
import { api, signIn } from '../support/api';
import { checkAgainstOpenApi } from '../support/openapi-check';

const toTemplate = (path: string) => path.replace(/:([A-Za-z_]+)(\{[^}]*\})?/g, '{$1}');

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3.1 document that describes every route the apps register', async () => {
    const res = await api('GET', '/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    const doc = res.json;
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.components.securitySchemes.session).toMatchObject({ type: 'http', scheme: 'bearer' });

    const registered = new Set(
      apiRoutes()
        .routes.filter((r) => r.method !== 'ALL')
        .map((r) => `${r.method.toLowerCase()} ${toTemplate(r.path)}`),
    );
    const documented = new Set(
      Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops as object).map((m) => `${m} ${path}`)),
    );
    expect(registered.size).toBeGreaterThan(50);
    expect([...registered].filter((route) => !documented.has(route))).toEqual([]);
    expect([...documented].filter((route) => !registered.has(route))).toEqual([]);
  });

  it('gives every operation a summary, its success or redirect answer, the error shape and, where a session is needed, the bearer scheme', async () => {
    const doc = (await api('GET', '/api/openapi.json')).json;
    for (const [path, ops] of Object.entries(doc.paths) as [string, Record<string, any>][]) {
      for (const [method, op] of Object.entries(ops)) {
        const where = `${method} ${path}`;
        expect(op.summary, where).toBeTruthy();
        expect(
          Object.keys(op.responses).some((s) => /^[23]/.test(s)),
          where,
        ).toBe(true);
        expect(op.responses['503']?.content['application/json'].schema.required, where).toEqual(['error', 'code']);
        if (op.security) expect(op.security, where).toContainEqual({ session: [] });
        // Routes that need a session say what happens without one.
        if (op.security && !op.security.some((s: object) => Object.keys(s).length === 0))
          expect(op.responses['401'], where).toBeDefined();
      }
    }
    // Parameters and bodies come from the validators' zod schemas.
    const propose = doc.paths['/api/festivals'].post;
    expect(propose.requestBody.content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['name', 'location', 'start_date', 'end_date', 'description']),
    );
    expect(doc.paths['/api/festivals/{id}'].get.parameters).toContainEqual(
      expect.objectContaining({ in: 'path', name: 'id', required: true }),
    );
    expect(doc.paths['/api/admin/festivals'].get.responses['403']).toBeDefined();
  });
});

describe('the API suite checks its responses against the document', () => {
  it('accepts a real answer and refuses one that does not match', async () => {
    const user = await signIn();
    const profile = await api('GET', '/api/users/profile', { token: user.token });
    expect(profile.status).toBe(200);
    await expect(
      checkAgainstOpenApi('GET', '/api/users/profile', 200, 'application/json', { ...profile.json, role: 'root' }),
    ).rejects.toThrow(/does not match/);
    await expect(
      checkAgainstOpenApi('GET', '/api/users/profile', 201, 'application/json', profile.json),
    ).rejects.toThrow(/not documented/);
    await expect(
      checkAgainstOpenApi('GET', '/api/users/profile', 401, 'application/json', { message: 'x' }),
    ).rejects.toThrow(/does not match/);
  });
});

describe('GET /api/docs', () => {
  it('serves Swagger UI from this site, with no inline script, reading /api/openapi.json', async () => {
    const page = await api('GET', '/api/docs');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.text).toContain('<script src="/api/docs/swagger-ui-bundle.js"></script>');
    expect(page.text).not.toMatch(/<script>(?!<\/script>)|<script(?![^>]*src=)[^>]*>/);
    expect(page.text).not.toMatch(/https?:\/\//);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");

    const start = await api('GET', '/api/docs/start.js');
    expect(start.text).toContain("url: '/api/openapi.json'");
    const bundle = await api('GET', '/api/docs/swagger-ui-bundle.js');
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get('content-type')).toContain('javascript');
    expect(bundle.text.length).toBeGreaterThan(100_000);
    const css = await api('GET', '/api/docs/swagger-ui.css');
    expect(css.headers.get('content-type')).toContain('text/css');
    expect((await api('GET', '/api/docs/package.json')).status).toBe(404);
  });
});
