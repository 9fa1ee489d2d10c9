import { afterEach, describe, expect, it } from 'vitest';
import { defaultProvider } from '../../infra/lambda-credentials';

const NAMES = ['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY', 'AWS_SESSION_TOKEN'] as const;
const saved = Object.fromEntries(NAMES.map((n) => [n, process.env[n]]));

afterEach(() => {
  for (const name of NAMES) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
});

describe('credentials in the Lambda bundles (infra/lambda-credentials.ts)', () => {
  it('reads the execution role’s credentials from the environment, as Lambda provides them', async () => {
    Object.assign(process.env, {
      AWS_ACCESS_KEY_ID: 'ASIAEXAMPLE',
      AWS_SECRET_ACCESS_KEY: 'secret',
      AWS_SESSION_TOKEN: 'token',
    });
    await expect(defaultProvider()()).resolves.toMatchObject({
      accessKeyId: 'ASIAEXAMPLE',
      secretAccessKey: 'secret',
      sessionToken: 'token',
    });
  });

  it('fails clearly where there are none', async () => {
    for (const name of NAMES) delete process.env[name];
    await expect(defaultProvider()()).rejects.toThrow(/credentials/i);
  });
});
