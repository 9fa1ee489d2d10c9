export interface MapViewRequest {
  zoom: number;
  /** west, south, east, north in degrees; none for the whole world. */
  bounds?: [number, number, number, number];
  search?: string;
}

/** GET /api/festivals/map for an area at a zoom, in one fixed parameter order (the map page and the boot entry ask alike). */
export function mapViewPath({ zoom, bounds, search }: MapViewRequest): string {
  const params = new URLSearchParams({ zoom: String(zoom) });
  if (bounds) {
    const [west, south, east, north] = bounds;
    params.set('west', String(west));
    params.set('south', String(south));
    params.set('east', String(east));
    params.set('north', String(north));
  }
  if (search) params.set('search', search);
  return `/api/festivals/map?${params}`;
}
