import { useEffect, useId, useState } from 'react';
import { LocateFixedIcon, MapPinIcon, XIcon } from 'lucide-react';
import { nearRadiiKm } from '#core/geo';
import type { Place } from '#core/places';
import { apiRequest } from '../../../lib/api-client';
import type { NearPlace } from '../hooks/use-festival-filters';

interface Props {
  near: NearPlace | null;
  onPlace: (place: { label: string; lat: number; lon: number } | null) => void;
  onRadius: (km: number | null) => void;
}

/** Places already suggested, by what was typed: typing back and forth asks once. */
const suggestions = new Map<string, Promise<Place[]>>();
function findPlaces(q: string): Promise<Place[]> {
  const key = q.trim().toLowerCase();
  let answer = suggestions.get(key);
  if (!answer) {
    answer = apiRequest<{ items: Place[] }>(`/api/festivals/places?q=${encodeURIComponent(q.trim())}`, {
      auth: false,
    }).then((r) => r.items);
    answer.catch(() => suggestions.delete(key));
    suggestions.set(key, answer);
  }
  return answer;
}

/**
 * 'Cerca de': a place typed (suggested by the server from its list of cities) or the browser's
 * position when the person allows it, and the radius. The place chosen shows as a chip with a
 * button that removes it.
 */
export function NearField({ near, onPlace, onRadius }: Props) {
  const id = useId();
  const [typed, setTyped] = useState('');
  const [found, setPlaces] = useState<Place[] | null>(null);
  // Under two letters nothing is looked up, and an earlier answer is not shown.
  const places = typed.trim().length < 2 ? null : found;
  const [message, setMessage] = useState('');

  useEffect(() => {
    const q = typed.trim();
    if (q.length < 2) return;
    let current = true;
    const timer = window.setTimeout(() => {
      findPlaces(q).then(
        (found) => current && setPlaces(found),
        () => current && setPlaces([]),
      );
    }, 200);
    return () => {
      current = false;
      window.clearTimeout(timer);
    };
  }, [typed]);

  const choose = (place: Place) => {
    onPlace({ label: place.name, lat: place.lat, lon: place.lon });
    setTyped('');
    setPlaces(null);
    setMessage('');
  };

  const locate = () => {
    if (!navigator.geolocation) {
      setMessage('Tu navegador no puede compartir tu ubicación.');
      return;
    }
    setMessage('Buscando tu ubicación…');
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setMessage('');
        onPlace({ label: 'Mi ubicación', lat: position.coords.latitude, lon: position.coords.longitude });
      },
      () => setMessage('No se pudo obtener tu ubicación. Escribe una ciudad.'),
      { maximumAge: 600_000, timeout: 10_000 },
    );
  };

  return (
    <>
      <div className="field near-field">
        <label htmlFor={`${id}-place`}>Cerca de</label>
        {near ? (
          <div className="near-chip">
            <MapPinIcon className="icon" aria-hidden="true" />
            <span>{near.label}</span>
            <button
              type="button"
              className="btn btn-ghost btn-sm near-remove"
              onClick={() => onPlace(null)}
              aria-label={`Quitar el lugar ${near.label}`}
            >
              <XIcon className="icon" aria-hidden="true" />
            </button>
          </div>
        ) : (
          <div className="near-input">
            <input
              id={`${id}-place`}
              className="input"
              type="text"
              placeholder="Ciudad"
              autoComplete="off"
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              aria-describedby={`${id}-place-help`}
            />
            <button type="button" className="btn btn-sm near-locate" onClick={locate}>
              <LocateFixedIcon className="icon" aria-hidden="true" /> Usar mi ubicación
            </button>
          </div>
        )}
        <p id={`${id}-place-help`} className="muted near-help" role="status" aria-live="polite">
          {message || (places && places.length === 0 ? 'No conocemos ese lugar. Prueba con una ciudad cercana.' : '')}
        </p>
        {!near && places && places.length > 0 && (
          <ul className="near-suggestions" aria-label="Lugares encontrados">
            {places.map((p) => (
              <li key={`${p.name}-${p.lat}-${p.lon}`}>
                <button type="button" className="near-suggestion" onClick={() => choose(p)}>
                  <strong>{p.name}</strong>
                  {p.region && <span className="muted">{p.region}</span>}
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="field">
        <label htmlFor={`${id}-radius`}>Radio</label>
        <select
          id={`${id}-radius`}
          className="select"
          value={near?.radiusKm ?? ''}
          disabled={!near}
          onChange={(e) => onRadius(e.target.value ? Number(e.target.value) : null)}
        >
          <option value="">Cualquier distancia</option>
          {nearRadiiKm.map((km) => (
            <option key={km} value={km}>
              {km} km
            </option>
          ))}
        </select>
      </div>
    </>
  );
}
