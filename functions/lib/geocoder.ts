import { z } from '#core/zod';
import { env } from './env';
import { AppError, notFound } from './errors';

export interface GeocodeResult {
  latitude: number;
  longitude: number;
  /** The place the geocoder matched, for the audit log. */
  displayName: string | null;
}

/** Nominatim's usage policy: an absolute maximum of one request per second. */
export const GEOCODER_MIN_INTERVAL_MS = 1000;

const resultSchema = z.array(
  z.object({
    lat: z.coerce.number().min(-90).max(90),
    lon: z.coerce.number().min(-180).max(180),
    display_name: z.string().optional(),
  }),
);

export const geocoderUnavailable = () =>
  new AppError(
    'bad_gateway',
    'geocoder_unavailable',
    'El servicio de geocodificación no responde o ha fallado. Inténtalo de nuevo más tarde.',
  );

export const noCoordinatesFound = () =>
  notFound('No se encontraron coordenadas para esa dirección.', 'geocode_not_found');

function userAgent(): string {
  const config = env();
  if (config.GEOCODER_USER_AGENT) return config.GEOCODER_USER_AGENT;
  return `Festivales/1.0 (+${config.PUBLIC_BASE_URL ?? 'https://festivales.app'}; geocodificación de festivales por administradores)`;
}

async function request(query: string): Promise<GeocodeResult | null> {
  const config = env();
  const url = new URL(config.GEOCODER_URL);
  url.searchParams.set('q', query);
  url.searchParams.set('format', 'jsonv2');
  url.searchParams.set('limit', '1');
  url.searchParams.set('accept-language', 'es');
  let body: unknown;
  try {
    const res = await fetch(url, {
      headers: { 'User-Agent': userAgent(), Accept: 'application/json' },
      signal: AbortSignal.timeout(config.GEOCODER_TIMEOUT_MS),
    });
    if (!res.ok) throw new Error(`geocoder answered ${res.status}`);
    body = await res.json();
  } catch (error) {
    console.error('[geocoder]', error instanceof Error ? error.message : error);
    throw geocoderUnavailable();
  }
  const parsed = resultSchema.safeParse(body);
  if (!parsed.success) {
    console.error('[geocoder] unexpected answer', JSON.stringify(body).slice(0, 300));
    throw geocoderUnavailable();
  }
  const [first] = parsed.data;
  return first ? { latitude: first.lat, longitude: first.lon, displayName: first.display_name ?? null } : null;
}

let queue: Promise<unknown> = Promise.resolve();
let lastAnsweredAt = 0;

/**
 * Looks an address up in the Nominatim-compatible search API at GEOCODER_URL; null when it finds
 * nothing, a 502 AppError when the service fails or takes longer than GEOCODER_TIMEOUT_MS.
 *
 * Calls are serialised in this process, each starting at least a second after the previous one was
 * answered: the service counts arrivals, and the previous request arrived before its answer left,
 * so however late a request travels the next cannot arrive within the second. That is the whole rate
 * limit: across Lambda instances nothing coordinates them, which holds because only admins' explicit
 * actions (one festival, or a bounded sequential batch) ever call the geocoder.
 */
export function geocodeAddress(query: string): Promise<GeocodeResult | null> {
  const run = queue.then(async () => {
    const next = () => lastAnsweredAt + GEOCODER_MIN_INTERVAL_MS - Date.now();
    for (let wait = next(); wait > 0; wait = next()) await new Promise((resolve) => setTimeout(resolve, wait));
    try {
      return await request(query);
    } finally {
      lastAnsweredAt = Date.now();
    }
  });
  queue = run.catch(() => undefined);
  return run;
}
