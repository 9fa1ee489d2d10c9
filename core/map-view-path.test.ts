import { expect, it } from 'vitest';
import { mapViewPath } from './map-view-path';

it('names a map view in one order: zoom, the area shown, the search', () => {
  expect(mapViewPath({ zoom: 5 })).toBe('/api/festivals/map?zoom=5');
  expect(mapViewPath({ zoom: 8, bounds: [-3.5, 40.1, 2.25, 43], search: 'sónar' })).toBe(
    '/api/festivals/map?zoom=8&west=-3.5&south=40.1&east=2.25&north=43&search=s%C3%B3nar',
  );
});
