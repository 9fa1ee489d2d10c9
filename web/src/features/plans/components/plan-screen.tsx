import { useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ArrowLeftIcon, Share2Icon } from 'lucide-react';
import { firstName } from '#core/plan-clashes';
import { paths } from '../../../config/paths';
import { useToast } from '../../../components/toast/toast-provider';
import { useAuth } from '../../../lib/auth';
import { shareLink } from '../../../lib/share';
import { deletePlan, removeMember, rotateInvite, setPlanNotify } from '../api/plans';
import { forgetPlan } from '../lib/kept-plan';
import { initialsOf, usePlan } from '../lib/use-plan';
import { MeetingPoints } from './meeting-points';
import { PlanTimetable } from './plan-timetable';
import './plans.css';

/**
 * A plan with friends: who is in it (the owner invites, removes and renews the link; anyone
 * leaves), the group's timetable, the clashes in words, 'Dónde estaremos' and the meeting points.
 * Kept on the device: opened without connection, it shows the last answer and says so.
 */
export function PlanScreen({ signIn }: { signIn?: ReactNode }) {
  const { planId } = useParams();
  const id = Number(planId);
  const { user, token, checking } = useAuth();
  const { state, reload, setPlan } = usePlan(id);
  const toast = useToast();
  const navigate = useNavigate();
  const [inviteUrl, setInviteUrl] = useState<string | null>(null);

  if (!token && !checking) {
    return (
      <div className="container plan-page">
        <h1>Plan con amigos</h1>
        <p>Inicia sesión para ver este plan.</p>
        {signIn}
      </div>
    );
  }
  if (state.status === 'loading') return <div className="container plan-page">Cargando plan...</div>;
  if (state.status === 'error') {
    return (
      <div className="container plan-page">
        <h1>Plan no disponible</h1>
        <p>{state.message}</p>
        <Link to={paths.home()} className="btn">
          <ArrowLeftIcon className="icon" /> Volver
        </Link>
      </div>
    );
  }

  const { plan, offline } = state;
  const me = user?.id ?? -1;
  const owner = plan.owner_id === me;
  const link = inviteUrl ?? plan.invite_url;
  const act = async (work: () => Promise<unknown>, done?: string) => {
    try {
      await work();
      if (done) toast(done, 'success');
    } catch (error) {
      toast((error as Error).message, 'error');
    }
  };
  const leave = (userId: number) =>
    act(async () => {
      const left = await removeMember(plan.id, userId);
      if (userId === me) {
        forgetPlan(plan.id);
        toast(left.message, 'success');
        navigate(paths.festival(plan.festival_id, plan.festival_name));
      } else await reload();
    });

  return (
    <div className="container plan-page">
      <Link to={paths.festival(plan.festival_id, plan.festival_name)} className="btn btn-sm">
        <ArrowLeftIcon className="icon" /> {plan.festival_name}
      </Link>
      <h1>{plan.name}</h1>
      {offline ? (
        <p className="plan-offline" role="status">
          Sin conexión: este es el plan guardado en el dispositivo.
        </p>
      ) : null}

      <section className="plan-block" aria-labelledby="plan-miembros-title">
        <h2 id="plan-miembros-title">En el plan ({plan.members.length})</h2>
        <ul className="plan-members">
          {plan.members.map((m) => (
            <li key={m.user_id}>
              <span className="plan-initial" aria-hidden="true">
                {initialsOf(m.name)}
              </span>
              <span>
                {m.name}
                {m.user_id === plan.owner_id ? <span className="muted"> · creó el plan</span> : null}
                <span className="muted">
                  {' · '}
                  {m.picks.length === 1 ? '1 actuación' : `${m.picks.length} actuaciones`}
                </span>
              </span>
              {owner && m.user_id !== me ? (
                <button
                  type="button"
                  className="btn btn-ghost btn-sm"
                  disabled={offline}
                  onClick={() => void leave(m.user_id)}
                >
                  Quitar a {firstName(m.name)}
                </button>
              ) : null}
            </li>
          ))}
        </ul>
        {link ? (
          <div className="plan-invite">
            <label htmlFor="plan-invite-url">Enlace de invitación</label>
            <input
              id="plan-invite-url"
              className="input"
              readOnly
              value={link}
              onFocus={(e) => e.currentTarget.select()}
            />
            <div className="row">
              <button
                type="button"
                className="btn btn-primary btn-sm"
                onClick={() => void shareLink({ title: plan.name, text: `Únete a «${plan.name}»`, url: link }, toast)}
              >
                <Share2Icon className="icon" /> Compartir invitación
              </button>
              <button
                type="button"
                className="btn btn-sm"
                disabled={offline}
                onClick={() =>
                  void act(
                    async () => setInviteUrl((await rotateInvite(plan.id)).invite_url),
                    'Enlace renovado: el anterior ya no vale',
                  )
                }
              >
                Renovar enlace
              </button>
            </div>
          </div>
        ) : null}
        <label className="plan-notify">
          <input
            type="checkbox"
            checked={plan.notify}
            disabled={offline}
            onChange={(e) => {
              const notify = e.target.checked;
              void act(async () => setPlan({ ...plan, notify: (await setPlanNotify(plan.id, notify)).notify }));
            }}
          />{' '}
          Avisarme cuando alguien se una
        </label>
        <div className="row">
          <Link to={paths.timetable(plan.festival_id, plan.festival_name)} className="btn btn-outline-accent btn-sm">
            Elegir mis actuaciones
          </Link>
          <button type="button" className="btn btn-ghost btn-sm" disabled={offline} onClick={() => void leave(me)}>
            Salir del plan
          </button>
          {owner ? (
            <button
              type="button"
              className="btn btn-danger btn-sm"
              disabled={offline}
              onClick={() =>
                void act(async () => {
                  await deletePlan(plan.id);
                  forgetPlan(plan.id);
                  navigate(paths.festival(plan.festival_id, plan.festival_name));
                }, 'Plan borrado')
              }
            >
              Borrar plan
            </button>
          ) : null}
        </div>
      </section>

      <PlanTimetable plan={plan} />
      <MeetingPoints plan={plan} me={me} offline={offline} onChange={() => void reload()} />
    </div>
  );
}
