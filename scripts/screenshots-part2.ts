/**
 * Screenshots of the part-2 screens at 375 and 1280 px (issue 6), for a person to look at.
 * Usage: BASE_URL=http://127.0.0.1:3202 npx tsx scripts/screenshots-part2.ts [name-filter]
 * The server must allow the local fallback sign-in (AUTH_DEV_LOGIN, the local default) and make
 * the demo account admin (ADMIN_EMAILS=demo@festivales.local) for the admin screens.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { routeMapTiles } from '../tests/e2e/support/part2';

const base = process.env.BASE_URL ?? 'http://127.0.0.1:3202';
const out = process.env.OUT ?? '/tmp/shots2';
const filter = process.argv[2];
mkdirSync(out, { recursive: true });

interface Shot {
  name: string;
  path: string;
  signedIn?: boolean;
  /** Runs after load, before the screenshot. */
  prepare?: (page: Page, width: number) => Promise<void>;
  fullPage?: boolean;
}

const shots: Shot[] = [
  { name: 'map', path: '/map', prepare: async (p) => void (await p.waitForSelector('[data-map-ready="true"]')), fullPage: false },
  {
    name: 'map-search',
    path: '/map',
    fullPage: false,
    prepare: async (p) => {
      await p.waitForSelector('[data-map-ready="true"]');
      await p.getByRole('searchbox', { name: 'Buscar en el mapa' }).fill('techno');
      await p.waitForTimeout(900);
    },
  },
  { name: 'calendar', path: '/calendar?fecha=2026-07-01', prepare: async (p) => void (await p.waitForSelector('.cal-grid, .cal-list, .cal-empty')) },
  { name: 'calendar-week', path: '/calendar?vista=semana&fecha=2026-07-15', prepare: async (p) => void (await p.waitForSelector('.cal-grid, .cal-list')) },
  {
    name: 'calendar-panel',
    path: '/calendar?fecha=2026-07-01',
    fullPage: false,
    prepare: async (p, width) => {
      if (width < 768) return;
      await p.waitForSelector('.cal-grid');
      await p.locator('.cal-cell.has-items .cal-day-number').first().click();
      await p.waitForSelector('dialog[open]');
      await p.waitForTimeout(300);
    },
  },
  { name: 'propose-signed-out', path: '/proponer' },
  { name: 'propose', path: '/proponer', signedIn: true, prepare: async (p) => void (await p.waitForSelector('form')) },
  { name: 'admin', path: '/admin', signedIn: true, prepare: async (p) => void (await p.waitForTimeout(1500)) },
  {
    name: 'admin-reports',
    path: '/admin',
    signedIn: true,
    prepare: async (p) => {
      await p.waitForTimeout(1200);
      await p.getByRole('tab', { name: /Reportes/ }).click().catch(() => undefined);
      await p.waitForTimeout(500);
    },
  },
  { name: 'admin-signed-out', path: '/admin' },
  {
    name: 'admin-festival-form',
    path: '/admin',
    signedIn: true,
    fullPage: false,
    prepare: async (p) => {
      await p.getByRole('button', { name: 'Nuevo festival' }).click();
      await p.getByRole('button', { name: 'Crear festival' }).click();
      await p.waitForTimeout(300);
    },
  },
  {
    name: 'admin-media',
    path: '/admin',
    signedIn: true,
    prepare: async (p) => {
      await p.getByRole('tab', { name: /Fotos/ }).click();
      await p.getByRole('tab', { name: /^Todos/ }).click();
      await p.waitForTimeout(300);
    },
  },
  {
    name: 'admin-media-form',
    path: '/admin',
    signedIn: true,
    fullPage: false,
    prepare: async (p) => {
      await p.getByRole('tab', { name: /Fotos/ }).click();
      await p.getByRole('button', { name: 'Nueva foto o vídeo' }).click();
      await p.waitForTimeout(300);
    },
  },
  {
    name: 'propose-errors',
    path: '/proponer',
    signedIn: true,
    prepare: async (p) => {
      await p.getByRole('textbox', { name: /Fecha de inicio/ }).fill('15-08-2031');
      await p.getByRole('textbox', { name: 'Géneros' }).fill('Techno, House');
      await p.getByRole('button', { name: 'Proponer festival' }).click();
      await p.waitForTimeout(300);
    },
  },
  { name: 'about', path: '/about', prepare: async (p) => void (await p.emulateMedia({ reducedMotion: 'reduce' })) },
  { name: 'legal-notice', path: '/legal-notice' },
  { name: 'privacy', path: '/privacy' },
  { name: 'privacy-rights', path: '/privacy#rights' },
  { name: 'contact', path: '/contact' },
  { name: 'help', path: '/help' },
];

async function token(): Promise<string> {
  const res = await fetch(`${base}/api/users/auth/google`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ credential: `manual_login_token_${Date.now()}` }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status}`);
  return (await res.json()).token;
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const session = await token().catch(() => null);
for (const width of [375, 1280]) {
  for (const shot of shots) {
    if (filter && !shot.name.includes(filter)) continue;
    const context = await browser.newContext({ viewport: { width, height: width < 768 ? 812 : 860 }, locale: 'es-ES', timezoneId: 'Europe/Madrid' });
    // No cookie banner in the pictures: a stored choice (spec §3 'cookie-consent').
    await context.addInitScript(
      ([signed, t]) => {
        localStorage.setItem('cookie-consent', JSON.stringify({ preferences: { essential: true, analytics: false, marketing: false, personalization: false }, timestamp: new Date().toISOString(), version: '1.0' }));
        if (signed && t) localStorage.setItem('google_token', t);
      },
      [Boolean(shot.signedIn), session] as const,
    );
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    page.on('pageerror', (e) => errors.push(e.message));
    await routeMapTiles(page);
    await page.goto(`${base}${shot.path}`, { waitUntil: 'networkidle' });
    await shot.prepare?.(page, width);
    await page.waitForTimeout(300);
    const file = path.join(out, `${shot.name}-${width}.png`);
    await page.screenshot({ path: file, fullPage: shot.fullPage ?? true });
    console.log(`${file}${errors.length ? `  console errors: ${errors.join(' | ')}` : ''}`);
    await context.close();
  }
}
await browser.close();
