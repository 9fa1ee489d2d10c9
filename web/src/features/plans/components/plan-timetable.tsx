import { useMemo, useState } from 'react';
import { firstName, namesText, whereWeWillBe, type PlanSet } from '#core/plan-clashes';
import { clockDay, clockTime } from '#core/time-zone';
import type { Plan } from '#core/response-schemas';
import { initialsOf } from '../lib/use-plan';

const dayFormat = new Intl.DateTimeFormat('es-ES', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });
const formatDay = (day: string) => {
  const text = dayFormat.format(new Date(`${day}T00:00:00Z`));
  return text.charAt(0).toUpperCase() + text.slice(1);
};

/**
 * The group's timetable: every set someone picked, with the initials of who picked it, a filter per
 * member and 'Todos', the sets everyone picked marked, the clashes in words and 'Dónde estaremos'.
 */
export function PlanTimetable({ plan }: { plan: Plan }) {
  const [shown, setShown] = useState<number | 'all'>('all');
  const zone = plan.time_zone;
  const members = plan.members;
  const sets: PlanSet[] = useMemo(
    () =>
      plan.sets.map((s) => {
        const start = new Date(s.starts_at).getTime();
        return {
          id: s.id,
          artist: s.artist,
          stage: s.stage,
          start,
          end: s.ends_at ? new Date(s.ends_at).getTime() : start + 3_600_000,
          cancelled: s.cancelled,
        };
      }),
    [plan.sets],
  );
  const dayOf = new Map(plan.sets.map((s) => [s.id, s.day ?? clockDay(new Date(s.starts_at), zone)]));
  const pickers = (id: number) => members.filter((m) => m.picks.includes(id));
  const visible = sets.filter((s) => shown === 'all' || pickers(s.id).some((m) => m.user_id === shown));
  const days = [...new Set(visible.map((s) => dayOf.get(s.id)!))].sort();
  const hours = whereWeWillBe(sets, members);
  const time = (ms: number) => clockTime(new Date(ms), zone);

  return (
    <>
      <section className="plan-block" aria-labelledby="plan-horario-title">
        <h2 id="plan-horario-title">Nuestro horario</h2>
        <div className="plan-filter" role="group" aria-label="Ver lo elegido por">
          <button
            type="button"
            className={shown === 'all' ? 'btn btn-sm btn-primary' : 'btn btn-sm'}
            aria-pressed={shown === 'all'}
            onClick={() => setShown('all')}
          >
            Todos
          </button>
          {members.map((m) => (
            <button
              key={m.user_id}
              type="button"
              className={shown === m.user_id ? 'btn btn-sm btn-primary' : 'btn btn-sm'}
              aria-pressed={shown === m.user_id}
              onClick={() => setShown(m.user_id)}
            >
              {firstName(m.name)}
            </button>
          ))}
        </div>
        {visible.length === 0 ? (
          <p className="muted">Aún no hay actuaciones elegidas. Cada cual elige las suyas en «Mi horario».</p>
        ) : (
          days.map((day) => (
            <div key={day} className="plan-day">
              <h3>{formatDay(day)}</h3>
              <ul className="plan-sets">
                {visible
                  .filter((s) => dayOf.get(s.id) === day)
                  .map((s) => {
                    const who = pickers(s.id);
                    const everyone = members.length > 1 && who.length === members.length;
                    return (
                      <li
                        key={s.id}
                        className={`plan-set${everyone ? ' is-everyone' : ''}${s.cancelled ? ' is-cancelled' : ''}`}
                      >
                        <span className="plan-set-time">
                          {time(s.start)}–{time(s.end)}
                        </span>
                        <span className="plan-set-name">
                          <strong>{s.artist}</strong>
                          {s.stage ? <span className="muted"> · {s.stage}</span> : null}
                          {s.cancelled ? <span className="badge badge-warning">Cancelado</span> : null}
                          {everyone ? <span className="badge badge-success">Todos</span> : null}
                        </span>
                        <span
                          className="plan-initials"
                          aria-label={`Elegido por ${namesText(who.map((m) => firstName(m.name)))}`}
                        >
                          {who.map((m) => (
                            <span key={m.user_id} className="plan-initial" title={m.name} aria-hidden="true">
                              {initialsOf(m.name)}
                            </span>
                          ))}
                        </span>
                      </li>
                    );
                  })}
              </ul>
            </div>
          ))
        )}
      </section>

      <section className="plan-block" aria-labelledby="plan-coincidencias-title">
        <h2 id="plan-coincidencias-title">Coincidencias</h2>
        {plan.clashes.length ? (
          <ul className="plan-clashes">
            {plan.clashes.map((c) => (
              <li key={c.sets.join('-')}>{c.text}</li>
            ))}
          </ul>
        ) : (
          <p className="muted">Sin coincidencias entre lo que habéis elegido.</p>
        )}
      </section>

      <section className="plan-block" aria-labelledby="plan-donde-title">
        <h2 id="plan-donde-title">Dónde estaremos</h2>
        {hours.length ? (
          <div className="plan-where-scroll">
            <table className="plan-where">
              <caption className="visually-hidden">Dónde estará cada persona, hora a hora</caption>
              <thead>
                <tr>
                  <th scope="col">Hora</th>
                  {members.map((m) => (
                    <th key={m.user_id} scope="col">
                      {firstName(m.name)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {hours.map((h) => (
                  <tr key={h.hour}>
                    <th scope="row">{time(h.hour)}</th>
                    {h.members.map((m) => (
                      <td key={m.user_id}>
                        {m.sets.length
                          ? m.sets.map((s) => `${s.artist}${s.stage ? ` (${s.stage})` : ''}`).join(', ')
                          : '—'}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p className="muted">Cuando elijáis actuaciones, aquí veréis dónde estará cada cual.</p>
        )}
      </section>
    </>
  );
}
