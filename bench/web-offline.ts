/**
 * Offline after one online visit, in Chromium with the service worker (Playwright's offline mode):
 * `/`, `/favorites`, a favourited festival's page with its lineup, and that festival's timetable
 * ('Mi horario') render with their content, and the console stays free of errors.
 *
 * The online visit, as a person would make it on a phone (375 px): the home, the festival whose
 * current edition has set times, 'Añadir a favoritos' on it, its 'Mi horario' with one set picked,
 * the favourites. Then the network is cut and each screen is opened again by its address (a full
 * load, answered by the worker). For each: what was looked for on screen, whether it showed, the
 * time to show it, and the console errors (failed requests included).
 *
 *   npm run bench -- web-offline                          (starts `npm start` on a free port)
 *   BASE_URL=http://127.0.0.1:3000 npx tsx bench/web-offline.ts
 */
import { chromium, type Page } from '@playwright/test';
import { withWebServer } from './support/web-server';

const args = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

interface Entry {
  id: number;
  artist: { name: string };
  day: string | null;
  stage: string | null;
  starts_at: string | null;
  ends_at: string | null;
}

let failed = false;
await withWebServer(async (base) => {
  // The festival whose current edition has set times (the seed has one).
  const list = (await (await fetch(`${base}/api/festivals`)).json()) as { id: number; name: string }[];
  let festival: { id: number; name: string; lineup: Entry[] } | undefined;
  for (const f of list) {
    const detail = await (await fetch(`${base}/api/festivals/${f.id}`)).json();
    if ((detail.lineup ?? []).some((e: Entry) => e.starts_at && e.ends_at)) {
      festival = { id: f.id, name: f.name, lineup: detail.lineup };
      break;
    }
  }
  if (!festival) throw new Error('no festival has set times');
  const timed = festival.lineup
    .filter((e) => e.starts_at && e.ends_at)
    .sort((a, b) => a.day!.localeCompare(b.day!) || a.starts_at!.localeCompare(b.starts_at!));
  const picked = timed[0];

  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args });
  try {
    const context = await browser.newContext({
      viewport: { width: 375, height: 812 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
      serviceWorkers: 'allow',
      locale: 'es-ES',
      timezoneId: 'Europe/Madrid',
    });
    await context.addInitScript(() => {
      localStorage.setItem(
        'cookie-consent',
        JSON.stringify({
          preferences: { essential: true, analytics: false, marketing: false, personalization: false },
          timestamp: new Date().toISOString(),
          version: '1.0',
        }),
      );
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error') errors.push(msg.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('requestfailed', (request) =>
      errors.push(`request failed: ${request.url()} (${request.failure()?.errorText})`),
    );

    // The online visit.
    await page.goto(`${base}/`);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 });
    await page.goto(`${base}/festival/${festival.id}`);
    await page.getByRole('heading', { level: 1, name: festival.name }).waitFor();
    await page
      .getByRole('button', { name: `Añadir ${festival.name} a favoritos` })
      .first()
      .click();
    await page.getByText('Festival añadido a favoritos').waitFor();
    await page.getByRole('link', { name: 'Mi horario' }).click();
    await page.getByRole('heading', { level: 1, name: 'Mi horario' }).waitFor();
    const timetablePath = new URL(page.url()).pathname;
    await setButton(page, picked.artist.name).click();
    await page.goto(`${base}/favorites`);
    await page.getByRole('link', { name: festival.name, exact: true }).waitFor();
    await page.goto(`${base}/`);
    await page.getByRole('article').first().waitFor();
    // The worker keeps what it fetched in the background; give it the time a person would.
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(2000);
    const online = errors.splice(0);
    if (online.length) console.log(`console errors during the online visit: ${online.join(' | ')}`);

    await context.setOffline(true);
    const screens: { path: string; what: string; check: (p: Page) => Promise<unknown> }[] = [
      {
        path: '/',
        what: 'the offline notice and the festival cards',
        check: async (p) => {
          await p.getByText('Sin conexión: mostrando datos guardados').waitFor();
          await p.getByRole('article').first().waitFor();
        },
      },
      {
        path: '/favorites',
        what: `'1 festival guardado' and a link to ${festival.name}`,
        check: async (p) => {
          await p.getByText('1 festival guardado').waitFor();
          await p.getByRole('link', { name: festival.name, exact: true }).waitFor();
        },
      },
      {
        path: `/festival/${festival.id}`,
        what: `its name and ${picked.artist.name} in the lineup`,
        check: async (p) => {
          await p.getByRole('heading', { level: 1, name: festival!.name }).waitFor();
          await p.locator('#cartel').getByText(picked.artist.name, { exact: false }).first().waitFor();
        },
      },
      {
        path: timetablePath,
        what: `'Mi horario' with ${picked.artist.name}'s set picked`,
        check: async (p) => {
          await p.getByRole('heading', { level: 1, name: 'Mi horario' }).waitFor();
          const button = setButton(p, picked.artist.name);
          await button.waitFor();
          if ((await button.getAttribute('aria-pressed')) !== 'true')
            throw new Error('the set picked online is not picked');
        },
      },
    ];
    console.log(
      `Offline in Chromium after one online visit (375 px phone, service worker), festival "${festival.name}" (${timed.length} sets with times):`,
    );
    for (const screen of screens) {
      const started = Date.now();
      let shown = true;
      let problem = '';
      try {
        await page.goto(`${base}${screen.path}`);
        await screen.check(page);
        await page.waitForTimeout(1000); // late errors (a failed read after the content)
      } catch (error) {
        shown = false;
        problem = error instanceof Error ? error.message.split('\n')[0] : String(error);
      }
      const ms = Date.now() - started - (shown ? 1000 : 0);
      const seen = errors.splice(0);
      if (!shown || seen.length) failed = true;
      console.log(
        `  ${screen.path.padEnd(36)} ${shown ? `shown in ${ms} ms` : 'NOT SHOWN'}: ${screen.what}; ` +
          `console errors: ${seen.length}${problem ? ` (${problem})` : ''}`,
      );
      for (const e of seen) console.log(`      ${e}`);
    }
    await context.close();
  } finally {
    await browser.close();
  }
});
console.log(failed ? 'Some screen failed offline.' : 'Every screen rendered offline with no console error.');
process.exitCode = failed ? 1 : 0;

/** A set's button in 'Mi horario': its name starts with its times, then the artist. */
function setButton(page: Page, artist: string) {
  return page.getByRole('button', {
    name: new RegExp(`^\\d\\d:\\d\\d–\\d\\d:\\d\\d\\s*${artist.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
  });
}
