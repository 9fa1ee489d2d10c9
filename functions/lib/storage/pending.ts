/**
 * Browsers PUT under this prefix, never at the key the image is served from: what they send stays
 * private until the upload is confirmed and checked, and confirm writes the checked, re-encoded
 * copy to the public key (docs/decisions/021-private-uploads-until-confirmed.md).
 */
export const PENDING_PREFIX = 'pending/';

/** Where the browser's bytes for `key` wait for confirmation. */
export const pendingKey = (key: string) => `${PENDING_PREFIX}${key}`;

/** Every signed PUT carries it: a URL can create its object once and never overwrite it. */
export const IF_NONE_MATCH = '*';
