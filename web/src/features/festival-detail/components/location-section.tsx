import { lazy, Suspense, useRef } from 'react';
import { BedIcon, CarIcon, ExternalLinkIcon, MapPinIcon, TrainFrontIcon } from 'lucide-react';
import { formatDate } from '#core/dates';
import { Spinner } from '../../../components/ui/spinner';
import { useNearViewport } from '../../../lib/use-near-viewport';
import './location-section.css';
import type { Festival } from '#core/response-schemas';

const LocationMap = lazy(() => import('./location-map'));

/** Coordinates count only when flagged valid and both are numbers. */
function coordinates(f: Festival): [number, number] | null {
  const ok =
    f.hasValidCoordinates &&
    typeof f.latitude === 'number' &&
    typeof f.longitude === 'number' &&
    Number.isFinite(f.latitude) &&
    Number.isFinite(f.longitude);
  return ok ? [f.latitude as number, f.longitude as number] : null;
}

function googleSearchUrl(f: Festival): string {
  const query = [f.name, f.location].filter(Boolean).join(' ');
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}

function ExternalLink({ href, children }: { href: string; children: string }) {
  return (
    <a className="btn btn-sm" href={href} target="_blank" rel="noopener noreferrer">
      {children} <ExternalLinkIcon className="icon" />
      <span className="visually-hidden"> (se abre en una pestaña nueva)</span>
    </a>
  );
}

/** 'Ubicación del Festival': the map when there are coordinates, else why there is none (pending geocoding, no location). */
export function LocationSection({ festival }: { festival: Festival | null }) {
  return (
    <section id="ubicacion" className="detail-section" tabIndex={-1} aria-labelledby="ubicacion-title">
      <h2 id="ubicacion-title" className="section-title">
        Ubicación del Festival
      </h2>
      {festival ? (
        <LocationBody festival={festival} />
      ) : (
        <p className="muted">No se proporcionó información del festival</p>
      )}
    </section>
  );
}

function LocationBody({ festival }: { festival: Festival }) {
  const coords = coordinates(festival);
  const address = festival.address || festival.location;
  const extras = [
    { title: 'Cómo llegar', text: festival.transportation, Icon: TrainFrontIcon },
    { title: 'Información de aparcamiento', text: festival.parking_info, Icon: CarIcon },
    { title: 'Alojamiento recomendado', text: festival.accommodation, Icon: BedIcon },
  ].filter((e) => e.text?.trim());
  // Leaflet (about 45 KB compressed, and its CSS) is fetched when the map is near the screen.
  const frame = useRef<HTMLDivElement>(null);
  const showMap = useNearViewport(frame);
  const placeholder = (
    <div className="map-placeholder">
      <Spinner label="Cargando mapa..." />
    </div>
  );

  return (
    <>
      {coords ? (
        <div className="location-layout">
          <div className="map-frame" ref={frame}>
            {showMap ? (
              <Suspense fallback={placeholder}>
                <LocationMap festival={festival} latitude={coords[0]} longitude={coords[1]} />
              </Suspense>
            ) : (
              placeholder
            )}
          </div>
          <div className="card location-card">
            <h3>
              <MapPinIcon className="icon" /> Dirección
            </h3>
            <p>{address || 'Ubicación no especificada'}</p>
            {festival.address && festival.location ? <p className="muted">{festival.location}</p> : null}
            {festival.geocoded_from || festival.geocoded_at ? (
              <p className="muted small">
                {festival.geocoded_from ? <>Geocodificado a partir de: {festival.geocoded_from}. </> : null}
                {festival.geocoded_at ? <>Geocodificado el {formatDate(festival.geocoded_at)}.</> : null}
              </p>
            ) : null}
            <div className="row">
              <ExternalLink href={`https://www.google.com/maps/dir/?api=1&destination=${coords[0]},${coords[1]}`}>
                Cómo llegar
              </ExternalLink>
              <ExternalLink href={googleSearchUrl(festival)}>Ver en Google Maps</ExternalLink>
            </div>
          </div>
        </div>
      ) : festival.location || festival.address ? (
        <div className="card location-card location-pending">
          <p className="location-state">Ubicación pendiente de geocodificación</p>
          <p>{address}</p>
          <p className="muted small">
            Los administradores geocodificarán esta dirección pronto para mostrarla en el mapa.
          </p>
          <div className="row">
            <ExternalLink href={googleSearchUrl(festival)}>Ver en Google Maps</ExternalLink>
          </div>
        </div>
      ) : (
        <div className="card location-card">
          <p className="location-state">No hay información de ubicación disponible</p>
        </div>
      )}
      {extras.length ? (
        <div className="travel-grid">
          {extras.map(({ title, text, Icon }) => (
            <div key={title} className="card info-card">
              <h3>
                <Icon className="icon" /> {title}
              </h3>
              <p>{text}</p>
            </div>
          ))}
        </div>
      ) : null}
    </>
  );
}
