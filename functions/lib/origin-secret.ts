import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * The header the CloudFront Router adds to every request it forwards (infra/router.ts), carrying
 * the stage's OriginSecret; a Lambda function URL called directly, bypassing CloudFront and its
 * headers, lacks it (functions/lib/lambda-handler.ts). No I/O: infra/ imports it too.
 */
export const ORIGIN_HEADER = 'x-origin-verify';

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/**
 * Constant-time comparison: both sides are hashed first, so neither the secret's length nor how
 * much of it a guess matched shows in the time taken.
 */
export function originSecretMatches(received: string | undefined, secret: string): boolean {
  if (received === undefined || secret.length === 0) return false;
  return timingSafeEqual(digest(received), digest(secret));
}
