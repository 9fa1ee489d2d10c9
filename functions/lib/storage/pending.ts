/**
 * Browsers PUT under this prefix, never at the key the image is served from: what they send stays
 * private until the upload is confirmed and checked, and confirm writes the checked, re-encoded
 * copy to the public key (docs/decisions/021-private-uploads-until-confirmed.md). That is what keeps
 * uploads write-once with nothing asked of the client: a PUT with only the file and its Content-Type
 * (the spec's client) works, and a PUT to a pending key after its confirm changes nothing public.
 */
export const PENDING_PREFIX = 'pending/';

/** Where the browser's bytes for `key` wait for confirmation. */
export const pendingKey = (key: string) => `${PENDING_PREFIX}${key}`;
