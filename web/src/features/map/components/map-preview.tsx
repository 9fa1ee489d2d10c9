import { useLayoutEffect, useRef, useState } from 'react';
import { CLUSTER_ICON_SIZE, clusterSize, MAP_TILE_URL, mapViewLayout, PIN_ICON } from '#core/map';
import type { MapMarker } from '#core/map-markers';
import { adoptBootMapView } from '../../../lib/boot-map';
import { pinIconUrl, pinImages } from '../../../lib/map-pin';

interface MapPreviewProps {
  center: [number, number];
  zoom: number;
  /** The first view's markers, as the server clustered them. */
  markers: readonly MapMarker[];
}

/**
 * The map's first tiles and markers as plain images and boxes, drawn as soon as the first view is
 * known, while Leaflet still loads and starts: on a phone that is a second or more, and the map is
 * the screen. They lie exactly where Leaflet then draws the same tiles and markers
 * (mapViewLayout), with the same pictures, which the browser has by then, so the map appears once
 * and does not move; the page removes them when Leaflet's own are in. Hidden from assistive
 * technology: Leaflet's markers are the ones to reach and choose.
 */
export function MapPreview({ center, zoom, markers }: MapPreviewProps) {
  const box = useRef<HTMLDivElement>(null);
  // The box's size decides what shows, so the view is drawn in the render right after the first
  // (before anything is painted), unless index.html's copy of the page already shows this view:
  // its tiles and markers are then taken as they are, laid out and decoded (they stay the box's
  // only children, which React never renders into). The view is the first one only: later
  // centres and zooms are Leaflet's to draw.
  const [size, setSize] = useState<[number, number] | null>(null);
  useLayoutEffect(() => {
    const element = box.current;
    if (!element || element.firstChild || adoptBootMapView(element, center, zoom)) return;
    setSize([element.clientWidth, element.clientHeight]);
  }, []);
  const layout = size ? mapViewLayout(center, zoom, size[0], size[1], MAP_TILE_URL, markers) : null;
  const half = CLUSTER_ICON_SIZE / 2;
  const [anchorX, anchorY] = PIN_ICON.anchor;
  return (
    <div ref={box} className="map-preview" aria-hidden="true">
      {layout && (
        <>
          <div className="map-preview-tiles">
            {layout.tiles.map((tile) => (
              // Asked for with CORS, as Leaflet asks for its tiles: the browser answers both from one download.
              <img
                key={`${tile.left},${tile.top}`}
                src={tile.url}
                crossOrigin="anonymous"
                alt=""
                width={256}
                height={256}
                style={{ left: tile.left, top: tile.top }}
              />
            ))}
          </div>
          {/* Leaflet's panes: the pins' shadows under every marker; markers lower on the screen over higher ones. */}
          <div className="map-preview-shadows">
            {layout.markers.map(({ marker, x, y }) =>
              marker.type === 'festival' ? (
                <img
                  key={marker.id}
                  src={pinImages.shadowUrl}
                  alt=""
                  width={PIN_ICON.shadowSize[0]}
                  height={PIN_ICON.shadowSize[1]}
                  style={{ left: x - anchorX, top: y - anchorY }}
                />
              ) : null,
            )}
          </div>
          <div className="map-preview-markers">
            {layout.markers.map(({ marker, x, y }) =>
              marker.type === 'festival' ? (
                <img
                  key={marker.id}
                  className="map-preview-pin"
                  src={pinIconUrl()}
                  alt=""
                  width={PIN_ICON.size[0]}
                  height={PIN_ICON.size[1]}
                  style={{ left: x - anchorX, top: y - anchorY, zIndex: y }}
                />
              ) : (
                <div
                  key={`c${marker.id}`}
                  className={`map-preview-cluster festival-cluster-${clusterSize(marker.count)}`}
                  style={{ left: x - half, top: y - half, zIndex: y }}
                >
                  <span>{marker.count}</span>
                </div>
              ),
            )}
          </div>
        </>
      )}
    </div>
  );
}
