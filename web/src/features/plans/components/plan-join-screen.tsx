import { useState, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { useAuth } from '../../../lib/auth';
import { joinPlan } from '../api/plans';
import './plans.css';

/** Where an invitation link leads: asks to sign in, then joins with one tap and opens the plan. */
export function PlanJoinScreen({ signIn }: { signIn?: ReactNode }) {
  const { token: invite } = useParams();
  const { token, checking } = useAuth();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const join = async () => {
    setBusy(true);
    setError(null);
    try {
      const plan = await joinPlan(invite ?? '');
      navigate(paths.plan(plan.id), { replace: true });
    } catch (failure) {
      setError((failure as Error).message);
      setBusy(false);
    }
  };

  return (
    <div className="container plan-page">
      <h1>Plan con amigos</h1>
      <p>Te han invitado a un plan para ir juntos a un festival: veréis lo que elige cada cual en «Mi horario».</p>
      {!token && !checking ? (
        <>
          <p>Inicia sesión para unirte al plan.</p>
          {signIn}
        </>
      ) : (
        <button type="button" className="btn btn-primary" disabled={busy || checking} onClick={() => void join()}>
          {busy ? 'Uniéndote...' : 'Unirme al plan'}
        </button>
      )}
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
