import webpush from 'web-push';
import type { OutboxRow } from '../outbox/deliver';
import { pushEndpointAllowed, pushTarget } from './push-endpoints';
import { postPush } from './push-request';
import { vapidKeys, vapidSubject } from './vapid';

/** How long a push service keeps a message for a device that is offline. */
const TTL_SECONDS = 24 * 3600;

/** What the service worker receives (web/src/sw/sw.ts shows it and opens `url` on click). */
export interface PushMessage {
  title: string;
  body: string;
  url: string;
  tag: string;
}

/** One browser subscribed by the row's user. */
export interface PushDevice {
  id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** What became of one outbox row: the devices to forget whatever the outcome. */
export interface PushResult {
  outcome: 'sent' | 'retry' | 'dropped';
  reason?: string;
  /** Devices the push service no longer knows (404, 410), or whose endpoint is no push service of ours. */
  gone: number[];
}

/**
 * Sends one outbox row to every device of its user at once, encrypted for each (RFC 8291) and signed
 * with our VAPID key (RFC 8292): web-push prepares each request, postPush sends it to the address
 * checked for its endpoint, within the signal's time. The row is sent when any device took it;
 * retried when none did for a passing reason; dropped when there is nothing to send it to. Runs
 * outside any transaction: the caller records the result.
 */
export async function pushToDevices(row: OutboxRow, devices: PushDevice[], signal: AbortSignal): Promise<PushResult> {
  const keys = vapidKeys();
  if (!keys) return { outcome: 'dropped', reason: 'Web Push sin claves VAPID: no se envía.', gone: [] };
  if (!row.userId) return { outcome: 'dropped', reason: 'Un aviso push necesita una cuenta.', gone: [] };
  // A reminder that missed its moment (the worker was down, retries ran out the clock) is noise.
  const expiresAt = row.payload.expiresAt ? Date.parse(row.payload.expiresAt) : undefined;
  if (expiresAt !== undefined && expiresAt <= Date.now())
    return { outcome: 'dropped', reason: 'El aviso llegó tarde: ya no se envía.', gone: [] };
  if (devices.length === 0)
    return { outcome: 'dropped', reason: 'La cuenta no tiene dispositivos suscritos.', gone: [] };
  const message: PushMessage = {
    title: row.payload.subject,
    body: row.payload.paragraphs[0] ?? '',
    url: row.payload.url ?? '/',
    tag: row.eventKey,
  };
  // Nor should a push service hold it for an offline device past that moment.
  const ttl =
    expiresAt === undefined
      ? TTL_SECONDS
      : Math.max(1, Math.min(TTL_SECONDS, Math.floor((expiresAt - Date.now()) / 1000)));
  const vapidDetails = { subject: vapidSubject(), publicKey: keys.publicKey, privateKey: keys.privateKey };
  const results = await Promise.all(
    devices.map(async (device): Promise<'delivered' | 'gone' | string> => {
      // Subscriptions stored before endpoints were checked, or of a service since taken off the list.
      if (!pushEndpointAllowed(device.endpoint)) return 'gone';
      try {
        const details = webpush.generateRequestDetails(
          { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
          JSON.stringify(message),
          { TTL: ttl, vapidDetails },
        );
        const answer = await postPush(details, await pushTarget(device.endpoint, signal), signal);
        if (answer.status >= 200 && answer.status < 300) return 'delivered';
        if (answer.status === 404 || answer.status === 410) return 'gone';
        return `HTTP ${answer.status} ${answer.body}`.trim();
      } catch (error) {
        return (error as Error).message || String(error);
      }
    }),
  );
  const gone = devices.filter((_, i) => results[i] === 'gone').map((d) => d.id);
  if (results.includes('delivered')) return { outcome: 'sent', gone };
  const failures = results.filter((r) => r !== 'gone' && r !== 'delivered');
  if (failures.length) return { outcome: 'retry', reason: `Web Push: ${failures.join('; ')}`, gone };
  return { outcome: 'dropped', reason: 'Todas las suscripciones push de la cuenta habían caducado.', gone };
}
