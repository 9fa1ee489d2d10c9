import { useEffect } from 'react';
import { MapContainer, Marker, Popup, TileLayer, useMap } from 'react-leaflet';
import { formatDate } from '#core/dates';
import { festivalIcon, osmTiles } from '../../../lib/leaflet';
import type { Festival } from '#core/response-schemas';

/** The map is resized after 100 ms and 300 ms (its box settles after the layout). */
function ResizeAfterLayout() {
  const map = useMap();
  useEffect(() => {
    const timers = [100, 300].map((ms) => window.setTimeout(() => map.invalidateSize(), ms));
    return () => timers.forEach((t) => window.clearTimeout(t));
  }, [map]);
  return null;
}

/** The festival's map: zoom 14, 400 px high, no scroll-wheel zoom, a marker with its popup. */
export default function LocationMap({
  festival,
  latitude,
  longitude,
}: {
  festival: Festival;
  latitude: number;
  longitude: number;
}) {
  return (
    <MapContainer
      center={[latitude, longitude]}
      zoom={14}
      scrollWheelZoom={false}
      className="location-map"
      style={{ height: 400 }}
      attributionControl
    >
      <TileLayer
        url={osmTiles.url}
        crossOrigin={osmTiles.crossOrigin}
        attribution={osmTiles.attribution}
        maxZoom={19}
      />
      <Marker position={[latitude, longitude]} icon={festivalIcon} alt={`Ubicación de ${festival.name}`}>
        <Popup>
          <strong>{festival.name}</strong>
          {festival.location ? <div>{festival.location}</div> : null}
          {festival.geocoded_at ? (
            <div className="popup-note">Geocodificado el {formatDate(festival.geocoded_at)}</div>
          ) : null}
        </Popup>
      </Marker>
      <ResizeAfterLayout />
    </MapContainer>
  );
}
