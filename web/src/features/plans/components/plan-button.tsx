import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { UsersIcon } from 'lucide-react';
import { paths } from '../../../config/paths';
import { useToast } from '../../../components/toast/toast-provider';
import { useAuth } from '../../../lib/auth';
import { createPlan } from '../api/plans';

/** 'Plan con amigos': creates a plan for the festival's current edition and opens it (signed in). */
export function PlanButton({ festivalId }: { festivalId: number }) {
  const { token } = useAuth();
  const toast = useToast();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const start = async () => {
    if (!token) {
      toast('Inicia sesión para crear un plan con amigos.', 'info');
      return;
    }
    setBusy(true);
    try {
      const plan = await createPlan(festivalId);
      navigate(paths.plan(plan.id));
    } catch (error) {
      toast((error as Error).message, 'error');
      setBusy(false);
    }
  };
  return (
    <button type="button" className="btn btn-outline-accent" disabled={busy} onClick={() => void start()}>
      <UsersIcon className="icon" /> Plan con amigos
    </button>
  );
}
