import { apiRequest } from './api-client';
import { takeEarlyAnswer, takeEarlyRequest } from './early-request';
import { invalidateFestivalLists } from './festival-lists';
import type { MapView } from '#core/map-markers';
import { mapViewPath, type MapViewRequest } from '#core/map-view-path';

export { mapViewPath, type MapViewRequest };

/**
 * Map views already answered, by request path: moving back to an area shown before draws at once.
 * Bounded: a long session of panning keeps the last MAP_VIEWS_KEPT.
 */
const mapViews = new Map<string, Promise<MapView>>();
const MAP_VIEWS_KEPT = 64;
/** The same views once answered, for a first render that can draw them at once. */
const mapViewsAnswered = new Map<string, MapView>();

/** The markers of an area at a zoom (GET /api/festivals/map), shared by callers asking the same. */
export function fetchMapView(request: MapViewRequest): Promise<MapView> {
  const path = mapViewPath(request);
  let answer = mapViews.get(path);
  if (!answer) {
    if (mapViews.size >= MAP_VIEWS_KEPT) {
      const oldest = mapViews.keys().next().value!;
      mapViews.delete(oldest);
      mapViewsAnswered.delete(oldest);
    }
    // The first view of a visit that opens on /map was asked for by index.html with the code.
    const early = takeEarlyAnswer(path) as MapView | undefined;
    if (early) mapViewsAnswered.set(path, early);
    answer = early
      ? Promise.resolve(early)
      : ((takeEarlyRequest(path) as Promise<MapView> | null) ?? apiRequest<MapView>(path, { auth: false }));
    mapViews.set(path, answer);
    answer.then(
      (view) => {
        if (mapViews.get(path) === answer) mapViewsAnswered.set(path, view);
      },
      () => mapViews.delete(path),
    );
  }
  return answer;
}

/** A view fetchMapView has already answered, for a first render; undefined until it has. */
export function mapViewAnswered(request: MapViewRequest): MapView | undefined {
  return mapViewsAnswered.get(mapViewPath(request));
}

/** Drop the cached lists and map views after a change (a proposal approved, a festival deleted); mounted lists reload. */
export function invalidateFestivals(): void {
  mapViews.clear();
  mapViewsAnswered.clear();
  invalidateFestivalLists();
}
