import { CLUSTER_ICON_SIZE, clusterSize, MAP_TILE_URL, mapViewLayout, PIN_ICON } from '#core/map-layout';
import type { MapMarker } from '#core/map-markers';

/** Leaflet's marker pictures as the build serves them (src/lib/map-pin.ts in the app, the build's list in the boot). */
export interface PinPictures {
  iconUrl: string;
  iconRetinaUrl: string;
  shadowUrl: string;
}

export interface MapPaint {
  center: readonly [number, number];
  zoom: number;
  /** The view's markers, as the server clustered them. */
  markers: readonly MapMarker[];
  pins: PinPictures;
}

/** The view a painted box shows, written on it, so the map page can tell whether it is its own first view. */
export const PAINTED_VIEW_ATTRIBUTE = 'data-view';
export const mapViewKey = (center: readonly [number, number], zoom: number): string =>
  `${center[0]},${center[1]},${zoom}`;

/** An element at its place in the box. */
function placed<E extends HTMLElement>(element: E, left: number, top: number, z?: number): E {
  element.style.left = `${left}px`;
  element.style.top = `${top}px`;
  if (z !== undefined) element.style.zIndex = String(z);
  return element;
}

function picture(width: number, height: number, src: string, className?: string): HTMLImageElement {
  const image = new Image(width, height);
  image.alt = '';
  image.src = src;
  if (className) image.className = className;
  return image;
}

/**
 * Paints a map's view into `box` (a `.map-preview`) as plain pictures and boxes: its tiles, the pins'
 * shadows under every marker, then the markers, lower ones over higher ones (Leaflet's panes), each
 * exactly where Leaflet later draws the same (mapViewLayout), with the same pictures. The one painter
 * of the map's first screen: the boot entry paints the first view with it before the app has loaded
 * (src/boot/map-copy.ts), and MapPreview while Leaflet loads.
 */
export function paintMapView(box: HTMLElement, { center, zoom, markers, pins }: MapPaint): void {
  const tiles = Object.assign(document.createElement('div'), { className: 'map-preview-tiles' });
  const shadows = Object.assign(document.createElement('div'), { className: 'map-preview-shadows' });
  const front = Object.assign(document.createElement('div'), { className: 'map-preview-markers' });
  const layout = mapViewLayout(center, zoom, box.clientWidth, box.clientHeight, MAP_TILE_URL, markers);
  for (const tile of layout.tiles) {
    // Asked for with CORS, as Leaflet asks for its tiles: the browser answers both from one download.
    const image = picture(256, 256, tile.url);
    image.crossOrigin = 'anonymous';
    tiles.append(placed(image, tile.left, tile.top));
  }
  const [anchorX, anchorY] = PIN_ICON.anchor;
  const pin = window.devicePixelRatio > 1 ? pins.iconRetinaUrl : pins.iconUrl;
  for (const { marker, x, y } of layout.markers) {
    if (marker.type === 'festival') {
      const [shadowWidth, shadowHeight] = PIN_ICON.shadowSize;
      shadows.append(placed(picture(shadowWidth, shadowHeight, pins.shadowUrl), x - anchorX, y - anchorY));
      const icon = picture(PIN_ICON.size[0], PIN_ICON.size[1], pin, 'map-preview-pin');
      // For bench/web-map.ts (Element Timing): when the first markers are painted.
      icon.setAttribute('elementtiming', 'map-copy-marker');
      front.append(placed(icon, x - anchorX, y - anchorY, y));
    } else {
      const disc = document.createElement('div');
      disc.className = `map-preview-cluster festival-cluster-${clusterSize(marker.count)}`;
      const count = Object.assign(document.createElement('span'), { textContent: String(marker.count) });
      count.setAttribute('elementtiming', 'map-copy-marker');
      disc.append(count);
      const half = CLUSTER_ICON_SIZE / 2;
      front.append(placed(disc, x - half, y - half, y));
    }
  }
  box.setAttribute(PAINTED_VIEW_ATTRIBUTE, mapViewKey(center, zoom));
  box.replaceChildren(tiles, shadows, front);
}

/**
 * Moves the children of a box the boot entry painted into `box` when it shows the same view at the
 * same size, and says whether it did: the map page then shows them as they are, already laid out and
 * decoded, instead of painting them again on a phone's busy main thread.
 */
export function adoptPaintedView(
  painted: HTMLElement | null,
  box: HTMLElement,
  center: readonly [number, number],
  zoom: number,
): boolean {
  if (!painted || painted.getAttribute(PAINTED_VIEW_ATTRIBUTE) !== mapViewKey(center, zoom)) return false;
  if (painted.clientWidth !== box.clientWidth || painted.clientHeight !== box.clientHeight) return false;
  box.setAttribute(PAINTED_VIEW_ATTRIBUTE, mapViewKey(center, zoom));
  box.replaceChildren(...painted.children);
  return true;
}
