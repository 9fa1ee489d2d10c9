import { ApiError, apiRequest } from '../../../lib/api-client';

/** Web Push needs a service worker, the Push API and notifications: not every browser (nor every mode) has them. */
export const pushSupported = () =>
  typeof navigator !== 'undefined' &&
  'serviceWorker' in navigator &&
  'PushManager' in window &&
  'Notification' in window;

async function registration(): Promise<ServiceWorkerRegistration | null> {
  if (!pushSupported()) return null;
  return (await navigator.serviceWorker.getRegistration()) ?? null;
}

/** This browser's subscription, if it has one. */
export async function currentPushSubscription(): Promise<PushSubscription | null> {
  const reg = await registration();
  return reg ? reg.pushManager.getSubscription() : null;
}

function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(value.length / 4) * 4, '=');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

export const PUSH_DENIED =
  'El navegador tiene bloqueadas las notificaciones de este sitio: permítelas en su configuración para activar los avisos.';
export const PUSH_NO_WORKER =
  'Los avisos push necesitan la app instalada en este navegador: recarga la página e inténtalo de nuevo.';

/** Asks for permission, subscribes this browser with our VAPID key and tells the server. */
export async function enablePush(): Promise<void> {
  const reg = await registration();
  if (!reg) throw new Error(PUSH_NO_WORKER);
  if ((await Notification.requestPermission()) !== 'granted') throw new Error(PUSH_DENIED);
  const { publicKey } = await apiRequest<{ publicKey: string }>('/api/push/vapid-public-key', { auth: false });
  const subscribe = () =>
    reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: base64UrlToBytes(publicKey) });
  const subscription = (await reg.pushManager.getSubscription()) ?? (await subscribe());
  try {
    await apiRequest('/api/push/subscriptions', { method: 'POST', body: subscription.toJSON() });
  } catch (error) {
    // 404: this browser's subscription belongs to another account (someone else's session here never
    // ended in this browser): it is replaced by a new one of this account's own.
    if (!(error instanceof ApiError && error.status === 404)) throw error;
    await subscription.unsubscribe();
    await apiRequest('/api/push/subscriptions', { method: 'POST', body: (await subscribe()).toJSON() });
  }
}

/** Ends this browser's subscription here and on the server. */
export async function disablePush(): Promise<void> {
  const subscription = await currentPushSubscription();
  if (!subscription) return;
  await apiRequest('/api/push/subscriptions', { method: 'DELETE', body: { endpoint: subscription.endpoint } }).catch(
    () => undefined,
  );
  await subscription.unsubscribe();
}
