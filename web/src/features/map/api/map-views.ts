import type { MapView } from '#core/map-markers';
import { mapViewPath, type MapViewRequest } from '#core/map-view-path';
import { apiRequest } from '../../../lib/api-client';
import { festivalListKey } from '../../../lib/query-keys';
import { queryClient } from '../../../lib/use-server-data';

/**
 * The markers of an area at a zoom (GET /api/festivals/map), through the store: callers asking the
 * same share one request, and an area shown before draws at once (kept for the visit until a
 * catalogue change). The first view of a visit that opens on /map was asked for by the boot entry.
 */
const mapViewQuery = (request: MapViewRequest) => {
  const path = mapViewPath(request);
  return {
    queryKey: festivalListKey(path),
    queryFn: ({ signal }: { signal: AbortSignal }) => apiRequest<MapView>(path, { auth: false, signal }),
    staleTime: Infinity,
  };
};

export function fetchMapView(request: MapViewRequest): Promise<MapView> {
  return queryClient.fetchQuery(mapViewQuery(request));
}

/** A view already answered, for a first render; undefined until it has. */
export function mapViewAnswered(request: MapViewRequest): MapView | undefined {
  return queryClient.getQueryData<MapView>(mapViewQuery(request).queryKey);
}
