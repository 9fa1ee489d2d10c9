import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useToast } from '../components/toast/toast-provider';
import { ApiError, apiRequest, UNAUTHORIZED_EVENT } from './api-client';
import { forgetOfflineReads, forgetPushSubscription } from './offline-cache';
import { forgetPersonalData, readStorage, storageKeys, writeStorage } from './storage';
import type { User } from '#core/response-schemas';
import { useLatest } from './use-latest';

interface AuthContextValue {
  user: User | null;
  token: string | null;
  isAdmin: boolean;
  /** True until the first profile check of a stored token has answered. */
  checking: boolean;
  /** Exchanges a Google credential (or the fallback's manual_login_token_*) for our session. */
  signIn: (credential: string) => Promise<User>;
  /** 'Cerrar sesión': this device only; the server forgets the session too. */
  signOut: (options?: { silent?: boolean; endedOnServer?: boolean }) => void;
  /** 'Cerrar sesión en todos los dispositivos': resolves false (and says why) when the server could not do it. */
  signOutEverywhere: () => Promise<boolean>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

const PROFILE_CHECK_MS = 30_000; // the profile is checked at load and every 30 s

/** Listeners run after a successful sign-in (favourites merge, notifications). */
type SignInListener = (user: User) => Promise<void> | void;
const signInListeners = new Set<SignInListener>();
export function onSignedIn(listener: SignInListener): () => void {
  signInListeners.add(listener);
  return () => signInListeners.delete(listener);
}

/** Listeners run whenever a session ends, however it ends (state kept in memory from the person's data). */
const sessionEndListeners = new Set<() => void>();
export function onSessionEnded(listener: () => void): () => void {
  sessionEndListeners.add(listener);
  return () => sessionEndListeners.delete(listener);
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const toast = useToast();
  const [token, setToken] = useState<string | null>(() => readStorage(storageKeys.token));
  const [user, setUser] = useState<User | null>(null);
  const [checking, setChecking] = useState<boolean>(() => Boolean(readStorage(storageKeys.token)));
  const tokenRef = useLatest(token);

  /**
   * Every way a session ends comes here: 'Cerrar sesión', all devices, a token the server no longer
   * takes (expired, revoked, the account deleted: the profile check or any 401). Nothing of the
   * person stays on a shared browser: the token, the answers kept offline, favourites and timetable
   * picks, and this browser's push subscription (the next person subscribes anew).
   */
  const clear = useCallback(() => {
    const hadSession = readStorage(storageKeys.token) !== null || tokenRef.current !== null;
    writeStorage(storageKeys.token, null);
    setToken(null);
    setUser(null);
    if (!hadSession) return;
    forgetOfflineReads();
    forgetPersonalData();
    forgetPushSubscription();
    for (const listener of sessionEndListeners) listener();
  }, [tokenRef]);

  const signOut = useCallback(
    (options: { silent?: boolean; endedOnServer?: boolean } = {}) => {
      const session = readStorage(storageKeys.token);
      clear();
      if (!options.silent) toast('Has cerrado sesión', 'info');
      // Signed out here at once; the server revokes the token in the background. If it cannot be
      // reached the token still expires on its own within a day.
      // endedOnServer: the server has ended it already (the account was deleted), nothing to revoke.
      if (session && !options.endedOnServer)
        void revokeSession('/api/users/logout', session).catch((error) =>
          console.warn('Cierre de sesión sin respuesta', error),
        );
    },
    [clear, toast],
  );

  const signOutEverywhere = useCallback(async () => {
    const session = readStorage(storageKeys.token);
    if (!session) return false;
    try {
      await revokeSession('/api/users/logout-all', session);
    } catch (error) {
      // An expired session is signed out everywhere already; anything else is worth a retry.
      if (!(error instanceof ApiError && error.status === 401)) {
        toast('No se pudo cerrar la sesión en todos los dispositivos. Inténtalo de nuevo.', 'error');
        return false;
      }
    }
    clear();
    toast('Has cerrado sesión en todos los dispositivos', 'info');
    return true;
  }, [clear, toast]);

  const checkProfile = useCallback(async () => {
    // Without a session there is nothing to check (and `checking` reads false).
    if (!tokenRef.current) return;
    try {
      const { token: renewed, ...profile } = await apiRequest<User & { token?: string }>('/api/users/profile');
      // Past half its life the session comes back renewed: keep using the fresh token.
      if (renewed && readStorage(storageKeys.token) === tokenRef.current) {
        writeStorage(storageKeys.token, renewed);
        setToken(renewed);
      }
      setUser(profile);
    } catch (error) {
      // A non-OK profile answer removes the token. No answer at all (offline, the
      // server restarting) is not a verdict on the session: it is kept for the next check.
      if (error instanceof ApiError && error.status === 0) console.warn('Comprobación de perfil sin respuesta', error);
      else clear();
    } finally {
      setChecking(false);
    }
  }, [clear, tokenRef]);

  useEffect(() => {
    // The check answers later in any case (a request): it is started from a task, as the later ones are.
    const first = window.setTimeout(() => void checkProfile());
    const timer = window.setInterval(() => void checkProfile(), PROFILE_CHECK_MS);
    return () => {
      window.clearTimeout(first);
      window.clearInterval(timer);
    };
  }, [checkProfile]);

  useEffect(() => {
    const onUnauthorized = () => clear();
    window.addEventListener(UNAUTHORIZED_EVENT, onUnauthorized);
    return () => window.removeEventListener(UNAUTHORIZED_EVENT, onUnauthorized);
  }, [clear]);

  const signIn = useCallback(
    async (credential: string) => {
      const { token: session, ...profile } = await apiRequest<User & { token: string }>('/api/users/auth/google', {
        method: 'POST',
        body: { credential },
        auth: false,
      });
      writeStorage(storageKeys.token, session);
      setToken(session);
      setUser(profile);
      for (const listener of signInListeners) {
        try {
          await listener(profile);
        } catch (error) {
          console.warn(error);
        }
      }
      toast(`¡Bienvenido/a ${profile.name}!`, 'success');
      return profile;
    },
    [toast],
  );

  const value = useMemo<AuthContextValue>(
    () => ({
      user,
      token,
      isAdmin: user?.role === 'admin',
      checking: checking && token !== null,
      signIn,
      signOut,
      signOutEverywhere,
    }),
    [user, token, checking, signIn, signOut, signOutEverywhere],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/** Ends sessions on the server with the given token (read before the local one is cleared). */
function revokeSession(path: string, token: string): Promise<void> {
  return apiRequest<void>(path, { method: 'POST', auth: false, headers: { Authorization: `Bearer ${token}` } });
}

export function useAuth(): AuthContextValue {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth must be used inside AuthProvider');
  return ctx;
}
