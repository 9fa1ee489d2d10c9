import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import { importJWK, SignJWT } from 'jose';
import { simpleParser, type ParsedMail } from 'mailparser';
import { E2E_ADMIN_EMAIL, E2E_CLIENT_ID, E2E_KEY_FILE, E2E_MAIL_DIR } from './constants';
import { routeMapTiles } from './png';

export interface Person {
  email: string;
  name: string;
}

/** Signs a person in through the real auth endpoint with an ID token from the e2e key set. */
export async function sessionFor(
  page: Page,
  person: Person,
): Promise<{ token: string; user: { id: number; name: string; role: string } }> {
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
export const person = (name: string): Person => ({
  email: `${name.toLowerCase().replace(/\W+/g, '.')}.${Date.now()}@festivales.e2e`,
  name,
});

const allowedErrors = new WeakMap<Page, RegExp[]>();

/**
 * Lets one test expect a console error it provokes on purpose (a 404 page, a failing endpoint):
 * Chromium logs every failed request as "Failed to load resource: ... status of 404".
 */
export function allowConsoleError(page: Page, pattern: RegExp): void {
  allowedErrors.set(page, [...(allowedErrors.get(page) ?? []), pattern]);
}

/** Every test fails on a console error or an uncaught page error (an error a person would not see is still a bug). */
export const test = base.extend<{ consoleErrors: string[]; offlineMapTiles: void }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (msg) => {
        if (msg.type() === 'error') errors.push(msg.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      // Which requests failed, to make a "Failed to load resource" message actionable.
      const failed: string[] = [];
      page.on('response', (res) => {
        if (res.status() >= 400) failed.push(`${res.status()} ${res.request().method()} ${res.url()}`);
      });
      await use(errors);
      const allowed = allowedErrors.get(page) ?? [];
      expect(
        errors.filter((e) => !allowed.some((pattern) => pattern.test(e))),
        `console errors (failed requests: ${failed.join(', ') || 'none'})`,
      ).toEqual([]);
    },
    { auto: true },
  ],
  offlineMapTiles: [
    async ({ context }, use) => {
      // The network is closed in tests: map tiles come from memory, so none fails in the console.
      await routeMapTiles(context);
      await use();
    },
    { auto: true },
  ],
});

/** Stores a cookie choice before the page loads, so the banner stays out of the way. */
export async function withCookieChoice(page: Page): Promise<void> {
  await page.addInitScript(() => {
    if (!window.localStorage.getItem('cookie-consent')) {
      window.localStorage.setItem(
        'cookie-consent',
        JSON.stringify({
          preferences: { essential: true, analytics: false, marketing: false, personalization: false },
          timestamp: new Date().toISOString(),
          version: '1.0',
        }),
      );
    }
  });
}

/** The approved catalogue as the API serves it. */
export async function catalogue(page: Page): Promise<
  Array<{
    id: number;
    name: string;
    location: string | null;
    genres: string[];
    start_date: string | null;
    end_date: string | null;
    averageRating: number;
    hasValidCoordinates: boolean;
    latitude: number | null;
    longitude: number | null;
    transportation: string | null;
  }>
> {
  const res = await page.request.get('/api/festivals');
  expect(res.ok()).toBeTruthy();
  return res.json();
}

/** An API call with a session token (admin set-up steps of a test). */
export async function api(page: Page, token: string, method: string, path: string, data?: unknown) {
  const res = await page.request.fetch(path, { method, headers: { Authorization: `Bearer ${token}` }, data });
  if (!res.ok()) throw new Error(`${method} ${path}: ${res.status()} ${await res.text()}`);
  return res.status() === 204 ? null : res.json();
}

const parsedMail = new Map<string, ParsedMail>();

/**
 * The messages the site has sent to `address`, as the e2e server's SMTP server received them
 * (support/serve.ts), oldest first, once at least `count` have arrived. The outbox worker sends
 * every few seconds, behind whatever other tests queued, hence the wait.
 */
export async function mailTo(address: string, { count = 1, timeoutMs = 30_000 } = {}): Promise<ParsedMail[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const names = readdirSync(E2E_MAIL_DIR)
      .filter((f) => f.endsWith('.eml'))
      .sort();
    for (const name of names) {
      if (!parsedMail.has(name)) parsedMail.set(name, await simpleParser(readFileSync(path.join(E2E_MAIL_DIR, name))));
    }
    const mine = names
      .map((n) => parsedMail.get(n)!)
      .filter((m) =>
        [m.to].flat().some((to) => to?.value.some((v) => v.address?.toLowerCase() === address.toLowerCase())),
      );
    if (mine.length >= count) return mine;
    if (Date.now() > deadline) throw new Error(`esperaba ${count} correos para ${address}, llegaron ${mine.length}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

export { expect };
