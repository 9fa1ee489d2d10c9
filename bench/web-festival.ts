/**
 * A festival page's first load on a phone-sized window, in Chromium on the production build: the
 * JavaScript fetched before the reader scrolls (bytes as served, compressed when the server
 * compresses), whether Leaflet is among it (it should load only when the location section nears
 * the screen), whether the HTML preloads the hero image and which copy the hero takes.
 *
 *   npm run bench -- web-festival          (on the generated catalogue: festival 1 has ten editions of 150 artists)
 *   npx tsx bench/web-festival.ts [id ...]  (starts `npm start` on a free port: the seeded festivals)
 *   BASE_URL=http://127.0.0.1:3000 npx tsx bench/web-festival.ts [id ...]
 */
import { chromium } from '@playwright/test';
import { withWebServer } from './support/web-server';

const asked = process.argv.slice(2).filter((a) => /^\d+$/.test(a));
const ids = asked.length ? asked : ['1'];
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

await withWebServer(async (base) => {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args });
  for (const id of ids) {
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
      isMobile: true,
      hasTouch: true,
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
    const scripts: { name: string; bytes: number }[] = [];
    page.on('requestfinished', async (request) => {
      if (request.resourceType() !== 'script') return;
      const sizes = await request.sizes().catch(() => null);
      if (!sizes) return; // the page was closed meanwhile
      // Chromium reports no size (-1) for some lazily imported modules: their decoded length then.
      const bytes =
        sizes.responseBodySize >= 0
          ? sizes.responseBodySize
          : ((await (await request.response())?.body().catch(() => null))?.byteLength ?? 0);
      scripts.push({ name: new URL(request.url()).pathname.replace(/^\/assets\//, ''), bytes });
    });
    await page.goto(`${base}/festival/${id}`, { waitUntil: 'networkidle' });
    await page.waitForTimeout(500);
    const before = [...scripts];
    const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
    const total = before.reduce((sum, s) => sum + s.bytes, 0);
    const leaflet = before.filter((s) => /^(leaflet|location-map)-/.test(s.name));
    const preload = await page.locator('link[rel="preload"][as="image"]').count();
    const hero = await page
      .locator('.hero .hero-bg')
      .first()
      .evaluate((el) => (el instanceof HTMLImageElement ? el : el.querySelector('img'))?.currentSrc ?? '');
    console.log(
      `/festival/${id}: ${before.length} scripts, ${kb(total)} of JavaScript before scrolling; ` +
        `Leaflet ${leaflet.length ? `loaded (${kb(leaflet.reduce((s, l) => s + l.bytes, 0))})` : 'not loaded'}`,
    );
    console.log(
      `  hero image preloaded from the HTML: ${preload ? 'yes' : 'no'}; hero takes ${new URL(hero, base).pathname}`,
    );
    await page.locator('#ubicacion').scrollIntoViewIfNeeded();
    await page.waitForTimeout(1500);
    const later = scripts.slice(before.length).filter((s) => /^(leaflet|location-map)-/.test(s.name));
    console.log(
      `  after scrolling to the location: ${later.length ? `Leaflet loaded (${kb(later.reduce((s, l) => s + l.bytes, 0))})` : 'no Leaflet fetched'}`,
    );
    await context.close();
  }
  await browser.close();
});
