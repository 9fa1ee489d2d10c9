import { createHmac, timingSafeEqual } from 'node:crypto';
import { alertKinds, type AlertKind } from '#core/types';
import { env } from './env';
import { siteUrl } from './mail/site-url';

/** What one unsubscribe link turns off: the emails of one kind of alert, or every alert email. */
export type UnsubscribeScope = AlertKind | 'all';

const sign = (key: string | Buffer, userId: number, scope: UnsubscribeScope) =>
  createHmac('sha256', key).update(`alert-unsubscribe:${userId}:${scope}`).digest('base64url').slice(0, 32);

/**
 * The key of these tokens: derived from SESSION_SECRET with a label of its own, never the secret
 * itself, which also signs sessions. Every link mailed shows a signature; under the session key
 * itself each one was a value computed with it for whoever received the mail.
 */
const unsubscribeKey = () => createHmac('sha256', env().SESSION_SECRET).update('festivales-alert-unsubscribe').digest();

const signature = (userId: number, scope: UnsubscribeScope) => sign(unsubscribeKey(), userId, scope);

/** Links mailed before the key was derived were signed with the session secret: still read, never written. */
const legacySignature = (userId: number, scope: UnsubscribeScope) => sign(env().SESSION_SECRET, userId, scope);

/**
 * The one-click unsubscribe token of a user's alert emails: the user, the scope and an HMAC of both
 * under the session secret. Mail programs post it without a session (RFC 8058), so the token itself
 * must prove which user and which kind it stops; it needs no table and never expires.
 */
export function unsubscribeToken(userId: number, scope: UnsubscribeScope): string {
  return `${userId}.${scope}.${signature(userId, scope)}`;
}

export function readUnsubscribeToken(token: string): { userId: number; scope: UnsubscribeScope } | null {
  const [id, scope, sig] = token.split('.');
  const userId = Number(id);
  if (!Number.isSafeInteger(userId) || userId <= 0 || !sig) return null;
  if (scope !== 'all' && !(alertKinds as readonly string[]).includes(scope)) return null;
  const given = Buffer.from(sig);
  const matches = (expected: Buffer) => expected.length === given.length && timingSafeEqual(expected, given);
  const valid =
    matches(Buffer.from(signature(userId, scope as UnsubscribeScope))) ||
    matches(Buffer.from(legacySignature(userId, scope as UnsubscribeScope)));
  return valid ? { userId, scope: scope as UnsubscribeScope } : null;
}

export const alertUnsubscribeUrl = (userId: number, scope: UnsubscribeScope) =>
  siteUrl(`/api/users/email-unsubscribe?token=${encodeURIComponent(unsubscribeToken(userId, scope))}`);
