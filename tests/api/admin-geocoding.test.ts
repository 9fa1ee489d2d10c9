import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { festivalsTable } from '#db/schema';
import { resetEnv } from '../../functions/lib/env';
import { api, db, signInAdmin, type SignedIn } from '../support/api';
import { createFestival } from '../support/fixtures';
import { startGeocoderServer } from '../support/geocoder-server';

const MADRID = { lat: 40.4154, lon: -3.7074, display_name: 'Calle Mayor, Madrid' };

let geocoder: Awaited<ReturnType<typeof startGeocoderServer>>;
let admin: SignedIn;

beforeAll(async () => {
  geocoder = await startGeocoderServer({
    'Calle Mayor 1, Madrid': MADRID,
    'Cádiz, España': { lat: 36.5271, lon: -6.2886 },
    'Ningún Sitio': 'none',
    'Servidor Roto': 'error',
    'Servidor Lento': 'hang',
    'Respuesta Rara': 'garbage',
  });
  resetEnv({ GEOCODER_URL: geocoder.url, GEOCODER_TIMEOUT_MS: '300', PUBLIC_BASE_URL: 'https://festivales.test' });
  admin = await signInAdmin();
});

afterAll(async () => {
  resetEnv({ GEOCODER_URL: undefined, GEOCODER_TIMEOUT_MS: undefined, PUBLIC_BASE_URL: undefined });
  await geocoder.close();
});

const withoutCoordinates = (values: Record<string, unknown>) =>
  createFestival({ latitude: null, longitude: null, ...values });
const row = async (id: number) => (await db().select().from(festivalsTable).where(eq(festivalsTable.id, id)))[0];

describe('POST /api/admin/festivals/:id/geocode', () => {
  it('geocodes the address, stores where the coordinates came from and shows them publicly', async () => {
    const id = await withoutCoordinates({
      name: 'Con Dirección',
      address: 'Calle Mayor 1, Madrid',
      location: 'Madrid',
    });
    const res = await api('POST', `/api/admin/festivals/${id}/geocode`, { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      id,
      latitude: MADRID.lat,
      longitude: MADRID.lon,
      hasValidCoordinates: true,
      geocoded_from: 'Calle Mayor 1, Madrid',
    });
    expect(Date.now() - Date.parse(res.json.geocoded_at)).toBeLessThan(60_000);

    const request = geocoder.requests.at(-1)!;
    expect(request.params.get('q')).toBe('Calle Mayor 1, Madrid');
    expect(request.params.get('format')).toBe('jsonv2');
    expect(request.params.get('limit')).toBe('1');
    expect(request.userAgent).toMatch(/^Festivales\/1\.0 \(\+https:\/\/festivales\.test/);

    const listed = (await api('GET', '/api/festivals')).json.find((f: { id: number }) => f.id === id);
    expect(listed).toMatchObject({ latitude: MADRID.lat, hasValidCoordinates: true });
    const audit = await api('GET', `/api/admin/audit?entity=festival&entity_id=${id}`, { token: admin.token });
    expect(audit.json[0]).toMatchObject({
      action: 'geocode',
      details: expect.objectContaining({ query: 'Calle Mayor 1, Madrid', found: true }),
    });
  });

  it('falls back to the location text when there is no address', async () => {
    const id = await withoutCoordinates({ name: 'Solo Ciudad', address: null, location: 'Cádiz, España' });
    const res = await api('POST', `/api/admin/festivals/${id}/geocode`, { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ latitude: 36.5271, longitude: -6.2886, geocoded_from: 'Cádiz, España' });
  });

  it('answers 404 in Spanish when the geocoder finds nothing, leaving the festival as it was', async () => {
    const id = await withoutCoordinates({ name: 'Perdido', address: 'Ningún Sitio' });
    const res = await api('POST', `/api/admin/festivals/${id}/geocode`, { token: admin.token });
    expect(res.status).toBe(404);
    expect(res.json).toMatchObject({
      code: 'geocode_not_found',
      error: 'No se encontraron coordenadas para esa dirección.',
    });
    expect(await row(id)).toMatchObject({ latitude: null, geocodedFrom: null });
  });

  it.each([['Servidor Roto'], ['Servidor Lento'], ['Respuesta Rara']])(
    'answers 502 in Spanish when the geocoder fails (%s)',
    async (address) => {
      const id = await withoutCoordinates({ name: `Fallo ${address}`, address });
      const res = await api('POST', `/api/admin/festivals/${id}/geocode`, { token: admin.token });
      expect(res.status).toBe(502);
      expect(res.json).toEqual({
        code: 'geocoder_unavailable',
        error: 'El servicio de geocodificación no responde o ha fallado. Inténtalo de nuevo más tarde.',
        requestId: expect.any(String),
      });
      expect((await row(id)).latitude).toBeNull();
    },
  );

  it('answers 400 for a festival with neither address nor location, and 404 for an unknown one', async () => {
    const id = await withoutCoordinates({ name: 'Sin Lugar', address: null, location: null });
    const res = await api('POST', `/api/admin/festivals/${id}/geocode`, { token: admin.token });
    expect(res.status).toBe(400);
    expect(res.json.error).toBe('El festival no tiene dirección ni ubicación que geocodificar.');
    expect((await api('POST', '/api/admin/festivals/999999/geocode', { token: admin.token })).status).toBe(404);
  });
});

describe('PUT /api/admin/festivals/:id/coordinates', () => {
  it('stores coordinates set by hand as manual', async () => {
    const id = await withoutCoordinates({ name: 'A Mano' });
    const res = await api('PUT', `/api/admin/festivals/${id}/coordinates`, {
      token: admin.token,
      body: { latitude: '52.52', longitude: 13.405 },
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      latitude: 52.52,
      longitude: 13.405,
      geocoded_from: 'manual',
      hasValidCoordinates: true,
    });
    const audit = await api('GET', `/api/admin/audit?entity=festival&entity_id=${id}`, { token: admin.token });
    expect(audit.json[0]).toMatchObject({ action: 'set_coordinates' });
  });

  it.each([
    [{ latitude: 91, longitude: 0 }, 'La latitud debe estar entre -90 y 90.'],
    [{ latitude: 10, longitude: -181 }, 'La longitud debe estar entre -180 y 180.'],
    [{ longitude: 3 }, 'La latitud es requerida y debe ser un número.'],
    [{ latitude: 'norte', longitude: 3 }, 'La latitud es requerida y debe ser un número.'],
    [{ latitude: 1, longitude: null }, 'La longitud es requerida y debe ser un número.'],
  ])('answers 400 in Spanish for %o', async (body, message) => {
    const id = await withoutCoordinates({ name: `Coordenadas malas ${message} ${JSON.stringify(body)}` });
    const res = await api('PUT', `/api/admin/festivals/${id}/coordinates`, { token: admin.token, body });
    expect(res.status).toBe(400);
    expect(res.json.error).toBe(message);
  });

  it('answers 404 for an unknown festival', async () => {
    const res = await api('PUT', '/api/admin/festivals/999999/coordinates', {
      token: admin.token,
      body: { latitude: 1, longitude: 1 },
    });
    expect(res.status).toBe(404);
  });
});

describe('POST /api/admin/festivals/geocode-missing', () => {
  it('geocodes approved festivals without coordinates one at a time, at most one request a second', async () => {
    // Only this test's festivals lack coordinates among approved ones still waiting.
    await db().update(festivalsTable).set({ latitude: 1, longitude: 1 }).where(eq(festivalsTable.status, 'approved'));
    const found = await withoutCoordinates({ name: 'Lote Encontrado', address: 'Calle Mayor 1, Madrid' });
    const lost = await withoutCoordinates({ name: 'Lote Perdido', address: 'Ningún Sitio' });
    const pending = await withoutCoordinates({
      name: 'Lote Pendiente',
      address: 'Calle Mayor 1, Madrid',
      status: 'pending',
    });
    const before = geocoder.requests.length;

    const res = await api('POST', '/api/admin/festivals/geocode-missing', { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ geocoded: [found], notFound: [lost], remaining: 1 });
    expect((await row(found)).latitude).toBe(MADRID.lat);
    expect((await row(pending)).latitude).toBeNull();

    const calls = geocoder.requests.slice(before);
    expect(calls).toHaveLength(2);
    expect(calls[1].at - calls[0].at).toBeGreaterThanOrEqual(1000);
  });

  it('validates its limit', async () => {
    const res = await api('POST', '/api/admin/festivals/geocode-missing?limit=500', { token: admin.token });
    expect(res.status).toBe(400);
    expect(res.json.error).toBe('limit debe ser un número entre 1 y 15.');
  });
});
