import { LRUCache } from 'lru-cache';
import { normalizeText } from '#core/festival-filters';
import { PLACES_SHOWN, type Place } from '#core/places';
import { env } from './env';
import { geocodeAddress } from './geocoder';

type KeyedPlace = Place & { key: string };
let rankedPlaces: Promise<KeyedPlace[]> | undefined;

/**
 * The places 'Cerca de' finds without asking any geocoder: those of the list with a rank, best
 * ranked first. The list (27 KB) is imported on the first search for a place, not when the
 * festivals function starts: its cold start serves the lists first.
 */
function places(): Promise<KeyedPlace[]> {
  rankedPlaces ??= import('#core/european-places').then(({ europeanPlaces }) =>
    europeanPlaces
      .filter((p) => p.near !== undefined)
      .sort((a, b) => a.near! - b.near!)
      .map(({ name, region, lat, lon }) => ({ name, region, lat, lon, key: normalizeText(name) })),
  );
  return rankedPlaces;
}

/** Geocoder answers by normalised query (null: it found nothing), so a place is asked for once per process. */
const geocoded = new LRUCache<string, { place: Place | null }>({ max: 2000 });

/**
 * Places matching what was typed, best first: the bundled places whose name starts with it, then
 * those whose name holds it (case and accents ignored), each by rank. With none and
 * PLACE_GEOCODING on, the geocoder's first answer, cached.
 */
export async function findPlaces(query: string): Promise<Place[]> {
  const q = normalizeText(query.trim());
  const ranked = await places();
  const starts = ranked.filter((p) => p.key.startsWith(q));
  const holds = ranked.filter((p) => !p.key.startsWith(q) && p.key.includes(q));
  const found = [...starts, ...holds].slice(0, PLACES_SHOWN).map(({ key: _key, ...place }) => place);
  if (found.length || env().PLACE_GEOCODING !== 'on') return found;
  let hit = geocoded.get(q);
  if (!hit) {
    const result = await geocodeAddress(query.trim());
    hit = {
      place: result
        ? { name: query.trim(), region: result.displayName, lat: result.latitude, lon: result.longitude }
        : null,
    };
    geocoded.set(q, hit);
  }
  return hit.place ? [hit.place] : [];
}
