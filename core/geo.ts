/** Distances between points on the Earth, for the 'Cerca de' filter and the 'Distancia' order. */

export interface LatLon {
  lat: number;
  lon: number;
}

/** Mean Earth radius in km, the sphere earthdistance uses too (within a few metres). */
const EARTH_RADIUS_KM = 6371.0088;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in km (haversine). */
export function distanceKm(a: LatLon, b: LatLon): number {
  const dLat = rad(b.lat - a.lat);
  const dLon = rad(b.lon - a.lon);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The latitude and longitude limits that hold every point within `km` of `centre`: a cheap test
 * that rules out most festivals before the exact distance is worked out.
 */
export function boundingBox(
  centre: LatLon,
  km: number,
): { minLat: number; maxLat: number; minLon: number; maxLon: number } {
  const dLat = (km / EARTH_RADIUS_KM) * (180 / Math.PI);
  const minLat = centre.lat - dLat;
  const maxLat = centre.lat + dLat;
  // Near a pole every longitude is within reach.
  if (maxLat >= 90 || minLat <= -90)
    return { minLat: Math.max(-90, minLat), maxLat: Math.min(90, maxLat), minLon: -180, maxLon: 180 };
  const dLon = Math.asin(Math.min(1, Math.sin(km / EARTH_RADIUS_KM) / Math.cos(rad(centre.lat)))) * (180 / Math.PI);
  return { minLat, maxLat, minLon: centre.lon - dLon, maxLon: centre.lon + dLon };
}

/** Radius choices of the 'Cerca de' filter in km; no radius means any distance. */
export const nearRadiiKm = [50, 100, 250, 500] as const;

/** 'a 230 km' on a card: whole kilometres, 'a menos de 1 km' when closer. */
export function distanceLabel(km: number): string {
  if (km < 1) return 'a menos de 1 km';
  return `a ${new Intl.NumberFormat('es-ES', { maximumFractionDigits: 0 }).format(km)} km`;
}
