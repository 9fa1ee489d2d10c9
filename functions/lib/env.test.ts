import { describe, expect, it } from 'vitest';
import { DEVELOPMENT_SESSION_SECRET, parseEnv } from './env';

const SECRET = 'a-production-secret-of-more-than-32-characters';
const production = {
  NODE_ENV: 'production',
  SESSION_SECRET: SECRET,
  PUBLIC_BASE_URL: 'https://festivales.example.com',
};

describe('development mode (a fresh clone: no variables at all)', () => {
  it('runs with the fixed local secret, the demo sign-in and the loopback interface', () => {
    const config = parseEnv({});
    expect(config).toMatchObject({
      production: false,
      NODE_ENV: 'development',
      AUTH_DEV_LOGIN: true,
      HOST: '127.0.0.1',
      TRUSTED_PROXIES: 0,
    });
    expect(config.SESSION_SECRET).toBe(DEVELOPMENT_SESSION_SECRET);
    expect(config.sessionSecretConfigured).toBe(false);
    expect(config.PUBLIC_BASE_URL).toBeUndefined();
  });

  it('listens where HOST says and turns the demo sign-in off once Google is configured', () => {
    expect(parseEnv({ HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
    expect(parseEnv({ GOOGLE_CLIENT_ID: 'id.apps.googleusercontent.com' }).AUTH_DEV_LOGIN).toBe(false);
    expect(parseEnv({ GOOGLE_CLIENT_ID: 'id.apps.googleusercontent.com', AUTH_DEV_LOGIN: '1' }).AUTH_DEV_LOGIN).toBe(
      true,
    );
  });
});

describe('production mode', () => {
  it('starts with a real secret and a public address, listening on every interface without the demo sign-in', () => {
    const config = parseEnv(production);
    expect(config).toMatchObject({
      production: true,
      AUTH_DEV_LOGIN: false,
      HOST: undefined,
      SESSION_SECRET: SECRET,
      sessionSecretConfigured: true,
    });
    expect(parseEnv({ ...production, HOST: '10.0.0.5' }).HOST).toBe('10.0.0.5');
  });

  it.each([
    ['no SESSION_SECRET', { SESSION_SECRET: undefined }, /SESSION_SECRET is required in production/],
    ['a short SESSION_SECRET', { SESSION_SECRET: 'too-short' }, /SESSION_SECRET must be at least 32 characters/],
    [
      'the public development secret',
      { SESSION_SECRET: DEVELOPMENT_SESSION_SECRET },
      /SESSION_SECRET must not be the public development value/,
    ],
    ['no PUBLIC_BASE_URL', { PUBLIC_BASE_URL: undefined }, /PUBLIC_BASE_URL is required in production/],
    [
      'a relative PUBLIC_BASE_URL',
      { PUBLIC_BASE_URL: 'festivales.example.com' },
      /PUBLIC_BASE_URL must be an absolute http\(s\) URL/,
    ],
    ['the demo sign-in', { AUTH_DEV_LOGIN: '1' }, /AUTH_DEV_LOGIN .* only allowed in development/],
  ])('refuses to start with %s, naming the variable', (_label, change, message) => {
    expect(() => parseEnv({ ...production, ...change })).toThrow(message);
  });

  it('is what any deployed stage runs in, whatever NODE_ENV says', () => {
    expect(() => parseEnv({ AWS_LAMBDA_FUNCTION_NAME: 'festivales-prod-Api' })).toThrow(
      /SESSION_SECRET is required in production.*PUBLIC_BASE_URL is required/,
    );
    const lambda = parseEnv({
      AWS_LAMBDA_FUNCTION_NAME: 'festivales-prod-Api',
      SESSION_SECRET: SECRET,
      PUBLIC_BASE_URL: 'https://x.example',
    });
    expect(lambda).toMatchObject({ production: true, onLambda: true, AUTH_DEV_LOGIN: false });
  });

  it('takes an origin secret of at least 32 characters', () => {
    const deployed = {
      AWS_LAMBDA_FUNCTION_NAME: 'festivales-prod-Api',
      SESSION_SECRET: SECRET,
      PUBLIC_BASE_URL: 'https://x.example',
    };
    expect(parseEnv({ ...deployed, ORIGIN_SECRET: SECRET }).ORIGIN_SECRET).toBe(SECRET);
    expect(() => parseEnv({ ...deployed, ORIGIN_SECRET: 'short' })).toThrow(
      /ORIGIN_SECRET must be at least 32 characters/,
    );
  });

  it('refuses an unknown NODE_ENV instead of guessing', () => {
    expect(() => parseEnv({ NODE_ENV: 'staging' })).toThrow(/NODE_ENV must be development, test or production/);
  });
});

describe('TRUSTED_PROXIES', () => {
  it('is a small whole number, 0 by default', () => {
    expect(parseEnv({ TRUSTED_PROXIES: '2' }).TRUSTED_PROXIES).toBe(2);
    expect(() => parseEnv({ TRUSTED_PROXIES: 'yes' })).toThrow(/TRUSTED_PROXIES/);
    expect(() => parseEnv({ TRUSTED_PROXIES: '-1' })).toThrow(/TRUSTED_PROXIES/);
  });
});
