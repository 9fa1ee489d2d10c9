import { eq, inArray } from 'drizzle-orm';
import webpush, { WebPushError } from 'web-push';
import { pushSubscriptionsTable } from '#db/schema';
import { log } from '../log';
import { UndeliverableError, type Sender } from '../outbox/deliver';
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

/**
 * Delivers one outbox row to every device the user subscribed, encrypted for each (RFC 8291) and
 * signed with our VAPID key (RFC 8292) by web-push. A device the push service no longer knows
 * (404, 410) is dropped. The row is done when any device took it; when none did for a passing
 * reason, it is retried as a whole.
 */
export const sendPushRow: Sender = async (row, tx) => {
  const keys = vapidKeys();
  if (!keys) throw new UndeliverableError('Web Push sin claves VAPID: no se envía.');
  if (!row.userId) throw new UndeliverableError('Un aviso push necesita una cuenta.');
  // A reminder that missed its moment (the worker was down, retries ran out the clock) is noise.
  const expiresAt = row.payload.expiresAt ? Date.parse(row.payload.expiresAt) : undefined;
  if (expiresAt !== undefined && expiresAt <= Date.now())
    throw new UndeliverableError('El aviso llegó tarde: ya no se envía.');
  const devices = await tx.select().from(pushSubscriptionsTable).where(eq(pushSubscriptionsTable.userId, row.userId));
  if (devices.length === 0) throw new UndeliverableError('La cuenta no tiene dispositivos suscritos.');
  const message: PushMessage = {
    title: row.payload.subject,
    body: row.payload.paragraphs[0] ?? '',
    url: row.payload.url ?? '/',
    tag: row.eventKey,
  };
  const expired: number[] = [];
  const failures: string[] = [];
  let delivered = 0;
  for (const device of devices) {
    try {
      await webpush.sendNotification(
        { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
        JSON.stringify(message),
        {
          // Nor should a push service hold it for an offline device past that moment.
          TTL:
            expiresAt === undefined
              ? TTL_SECONDS
              : Math.max(1, Math.min(TTL_SECONDS, Math.floor((expiresAt - Date.now()) / 1000))),
          vapidDetails: { subject: vapidSubject(), publicKey: keys.publicKey, privateKey: keys.privateKey },
          timeout: 10_000,
        },
      );
      delivered++;
    } catch (error) {
      if (error instanceof WebPushError && (error.statusCode === 404 || error.statusCode === 410))
        expired.push(device.id);
      else failures.push((error as Error).message);
    }
  }
  if (expired.length) {
    await tx.delete(pushSubscriptionsTable).where(inArray(pushSubscriptionsTable.id, expired));
    log().info({ userId: row.userId, dropped: expired.length }, 'expired push subscriptions dropped');
  }
  if (delivered > 0) return;
  if (failures.length) throw new Error(`Web Push: ${failures.join('; ')}`);
  throw new UndeliverableError('Todas las suscripciones push de la cuenta habían caducado.');
};
