import { useLayoutEffect, useRef } from 'react';
import type { MapMarker } from '#core/map-markers';
import { adoptBootMapView } from '../../../lib/boot-map';
import { paintMapView } from '../../../lib/map-paint';
import { pinImages } from '../../../lib/map-pin';

interface MapPreviewProps {
  center: [number, number];
  zoom: number;
  /** The first view's markers, as the server clustered them. */
  markers: readonly MapMarker[];
}

/**
 * The map's first tiles and markers as plain images and boxes, drawn as soon as the first view is
 * known, while Leaflet still loads and starts: on a phone that is a second or more, and the map is
 * the screen. paintMapView lays them exactly where Leaflet then draws the same tiles and markers,
 * with the same pictures, which the browser has by then, so the map appears once and does not
 * move; the page removes them when Leaflet's own are in. Hidden from assistive technology:
 * Leaflet's markers are the ones to reach and choose.
 */
export function MapPreview({ center, zoom, markers }: MapPreviewProps) {
  const box = useRef<HTMLDivElement>(null);
  // Painted once, before the first paint of the box (its size decides what shows), unless the boot
  // entry's copy of the page already shows this view: its tiles and markers are then taken as they
  // are, laid out and decoded. The box's children are the painter's alone (React renders none).
  // The view is the first one only: later centres and zooms are Leaflet's to draw.
  const first = useRef({ center, zoom, markers });
  useLayoutEffect(() => {
    const element = box.current;
    const view = first.current;
    if (!element || element.firstChild || adoptBootMapView(element, view.center, view.zoom)) return;
    paintMapView(element, { ...view, pins: pinImages });
  }, []);
  return <div ref={box} className="map-preview" aria-hidden="true" />;
}
