import { useState, type FormEvent } from 'react';
import { MEETING_NOTE_MAX } from '#core/together-schemas';
import type { Plan } from '#core/response-schemas';
import { useToast } from '../../../components/toast/toast-provider';
import { addMeetingPoint, deleteMeetingPoint } from '../api/plans';

/** Coordinates shown as a link to the map, where a member placed the point. */
const mapLink = (lat: number, lon: number) =>
  `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=18/${lat}/${lon}`;

/**
 * 'Puntos de encuentro': a short note each, optionally with a place on the festival's map (here the
 * festival's own spot, or where the phone is, when the person allows it). Its author or the owner
 * deletes one.
 */
export function MeetingPoints({
  plan,
  me,
  offline,
  onChange,
}: {
  plan: Plan;
  me: number;
  offline: boolean;
  onChange: () => void;
}) {
  const toast = useToast();
  const [note, setNote] = useState('');
  const [here, setHere] = useState(false);
  const [busy, setBusy] = useState(false);

  const position = () =>
    new Promise<{ lat: number; lon: number } | null>((resolve) => {
      if (!here || !navigator.geolocation) return resolve(null);
      navigator.geolocation.getCurrentPosition(
        (p) => resolve({ lat: Number(p.coords.latitude.toFixed(6)), lon: Number(p.coords.longitude.toFixed(6)) }),
        () => resolve(null),
        { timeout: 8000 },
      );
    });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const place = await position();
      await addMeetingPoint(plan.id, { note, ...(place ?? {}) });
      setNote('');
      toast('Punto de encuentro añadido', 'success');
      onChange();
    } catch (error) {
      toast((error as Error).message, 'error');
    } finally {
      setBusy(false);
    }
  };

  const remove = async (pointId: number) => {
    try {
      await deleteMeetingPoint(plan.id, pointId);
      onChange();
    } catch (error) {
      toast((error as Error).message, 'error');
    }
  };

  return (
    <section className="plan-block" aria-labelledby="plan-puntos-title">
      <h2 id="plan-puntos-title">Puntos de encuentro</h2>
      {plan.meeting_points.length ? (
        <ul className="plan-points">
          {plan.meeting_points.map((p) => (
            <li key={p.id}>
              <span>
                <strong>{p.note}</strong> <span className="muted">· {p.author}</span>
                {p.lat !== null && p.lon !== null ? (
                  <>
                    {' · '}
                    <a href={mapLink(p.lat, p.lon)} target="_blank" rel="noopener noreferrer">
                      Ver en el mapa
                      <span className="visually-hidden"> (se abre en una pestaña nueva)</span>
                    </a>
                  </>
                ) : null}
              </span>
              {p.user_id === me || plan.owner_id === me ? (
                <button
                  type="button"
                  className="btn btn-ghost btn-sm"
                  onClick={() => void remove(p.id)}
                  disabled={offline}
                  aria-label={`Borrar el punto de encuentro «${p.note}»`}
                >
                  Borrar
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">Aún no hay puntos de encuentro.</p>
      )}
      <form className="plan-point-form" onSubmit={(e) => void submit(e)}>
        <div className="field">
          <label htmlFor="plan-point-note">Nota</label>
          <input
            id="plan-point-note"
            className="input"
            value={note}
            maxLength={MEETING_NOTE_MAX}
            required
            placeholder="Junto a la noria, a las 22:00"
            onChange={(e) => setNote(e.target.value)}
          />
        </div>
        <label className="plan-point-here">
          <input type="checkbox" checked={here} onChange={(e) => setHere(e.target.checked)} /> Marcar dónde estoy
        </label>
        <button type="submit" className="btn btn-primary btn-sm" disabled={busy || offline || !note.trim()}>
          Añadir punto
        </button>
      </form>
    </section>
  );
}
