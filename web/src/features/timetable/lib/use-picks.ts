import { useCallback, useEffect, useRef, useState } from 'react';
import { useAuth } from '../../../lib/auth';
import { useOnline } from '../../../lib/use-online';
import { getTimetable, putTimetable } from '../api/timetable';
import { readPicks, writePicks } from './picks-store';

/**
 * My picks of a festival: read and written on the device at once (so they work without signal),
 * and, when signed in, sent to the server: right away when online, else when the connection
 * returns. On opening while signed in, a list the server has not got yet (made offline or signed
 * out) wins and is sent; otherwise the server's list replaces the device's.
 */
export function usePicks(festivalId: number) {
  // The stored session, not the checked profile: after a reload without signal the profile is
  // unknown until the next check, and picks made meanwhile must still be sent once back online.
  const { token } = useAuth();
  const online = useOnline();
  const [picks, setPicks] = useState<number[]>(() => readPicks(festivalId).picks);
  const [syncError, setSyncError] = useState<string | null>(null);
  const signedIn = !!token;
  const sending = useRef(false);

  const send = useCallback(
    async (first: number[]) => {
      // One request at a time; a change made meanwhile is sent by the loop once this one is answered.
      if (sending.current) return;
      sending.current = true;
      try {
        let list = first;
        for (;;) {
          const saved = await putTimetable(festivalId, list);
          const latest = readPicks(festivalId).picks;
          if (latest.join() === list.join()) {
            writePicks(festivalId, { picks: saved.picks, unsynced: false });
            break;
          }
          list = latest;
        }
        setSyncError(null);
      } catch (error) {
        setSyncError((error as Error).message || 'No se ha podido guardar tu horario.');
      } finally {
        sending.current = false;
      }
    },
    [festivalId],
  );

  // Signed in and online: bring the device and the server into step.
  useEffect(() => {
    if (!signedIn || !online) return;
    const controller = new AbortController();
    const local = readPicks(festivalId);
    if (local.unsynced) {
      // Sent once this render is committed (its answer comes later anyway).
      void Promise.resolve().then(() => send(local.picks));
    } else {
      getTimetable(festivalId, controller.signal)
        .then((server) => {
          if (readPicks(festivalId).unsynced) return;
          writePicks(festivalId, { picks: server.picks, unsynced: false });
          setPicks(server.picks);
        })
        .catch(() => undefined);
    }
    return () => controller.abort();
  }, [festivalId, signedIn, online, send]);

  const toggle = useCallback(
    (id: number) => {
      const current = readPicks(festivalId).picks;
      const next = current.includes(id) ? current.filter((p) => p !== id) : [...current, id].sort((a, b) => a - b);
      writePicks(festivalId, { picks: next, unsynced: true });
      setPicks(next);
      if (signedIn && navigator.onLine) void send(next);
    },
    [festivalId, signedIn, send],
  );

  return { picks, toggle, syncError, signedIn };
}
