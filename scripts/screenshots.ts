/**
 * Screenshots of every main screen at 375 and 1280 px, for a person to look at after a change to the
 * web app (look at what you change at both widths).
 *
 *   npm run screenshots -- [--port 3000] [--out DIR] [--only NAME] [--base-url URL] [--locale en-US]
 *
 * Without --base-url it starts the site (`npm start`: production build, fresh embedded database in a
 * temp dir) on --port, with the local fallback sign-in and the demo account as admin, and stops it at
 * the end. With --base-url it shoots a running site, which must allow the fallback sign-in
 * (AUTH_DEV_LOGIN) and make demo@festivales.local admin (ADMIN_EMAILS) for the signed-in screens.
 * --only keeps the screens whose name contains NAME. --locale sets the browser's language (es-ES by
 * default): the text stays Spanish, but date and time inputs take the browser's own format and width.
 * Files: DIR/<screen>-<width>.png.
 */
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { withWebServer } from '../bench/support/web-server';
import { routeMapTiles } from '../tests/e2e/support/png';
import { screens } from './screenshots/screens';
import { prepareData, prepareOrganizerData, prepareTogetherData, signIn } from './screenshots/session';

const { values: options } = parseArgs({
  options: {
    port: { type: 'string', default: '3000' },
    out: { type: 'string', default: path.join(tmpdir(), 'festivales-screenshots') },
    only: { type: 'string' },
    'base-url': { type: 'string' },
    locale: { type: 'string', default: 'es-ES' },
  },
});
if (options['base-url']) process.env.BASE_URL = options['base-url'];
const port = Number(options.port);
if (!Number.isInteger(port) || port <= 0 || port > 65535)
  throw new Error(`--port must be a port number, not ${options.port}`);
const out = path.resolve(options.out);
mkdirSync(out, { recursive: true });

const DEMO_ADMIN = 'demo@festivales.local';
// Debian's Chromium; the networking flags keep it off the closed network (as in the browser tests).
const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const consent = {
  preferences: { essential: true, analytics: false, marketing: false, personalization: false },
  version: '1.0',
};

await withWebServer(
  async (base) => {
    const token = await signIn(base);
    await prepareData(base, token);
    await prepareOrganizerData(base, token);
    await prepareTogetherData(base, token);
    // Scrollbars drawn as a desktop browser draws them (Playwright hides them by default), in the
    // gutter the page keeps for them (global.css).
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: chromiumArgs,
      ignoreDefaultArgs: ['--hide-scrollbars'],
    });
    let problems = 0;
    for (const width of [375, 1280]) {
      for (const screen of screens) {
        if (options.only && !screen.name.includes(options.only)) continue;
        if (screen.widths && !screen.widths.includes(width)) continue;
        const context = await browser.newContext({
          viewport: { width, height: width < 768 ? 812 : 860 },
          // A phone's width as a phone: scrollbars over the page, as phones draw them, rather than in
          // the desktop's reserved gutter.
          ...(width < 768 ? { isMobile: true, hasTouch: true } : {}),
          locale: options.locale,
          timezoneId: 'Europe/Madrid',
          reducedMotion: 'reduce',
        });
        // A stored cookie choice keeps the banner out of every picture but its own.
        await context.addInitScript(
          ([withConsent, choice, session]) => {
            if (withConsent)
              localStorage.setItem(
                'cookie-consent',
                JSON.stringify({ ...choice, timestamp: new Date().toISOString() }),
              );
            if (session) localStorage.setItem('google_token', session);
          },
          [screen.consent !== false, consent, screen.signedIn ? token : null] as const,
        );
        await routeMapTiles(context);
        const page = await context.newPage();
        const errors: string[] = [];
        page.on(
          'console',
          (m) => m.type() === 'error' && !screen.expectedErrors?.test(m.text()) && errors.push(m.text()),
        );
        page.on('pageerror', (e) => errors.push(e.message));
        const file = path.join(out, `${screen.name}-${width}.png`);
        try {
          await page.goto(`${base}${screen.path}`, { waitUntil: 'networkidle' });
          await screen.prepare?.(page, width);
          await page.waitForTimeout(300);
          await page.screenshot({ path: file, fullPage: screen.fullPage ?? true });
          console.log(`${file}${errors.length ? `  console errors: ${errors.join(' | ')}` : ''}`);
        } catch (error) {
          problems += 1;
          console.error(`${file}: ${(error as Error).message.split('\n')[0]}`);
        }
        await context.close();
      }
    }
    await browser.close();
    if (problems) process.exitCode = 1;
  },
  { port, env: { AUTH_DEV_LOGIN: '1', ADMIN_EMAILS: DEMO_ADMIN } },
);
