import { useId, useState, type FormEvent } from 'react';
import { useQuery } from '../../../lib/use-server-data';
import { FieldError, useFormAction } from '../../../components/editions/form-status';
import { clockDay, clockTime, festivalTimeZone } from '#core/time-zone';
import type { LineupEntry } from '#core/lineup-types';
import type { LiveStatus } from '#core/responses/organizers';
import { apiRequest } from '../../../lib/api-client';
import { changeSet, type OrganizedFestival } from '../api/organizer';

export const liveStatusLabels: Record<LiveStatus, string> = {
  on_time: 'A su hora',
  delayed: 'Retrasada',
  moved: 'Cambio de escenario',
  cancelled: 'Cancelada',
};

/**
 * 'En directo': today's sets of the festival's current edition (on its own clock), each with the
 * change the organiser makes on the day. Whoever picked the set hears of it within the minute.
 */
export function LivePanel({ festival }: { festival: OrganizedFestival }) {
  const uid = useId();
  const lineup = useQuery({
    queryKey: ['organizer-live', festival.id],
    queryFn: ({ signal }) =>
      apiRequest<{ lineup?: LineupEntry[] }>(`/api/festivals/${festival.id}`, { signal, auth: false }),
  });
  const zone = festivalTimeZone(festival);
  const today = clockDay(new Date(), zone);
  const sets = (lineup.data?.lineup ?? []).filter(
    (e) => e.starts_at && clockDay(new Date(e.starts_at), zone) === today,
  );
  return (
    <section className="card organizer-section" aria-labelledby={`${uid}-live`}>
      <h3 id={`${uid}-live`}>En directo: cambios de hoy</h3>
      <p className="muted">
        Un retraso, un cambio de escenario o una cancelación llegan por push y a la campana de quienes eligieron la
        actuación en «Mi horario».
      </p>
      {lineup.isLoading ? (
        <p role="status">Cargando el horario...</p>
      ) : sets.length === 0 ? (
        <p>Hoy no hay actuaciones con horario en este festival.</p>
      ) : (
        <ul className="organizer-live">
          {sets.map((set) => (
            <LiveSet key={set.id} set={set} zone={zone} onChanged={lineup.refetch} />
          ))}
        </ul>
      )}
    </section>
  );
}

function LiveSet({ set, zone, onChanged }: { set: LineupEntry; zone: string | null; onChanged: () => void }) {
  const uid = useId();
  const [status, setStatus] = useState<LiveStatus>('delayed');
  const [minutes, setMinutes] = useState('15');
  const [stage, setStage] = useState('');
  const { busy, error, run } = useFormAction();
  const live = set.live_status ?? 'on_time';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      await changeSet(
        set.id,
        status === 'delayed'
          ? { status, delay_minutes: Number(minutes) }
          : status === 'moved'
            ? { status, stage }
            : { status },
      );
      onChanged();
    });
  };
  return (
    <li className="organizer-live-set">
      <div>
        <strong>{set.artist.name}</strong> · {clockTime(new Date(set.starts_at!), zone)}
        {set.ends_at ? `–${clockTime(new Date(set.ends_at), zone)}` : ''}
        {set.stage ? ` · ${set.stage}` : ''}
        {live !== 'on_time' ? (
          <span className="badge badge-accent">
            {liveStatusLabels[live]}
            {live === 'delayed' ? ` ${set.delay_minutes} min` : ''}
          </span>
        ) : null}
      </div>
      <form className="organizer-live-form" onSubmit={submit} aria-label={`Cambio de ${set.artist.name}`}>
        <label htmlFor={`${uid}-status`}>Cambio</label>
        <select
          id={`${uid}-status`}
          className="input"
          value={status}
          onChange={(e) => setStatus(e.target.value as LiveStatus)}
        >
          <option value="delayed">Retraso</option>
          <option value="moved">Cambio de escenario</option>
          <option value="cancelled">Cancelada</option>
          <option value="on_time">A su hora</option>
        </select>
        {status === 'delayed' ? (
          <>
            <label htmlFor={`${uid}-minutes`}>Minutos</label>
            <input
              id={`${uid}-minutes`}
              className="input"
              type="number"
              min={1}
              max={720}
              value={minutes}
              onChange={(e) => setMinutes(e.target.value)}
            />
          </>
        ) : null}
        {status === 'moved' ? (
          <>
            <label htmlFor={`${uid}-stage`}>Escenario</label>
            <input
              id={`${uid}-stage`}
              className="input"
              required
              value={stage}
              onChange={(e) => setStage(e.target.value)}
            />
          </>
        ) : null}
        <button type="submit" className="btn btn-sm btn-primary" disabled={busy}>
          Avisar del cambio
        </button>
        <FieldError error={error} />
      </form>
    </li>
  );
}
