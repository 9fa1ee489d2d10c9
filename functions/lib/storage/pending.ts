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

/**
 * Where an admin's hidden photo (and its resized copies) moves: like pending/, outside what is
 * served (the CDN reads users/ only; the local server serves its public directory only), so its old
 * URL answers 404 to everyone and only the admin's authenticated route reads it.
 */
export const HIDDEN_PREFIX = 'hidden/';

/** The private key a hidden photo at public `key` is kept under. */
export const hiddenKey = (key: string) => `${HIDDEN_PREFIX}${key}`;
