import { createHmac } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { readUnsubscribeToken, unsubscribeToken } from './alert-unsubscribe';
import { resetEnv } from './env';

const SECRET = 'una-clave-de-sesion-de-prueba-de-32-caracteres-o-mas';

afterAll(() => resetEnv({ SESSION_SECRET: undefined }));

describe('alert unsubscribe tokens', () => {
  it('are signed with a key derived from SESSION_SECRET for this purpose, never with the secret itself', () => {
    resetEnv({ SESSION_SECRET: SECRET });
    const token = unsubscribeToken(42, 'artists');
    const signature = token.split('.')[2];
    const withSecret = createHmac('sha256', SECRET)
      .update('alert-unsubscribe:42:artists')
      .digest('base64url')
      .slice(0, 32);
    expect(signature).not.toBe(withSecret);
    const key = createHmac('sha256', SECRET).update('festivales-alert-unsubscribe').digest();
    expect(signature).toBe(
      createHmac('sha256', key).update('alert-unsubscribe:42:artists').digest('base64url').slice(0, 32),
    );
    expect(readUnsubscribeToken(token)).toEqual({ userId: 42, scope: 'artists' });
    // Links already mailed keep working; another user's id under a signature does not.
    expect(readUnsubscribeToken(`42.artists.${withSecret}`)).toEqual({ userId: 42, scope: 'artists' });
    expect(readUnsubscribeToken(`43.artists.${signature}`)).toBeNull();
  });
});
