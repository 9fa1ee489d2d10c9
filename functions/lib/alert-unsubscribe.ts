import { createHmac, timingSafeEqual } from 'node:crypto';
import { alertKinds, type AlertKind } from '#core/types';
import { env } from './env';
import { siteUrl } from './mail/site-url';

/** What one unsubscribe link turns off: the emails of one kind of alert, or every alert email. */
export type UnsubscribeScope = AlertKind | 'all';

const signature = (userId: number, scope: UnsubscribeScope) =>
  createHmac('sha256', env().SESSION_SECRET!)
    .update(`alert-unsubscribe:${userId}:${scope}`)
    .digest('base64url')
    .slice(0, 32);

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
  const expected = Buffer.from(signature(userId, scope as UnsubscribeScope));
  const given = Buffer.from(sig);
  return expected.length === given.length && timingSafeEqual(expected, given)
    ? { userId, scope: scope as UnsubscribeScope }
    : null;
}

export const alertUnsubscribeUrl = (userId: number, scope: UnsubscribeScope) =>
  siteUrl(`/api/users/email-unsubscribe?token=${encodeURIComponent(unsubscribeToken(userId, scope))}`);
