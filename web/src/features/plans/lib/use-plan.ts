import { useCallback, useEffect, useState } from 'react';
import type { Plan } from '#core/response-schemas';
import { ApiError } from '../../../lib/api-client';
import { getPlan } from '../api/plans';
import { forgetPlan, keepPlan, keptPlan } from './kept-plan';

export type PlanState =
  { status: 'loading' } | { status: 'ready'; plan: Plan; offline: boolean } | { status: 'error'; message: string };

/**
 * The plan read from the server and kept on the device; without a connection (or a server), the
 * kept one, marked as such. A 404 (left, removed, deleted) forgets the kept copy.
 */
export function usePlan(id: number) {
  const [state, setState] = useState<PlanState>(() => {
    const kept = keptPlan(id);
    return kept ? { status: 'ready', plan: kept, offline: !navigator.onLine } : { status: 'loading' };
  });
  const show = useCallback((plan: Plan) => {
    keepPlan(plan);
    setState({ status: 'ready', plan, offline: false });
  }, []);
  const settle = useCallback(
    (error: unknown) => {
      if ((error as Error).name === 'AbortError') return;
      if (error instanceof ApiError && error.status === 404) {
        forgetPlan(id);
        setState({ status: 'error', message: error.message });
        return;
      }
      const kept = keptPlan(id);
      setState(
        kept
          ? { status: 'ready', plan: kept, offline: true }
          : { status: 'error', message: (error as Error).message || 'No se pudo cargar el plan.' },
      );
    },
    [id],
  );
  const reload = useCallback(() => getPlan(id).then(show, settle), [id, show, settle]);
  useEffect(() => {
    const controller = new AbortController();
    getPlan(id, controller.signal).then(show, settle);
    const again = () => void getPlan(id).then(show, settle);
    window.addEventListener('online', again);
    return () => {
      controller.abort();
      window.removeEventListener('online', again);
    };
  }, [id, show, settle]);
  return { state, reload, setPlan: show };
}

/** 'AG' for Ana García, 'L' for Luis. */
export const initialsOf = (name: string) =>
  name
    .trim()
    .split(/\s+/)
    .slice(0, 2)
    .map((w) => w.charAt(0).toUpperCase())
    .join('') || '?';
