/** Google Identity Services, loaded only when a client id is configured; without one the manual sign-in shows. */
const SCRIPT_SRC = 'https://accounts.google.com/gsi/client';

interface GoogleAccountsId {
  initialize(options: {
    client_id: string;
    callback: (response: { credential: string }) => void;
    ux_mode?: string;
  }): void;
  renderButton(element: HTMLElement, options: Record<string, unknown>): void;
  disableAutoSelect(): void;
}

declare global {
  interface Window {
    google?: { accounts: { id: GoogleAccountsId } };
  }
}

let loading: Promise<GoogleAccountsId> | undefined;

export function loadGoogleIdentity(): Promise<GoogleAccountsId> {
  if (window.google?.accounts?.id) return Promise.resolve(window.google.accounts.id);
  loading ??= new Promise<GoogleAccountsId>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = SCRIPT_SRC;
    script.async = true;
    script.defer = true;
    script.onload = () =>
      window.google?.accounts?.id
        ? resolve(window.google.accounts.id)
        : reject(new Error('No se pudo cargar el SDK de Google'));
    script.onerror = () => reject(new Error('No se pudo cargar el SDK de Google'));
    document.head.appendChild(script);
  }).catch((error: Error) => {
    loading = undefined;
    throw error;
  });
  return loading;
}
