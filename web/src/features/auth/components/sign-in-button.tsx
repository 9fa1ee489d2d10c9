import { useEffect, useRef, useState } from 'react';
import { useToast } from '../../../components/toast/toast-provider';
import { webEnv } from '../../../config/env';
import { ApiError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { loadGoogleIdentity } from '../api/google-identity';
import './sign-in.css';

interface Props {
  /** Google button 340 px wide normally, 140 px compact (mobile menu). */
  compact?: boolean;
}

/**
 * The Google button when a client id is configured; if there is none or the SDK fails,
 * the manual 'Iniciar sesión' with the note 'Modo alternativo para navegación privada'.
 */
export function SignInButton({ compact = false }: Props) {
  const { signIn } = useAuth();
  const toast = useToast();
  const clientId = webEnv.googleClientId;
  const [fallback, setFallback] = useState(!clientId);
  const [busy, setBusy] = useState(false);
  const slot = useRef<HTMLDivElement>(null);

  const exchange = async (credential: string) => {
    setBusy(true);
    try {
      await signIn(credential);
    } catch (error) {
      // A refused exchange reads 'Error de autenticación: {status}'.
      const message =
        error instanceof ApiError && error.status > 0
          ? `Error de autenticación: ${error.status}`
          : (error as Error).message;
      toast(`Error al iniciar sesión: ${message}`, 'error');
    } finally {
      setBusy(false);
    }
  };
  const exchangeRef = useRef(exchange);
  exchangeRef.current = exchange;

  useEffect(() => {
    if (!clientId) return;
    let cancelled = false;
    loadGoogleIdentity()
      .then((google) => {
        if (cancelled || !slot.current) return;
        try {
          google.initialize({
            client_id: clientId,
            callback: (response) => void exchangeRef.current(response.credential),
          });
          google.renderButton(slot.current, {
            theme: 'filled_black',
            size: compact ? 'medium' : 'large',
            shape: 'pill',
            text: compact ? 'signin' : 'signin_with',
            locale: 'es',
            width: compact ? 140 : 340,
          });
        } catch (error) {
          console.warn(`Error al inicializar el botón de Google: ${(error as Error).message}`);
          setFallback(true);
        }
      })
      .catch((error: Error) => {
        console.warn(error.message);
        if (!cancelled) setFallback(true);
      });
    return () => {
      cancelled = true;
    };
  }, [clientId, compact]);

  if (!fallback)
    return <div ref={slot} className="google-button" style={{ minHeight: 40, minWidth: compact ? 140 : 200 }} />;

  return (
    <div className={compact ? 'signin signin-compact' : 'signin'}>
      <button
        type="button"
        className="btn btn-primary btn-sm"
        disabled={busy}
        onClick={() => void exchange(`manual_login_token_${Date.now()}`)}
      >
        {busy ? 'Entrando...' : 'Iniciar sesión'}
      </button>
      <span className="signin-note">Modo alternativo para navegación privada</span>
    </div>
  );
}
