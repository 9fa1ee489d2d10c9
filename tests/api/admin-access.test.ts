import { beforeAll, describe, expect, it } from 'vitest';
import { api, signIn, signInAdmin, type SignedIn } from '../support/api';

/** Every route of the admin API: each must refuse anonymous callers and signed-in non-admins. */
const adminRoutes: Array<[method: string, path: string]> = [
  ['GET', '/api/admin/pending-festivals'],
  ['GET', '/api/admin/festivals'],
  ['GET', '/api/admin/pending-media'],
  ['GET', '/api/admin/media'],
  ['GET', '/api/admin/users'],
  ['GET', '/api/admin/comments/pending'],
  ['GET', '/api/admin/media-reports'],
  ['GET', '/api/admin/contact-messages'],
  ['GET', '/api/admin/audit'],
  ['PATCH', '/api/admin/festivals/1/approve'],
  ['POST', '/api/admin/festivals'],
  ['PUT', '/api/admin/festivals/1'],
  ['DELETE', '/api/admin/festivals/1'],
  ['POST', '/api/admin/festivals/1/geocode'],
  ['PUT', '/api/admin/festivals/1/coordinates'],
  ['POST', '/api/admin/festivals/geocode-missing'],
  ['PATCH', '/api/admin/media/1/approve'],
  ['GET', '/api/admin/media/1/hide'],
  ['GET', '/api/admin/media/1/file'],
  ['GET', '/api/admin/fact-corrections'],
  ['PATCH', '/api/admin/fact-corrections/1'],
  ['POST', '/api/admin/media'],
  ['PUT', '/api/admin/media/1'],
  ['DELETE', '/api/admin/media/1'],
  ['DELETE', '/api/admin/media-reports/1'],
  ['PUT', '/api/admin/comments/1/approve'],
  ['PUT', '/api/admin/comments/1/reject'],
  ['PATCH', '/api/admin/contact-messages/1/read'],
  ['POST', '/api/admin/upload/get-signed-url'],
  ['POST', '/api/admin/upload/confirm'],
];

const bodyFor = (method: string) => (method === 'GET' || method === 'DELETE' ? undefined : { status: 'approved' });

let user: SignedIn;
let admin: SignedIn;

beforeAll(async () => {
  user = await signIn();
  admin = await signInAdmin();
});

describe('admin API access', () => {
  it.each(adminRoutes)('%s %s answers 401 without a token', async (method, path) => {
    const res = await api(method, path, { body: bodyFor(method) });
    expect(res.status).toBe(401);
    expect(res.json).toMatchObject({ code: 'unauthorized', error: 'Inicia sesión para continuar.' });
  });

  it.each(adminRoutes)('%s %s answers 401 with a forged token', async (method, path) => {
    const res = await api(method, path, { token: 'not-a-session-token', body: bodyFor(method) });
    expect(res.status).toBe(401);
    expect(res.json.code).toBe('invalid_token');
  });

  it.each(adminRoutes)('%s %s answers 403 to a signed-in user who is not an admin', async (method, path) => {
    const res = await api(method, path, { token: user.token, body: bodyFor(method) });
    expect(res.status).toBe(403);
    expect(res.json).toMatchObject({
      code: 'admin_only',
      error: 'Solo los administradores pueden realizar esta acción.',
    });
  });

  it('lets an admin through to every route (no 401, 403 or route-not-found)', async () => {
    for (const [method, path] of adminRoutes) {
      if (path.includes('geocode')) continue; // would call the geocoder; covered in admin-geocoding.test.ts
      const res = await api(method, path, { token: admin.token, body: bodyFor(method) });
      expect([401, 403], `${method} ${path}`).not.toContain(res.status);
      expect(res.json?.code, `${method} ${path}`).not.toBe('route_not_found');
      expect(res.status, `${method} ${path}`).toBeLessThan(500);
    }
  });

  it('marks every admin answer as private and not cacheable', async () => {
    const res = await api('GET', '/api/admin/users', { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
  });

  it('answers 404 in Spanish for an unknown admin route', async () => {
    const res = await api('GET', '/api/admin/nothing-here', { token: admin.token });
    expect(res.status).toBe(404);
    expect(res.json.error).toBe('Ruta no encontrada.');
  });
});
