import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { useAuth } from '../../../lib/auth';
import type { PlanList } from '#core/response-schemas';
import { listPlans } from '../api/plans';
import { PlanButton } from './plan-button';

/** The way into plans from a festival: the person's plans for it (signed in), and 'Plan con amigos' to start one. */
export function PlanEntry({ festivalId }: { festivalId: number }) {
  const { token } = useAuth();
  const [plans, setPlans] = useState<PlanList>([]);
  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    listPlans(controller.signal)
      .then((all) => setPlans(all.filter((p) => p.festival_id === festivalId)))
      .catch(() => setPlans([]));
    return () => controller.abort();
  }, [token, festivalId]);
  return (
    <div className="plan-entry">
      <PlanButton festivalId={festivalId} />
      {token
        ? plans.map((p) => (
            <Link key={p.id} to={paths.plan(p.id)} className="btn btn-ghost btn-sm">
              {p.name} ({p.members_count})
            </Link>
          ))
        : null}
    </div>
  );
}
