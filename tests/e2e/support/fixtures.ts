import { readFileSync } from 'node:fs';
import { test as base, expect, type Page } from '@playwright/test';
import { importJWK, SignJWT } from 'jose';
import { E2E_ADMIN_EMAIL, E2E_CLIENT_ID, E2E_KEY_FILE } from './constants';

export interface Person {
  email: string;
  name: string;
}

/** Signs a person in through the real auth endpoint with an ID token from the e2e key set. */
export async function sessionFor(page: Page, person: Person): Promise<{ token: string; user: { id: number; name: string; role: string } }> {
  const key = await importJWK(JSON.parse(readFileSync(E2E_KEY_FILE, 'utf8')), 'RS256');
  const credential = await new SignJWT({ email: person.email, name: person.name, email_verified: true })
    .setProtectedHeader({ alg: 'RS256', kid: 'e2e' })
    .setSubject(`e2e-${person.email}`)
    .setIssuer('https://accounts.google.com')
    .setAudience(E2E_CLIENT_ID)
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(key);
  const res = await page.request.post('/api/users/auth/google', { data: { credential } });
  expect(res.ok()).toBeTruthy();
  const { token, ...user } = await res.json();
  return { token, user };
}

/** Stores the session token as the SPA does, before any page script runs. */
export async function login(page: Page, person: Person) {
  const session = await sessionFor(page, person);
  await page.addInitScript((token) => window.localStorage.setItem('google_token', token), session.token);
  return session;
}

export const admin: Person = { email: E2E_ADMIN_EMAIL, name: 'Admin Festivales' };
export const person = (name: string): Person => ({ email: `${name.toLowerCase().replace(/\W+/g, '.')}.${Date.now()}@festivales.e2e`, name });

/** Every test fails on a console error or an uncaught page error (STYLE.md "Tests that prove behaviour"). */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (msg) => {
        if (msg.type() === 'error') errors.push(msg.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use(errors);
      expect(errors, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
