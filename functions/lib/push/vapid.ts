import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';
import { env } from '../env';
import { log } from '../log';
import { siteUrl } from '../mail/site-url';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

let cached: VapidKeys | null | undefined;

/**
 * The VAPID key pair push services check our messages against: VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY
 * when set (production: the same pair for the life of the site, since every browser's subscription
 * is bound to the public key). Otherwise, off Lambda, a pair generated once into
 * DATA_DIR/vapid-keys.json, so a developer's subscriptions survive restarts. Null on Lambda without
 * them: push is off and says so.
 */
export function vapidKeys(): VapidKeys | null {
  if (cached !== undefined) return cached;
  const config = env();
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY)
    return (cached = { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY });
  if (config.onLambda) return (cached = null);
  const file = path.resolve(config.DATA_DIR, 'vapid-keys.json');
  try {
    cached = JSON.parse(readFileSync(file, 'utf8')) as VapidKeys;
  } catch {
    cached = webpush.generateVAPIDKeys();
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify(cached), { mode: 0o600 });
    log().info({ file }, 'VAPID keys generated for Web Push');
  }
  return cached;
}

/**
 * The public key alone, all a browser needs to subscribe. On AWS the API functions are given only
 * VAPID_PUBLIC_KEY (the private key stays with the function that sends), so the public key must
 * not wait for the pair.
 */
export function vapidPublicKey(): string | null {
  return env().VAPID_PUBLIC_KEY ?? vapidKeys()?.publicKey ?? null;
}

/** Forget the keys read (tests change DATA_DIR or the variables). */
export function resetVapidKeys(): void {
  cached = undefined;
}

/** Who push services may contact about our messages: the site's address (RFC 8292 allows https: or mailto:). */
export function vapidSubject(): string {
  const site = siteUrl();
  return site.startsWith('https://') ? site : `mailto:${env().MAIL_FROM.replace(/^.*<|>.*$/g, '')}`;
}
