import { useEffect, useRef, useState } from 'react';
import { useToast } from '../../../components/toast/toast-provider';
import { webEnv } from '../../../config/env';
import { ApiError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { loadGoogleIdentity } from '../api/google-identity';
import { whenPageSettled } from '../api/when-page-settled';
import './sign-in.css';
import { useLatest } from '../../../lib/use-latest';

interface Props {
  /** Google button 340 px wide normally, 140 px compact (mobile menu). */
  compact?: boolean;
}

/**
 * The Google button when a client id is configured; if there is none or the SDK fails,
 * the manual 'Iniciar sesión' with the note 'Modo alternativo para navegación privada'.
 *
 * Google's script (and its button's frame) is fetched once the page has settled (its largest paint
 * done, the browser idle: whenPageSettled) and only where the button can be seen, or at once when
 * the visitor points at or moves focus into its place; that place keeps the button's size meanwhile,
 * so nothing moves when it appears.
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
  const exchangeRef = useLatest(exchange);

  useEffect(() => {
    const element = slot.current;
    if (!clientId || !element) return;
    let cancelled = false;
    let started = false;
    const render = () => {
      if (started) return;
      started = true;
      element.removeEventListener('pointerenter', render);
      element.removeEventListener('focusin', render);
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
    };
    element.addEventListener('pointerenter', render, { once: true });
    element.addEventListener('focusin', render, { once: true });
    // A place not laid out (the header's on a phone, where the menu holds its own) waits for the menu.
    void whenPageSettled().then(() => {
      if (!cancelled && element.getClientRects().length > 0) render();
    });
    return () => {
      cancelled = true;
      element.removeEventListener('pointerenter', render);
      element.removeEventListener('focusin', render);
    };
  }, [clientId, compact, exchangeRef]);

  if (!fallback)
    return <div ref={slot} className={compact ? 'google-button google-button-compact' : 'google-button'} />;

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
