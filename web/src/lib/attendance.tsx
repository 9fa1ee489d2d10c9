import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { AttendanceStatus } from '#core/together-schemas';
import type { Attendance, MyAttendance } from '#core/response-schemas';
import { useToast } from '../components/toast/toast-provider';
import { apiRequest } from './api-client';
import { onSessionEnded, onSignedIn, useAuth } from './auth';
import { invalidateFestivals } from './query-keys';
import { readJson, readStorage, storageKeys, writeStorage } from './storage';
import { useLatest } from './use-latest';

/**
 * 'Voy' / 'Me interesa' on this device, like favourites: kept locally first (anonymous visitors
 * too), sent to the server when signed in, and the device's marks join the account at sign-in if
 * the person says so.
 */
type States = Record<number, AttendanceStatus>;

interface AttendanceContextValue {
  statusOf: (id: number) => AttendanceStatus | null;
  /** True while the marks live on this device only (signed out): the server does not count them yet. */
  localOnly: boolean;
  /** Sets (or with null clears) the mark; answers the server's counts when it was sent. */
  setStatus: (id: number, status: AttendanceStatus | null) => Promise<Attendance | null>;
}

const AttendanceContext = createContext<AttendanceContextValue | null>(null);

function readLocal(): States {
  const raw = readJson<unknown>(storageKeys.attendance, {});
  const states: States = {};
  if (raw && typeof raw === 'object')
    for (const [id, status] of Object.entries(raw))
      if (Number.isSafeInteger(Number(id)) && (status === 'going' || status === 'interested'))
        states[Number(id)] = status;
  return states;
}

const writeLocal = (states: States) => writeStorage(storageKeys.attendance, JSON.stringify(states));

export const mergeAttendanceQuestion = (count: number) =>
  count === 1
    ? "¿Añadir a tu cuenta el 'Voy' o 'Me interesa' guardado en este dispositivo?"
    : `¿Añadir a tu cuenta los ${count} 'Voy' o 'Me interesa' guardados en este dispositivo?`;

const put = (id: number, status: AttendanceStatus | null) =>
  apiRequest<Attendance>(`/api/festivals/${id}/attendance`, { method: 'PUT', body: { status } });

export function AttendanceProvider({ children }: { children: ReactNode }) {
  const toast = useToast();
  const { token, user } = useAuth();
  const [states, setStates] = useState<States>(readLocal);
  const statesRef = useLatest(states);

  const keep = useCallback(
    (next: States) => {
      writeLocal(next);
      setStates(next);
      statesRef.current = next;
    },
    [statesRef],
  );

  useEffect(
    () =>
      onSignedIn(async () => {
        try {
          const server = await apiRequest<MyAttendance>('/api/attendance');
          const merged: States = Object.fromEntries(server.map((s) => [s.festival_id, s.status]));
          const missing = Object.entries(statesRef.current).filter(([id, s]) => merged[Number(id)] !== s);
          if (missing.length && window.confirm(mergeAttendanceQuestion(missing.length))) {
            for (const [id, status] of missing) {
              await put(Number(id), status).catch((error) => console.warn('api_error', error));
              merged[Number(id)] = status;
            }
            invalidateFestivals();
          }
          keep(merged);
        } catch (error) {
          console.warn("No se pudieron sincronizar 'Voy' y 'Me interesa'", error);
        }
      }),
    [keep, statesRef],
  );

  useEffect(() => onSessionEnded(() => keep({})), [keep]);

  // A session already open when the page loaded (marks made on another device since): the
  // account's marks replace what the device holds, once its profile is known. A sign-in made here
  // merges through onSignedIn above instead.
  const restored = useRef(Boolean(readStorage(storageKeys.token)));
  const userId = user?.id;
  useEffect(() => {
    if (userId === undefined || !restored.current) return;
    const controller = new AbortController();
    apiRequest<MyAttendance>('/api/attendance', { signal: controller.signal })
      .then((server) => {
        restored.current = false;
        keep(Object.fromEntries(server.map((s) => [s.festival_id, s.status])));
      })
      .catch((error) => {
        if ((error as Error).name !== 'AbortError') console.warn("No se pudieron leer 'Voy' y 'Me interesa'", error);
      });
    return () => controller.abort();
  }, [userId, keep]);

  const setStatus = useCallback(
    async (id: number, status: AttendanceStatus | null) => {
      const previous = statesRef.current;
      const next = { ...previous };
      if (status) next[id] = status;
      else delete next[id];
      keep(next);
      if (!token) return null;
      try {
        const answer = await put(id, status);
        // Cards and lists read the counts again: the server shows the new ones on the next read.
        invalidateFestivals();
        return answer;
      } catch (error) {
        keep(previous);
        toast((error as Error).message || "No se pudo guardar 'Voy' / 'Me interesa'", 'error');
        return null;
      }
    },
    [keep, statesRef, toast, token],
  );

  const value = useMemo<AttendanceContextValue>(
    () => ({ statusOf: (id) => states[id] ?? null, localOnly: !token, setStatus }),
    [states, setStatus, token],
  );
  return <AttendanceContext.Provider value={value}>{children}</AttendanceContext.Provider>;
}

export function useAttendance(): AttendanceContextValue {
  const ctx = useContext(AttendanceContext);
  if (!ctx) throw new Error('useAttendance must be used inside AttendanceProvider');
  return ctx;
}
