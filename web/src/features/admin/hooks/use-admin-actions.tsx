import { useCallback, useRef, useState, type ReactNode } from 'react';
import { ConfirmDialog } from '../../../components/ui/modal';
import { useToast } from '../../../components/toast/toast-provider';
import { ApiError } from '../../../lib/api-client';
import { invalidateFestivals } from '../../../lib/query-keys';

export const ACTION_SUCCESS = 'Acción completada con éxito';

export interface ConfirmOptions {
  title: string;
  message: string;
  confirmLabel: string;
  danger?: boolean;
}

export interface RunOptions {
  /** Asked first; cancelling does nothing. */
  confirm?: ConfirmOptions;
  /** The public catalogue changed: list, map and calendar reload it. */
  festivalsChanged?: boolean;
}

export type RunAction = (work: () => Promise<unknown>, options?: RunOptions) => Promise<boolean>;

/** The server's words for a failed admin call (its error field or message, else 'Error HTTP {status}'). */
export function describeError(error: unknown): string {
  if (error instanceof ApiError) {
    const details = Array.isArray(error.details)
      ? (error.details as { path?: string; message?: string }[])
          .map((d) => d.message)
          .filter((m): m is string => Boolean(m) && m !== error.message)
      : [];
    return [error.message, ...details].join(' · ');
  }
  return error instanceof Error ? error.message : String(error);
}

/**
 * One way to run every admin action: optional confirmation, then the call; success shows the banner
 * and reloads the data; failure is shown to the
 * admin as a toast and an inline error (not only logged).
 */
export function useAdminActions(onDone: (message: string) => void, onFailed: (message: string) => void) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [pending, setPending] = useState<{ options: ConfirmOptions; resolve: (ok: boolean) => void } | null>(null);
  const busyRef = useRef(false);

  const ask = (options: ConfirmOptions) => new Promise<boolean>((resolve) => setPending({ options, resolve }));

  const run = useCallback<RunAction>(
    async (work, options = {}) => {
      if (busyRef.current) return false;
      if (options.confirm && !(await ask(options.confirm))) return false;
      busyRef.current = true;
      setBusy(true);
      try {
        await work();
        if (options.festivalsChanged) invalidateFestivals();
        onDone(ACTION_SUCCESS);
        return true;
      } catch (error) {
        const message = describeError(error);
        console.warn('Acción de administración fallida', error);
        toast(message, 'error', 5000);
        onFailed(message);
        return false;
      } finally {
        busyRef.current = false;
        setBusy(false);
      }
    },
    [onDone, onFailed, toast],
  );

  const dialog: ReactNode = pending ? (
    <ConfirmDialog
      title={pending.options.title}
      message={pending.options.message}
      confirmLabel={pending.options.confirmLabel}
      danger={pending.options.danger}
      onConfirm={() => {
        pending.resolve(true);
        setPending(null);
      }}
      onCancel={() => {
        pending.resolve(false);
        setPending(null);
      }}
    />
  ) : null;

  return { run, busy, dialog };
}
