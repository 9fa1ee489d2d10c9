import { useLayoutEffect, useRef, useState } from 'react';
import { MAP_TILE_URL, tilesInView } from '#core/map';

interface MapTilesPreviewProps {
  center: [number, number];
  zoom: number;
}

/**
 * The map's first tiles as plain images, drawn as soon as the first view's centre is known, while
 * Leaflet still loads and starts: on a phone that is a second or more, and the map is the screen.
 * They lie exactly where Leaflet then draws the same tiles (tilesInView), which the browser has by
 * then, so the map appears once and does not move; the page removes them when Leaflet's own are in.
 */
export function MapTilesPreview({ center, zoom }: MapTilesPreviewProps) {
  const box = useRef<HTMLDivElement>(null);
  // The box's size decides which tiles show, so the tiles are drawn in the render right after the
  // first (before anything is painted).
  const [size, setSize] = useState<[number, number] | null>(null);
  useLayoutEffect(() => {
    if (box.current) setSize([box.current.clientWidth, box.current.clientHeight]);
  }, []);
  return (
    <div ref={box} className="map-preview" aria-hidden="true">
      <div className="map-preview-tiles">
        {size &&
          tilesInView(center, zoom, size[0], size[1], MAP_TILE_URL).map((tile) => (
            // Asked for with CORS, as Leaflet asks for its tiles: the browser answers both from one download.
            <img key={`${tile.left},${tile.top}`} src={tile.url} crossOrigin="anonymous" alt="" width={256} height={256} style={{ left: tile.left, top: tile.top }} />
          ))}
      </div>
    </div>
  );
}
