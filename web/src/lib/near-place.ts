import { nearRadiiKm } from '#core/geo';
import { readJson, storageKeys, writeStorage } from './storage';

/** 'Cerca de': the place chosen (its name as shown), its coordinates and the radius (null: any distance). */
export interface NearPlace {
  label: string;
  lat: number;
  lon: number;
  radiusKm: number | null;
}

/** The address's names of the 'Cerca de' parameters, shared by the home and the map. */
export const nearParamNames = { place: 'cerca', lat: 'lat', lon: 'lon', radius: 'radio' } as const;
const names = nearParamNames;

/** The 'Cerca de' place in the address (/?cerca=Málaga&lat=36.7213&lon=-4.4214&radio=100), or null. */
export function nearFromParams(params: URLSearchParams): NearPlace | null {
  const lat = Number(params.get(names.lat) ?? NaN);
  const lon = Number(params.get(names.lon) ?? NaN);
  if (!params.has(names.lat) || !params.has(names.lon) || !(Math.abs(lat) <= 90) || !(Math.abs(lon) <= 180))
    return null;
  const radius = Number(params.get(names.radius));
  return {
    label: params.get(names.place)?.trim() || 'Mi ubicación',
    lat,
    lon,
    radiusKm: (nearRadiiKm as readonly number[]).includes(radius) ? radius : null,
  };
}

/** The query string that carries a place to another screen (the map draws its radius). */
export function nearSearch(near: NearPlace | null): string {
  if (!near) return '';
  const p = new URLSearchParams({
    [names.place]: near.label,
    [names.lat]: near.lat.toFixed(4),
    [names.lon]: near.lon.toFixed(4),
  });
  if (near.radiusKm) p.set(names.radius, String(near.radiusKm));
  return `?${p}`;
}

/** Keeps the 'Cerca de' place last chosen on the device ('Para ti' ranks festivals near it higher). */
export function rememberNearPlace(near: NearPlace | null): void {
  if (near)
    writeStorage(storageKeys.lastNearPlace, JSON.stringify({ label: near.label, lat: near.lat, lon: near.lon }));
}

/** The 'Cerca de' place last chosen on this device, or null. */
export function lastNearPlace(): Pick<NearPlace, 'label' | 'lat' | 'lon'> | null {
  const stored = readJson<{ label?: unknown; lat?: unknown; lon?: unknown } | null>(storageKeys.lastNearPlace, null);
  if (!stored || typeof stored.label !== 'string' || typeof stored.lat !== 'number' || typeof stored.lon !== 'number')
    return null;
  return { label: stored.label, lat: stored.lat, lon: stored.lon };
}
