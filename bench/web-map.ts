/**
 * /map on the catalogue the server holds (target: clustered markers drawn within 1.5 s of navigation
 * on a throttled phone), in Chromium on the production build, map tiles answered with a local image.
 * By default a phone as Lighthouse's mobile preset emulates it: a 412 x 823 screen, the CPU slowed
 * down 4 times and a slow 4G network (150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up);
 * THROTTLE=0 measures a desktop window at full speed instead. The map asks the
 * server for the clustered markers of the area it shows (GET /api/festivals/map), so run it
 * against a server with the generated 10,000-festival catalogue. For each cold load it records,
 * from the start of navigation:
 *   - shown: the first frame with the clustered markers on screen: the paint of index.html's copy
 *     of the map (drawn before the app's code has arrived; its markers' Element Timing entries) or,
 *     without one, Leaflet's,
 *   - ready: Leaflet's first markers drawn, which a tap or a key can open (the page's
 *     'festivales:map-ready' mark),
 *   - interactive: the next frame after it, with the cluster icons in the DOM,
 *   - long tasks: total main-thread time in tasks over 50 ms until then,
 * and then how long a zoom-in click takes until the map shows the new zoom.
 *
 *   DATABASE_URL=... npm start &   BASE_URL=http://127.0.0.1:3000 npx tsx bench/web-map.ts   (RUNS=5, THROTTLE=0)
 */
import { cpus, loadavg } from 'node:os';
import { chromium } from '@playwright/test';
import { routeMapTiles } from '../tests/e2e/support/png';

const base = (process.env.BASE_URL ?? 'http://127.0.0.1:3000').replace(/\/+$/, '');
const RUNS = Number(process.env.RUNS ?? 5);
const TARGET_MS = 1500;
const THROTTLE = process.env.THROTTLE !== '0';
// Lighthouse's mobile preset (simulated there, applied here by the browser itself).
const PHONE = {
  viewport: { width: 412, height: 823 },
  cpuSlowdown: 4,
  latency: 150,
  download: (1.6 * 1024 * 1024) / 8,
  upload: (750 * 1024) / 8,
};
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

const world: { located: number } = await (await fetch(`${base}/api/festivals/map?zoom=3`)).json();
const COUNT = world.located;
console.log(
  `${COUNT} festivals on the map, ${RUNS} cold loads of ${base}/map ` +
    `${THROTTLE ? 'on a throttled phone (4x CPU slowdown, slow 4G)' : 'in a desktop window at full speed'}`,
);

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args });
const results: {
  shown: number;
  ready: number;
  drawn: number;
  clusters: number;
  longTasks: number;
  zoom: number;
  busy: number;
}[] = [];

for (let run = 0; run < RUNS; run++) {
  const context = await browser.newContext(
    THROTTLE
      ? { viewport: PHONE.viewport, isMobile: true, hasTouch: true }
      : { viewport: { width: 1280, height: 800 } },
  );
  await context.addInitScript(() => {
    localStorage.setItem(
      'cookie-consent',
      JSON.stringify({
        preferences: { essential: true, analytics: false, marketing: false, personalization: false },
        timestamp: new Date().toISOString(),
        version: '1.0',
      }),
    );
    const w = window as unknown as { longTasks: number; copyPainted: number | null };
    w.longTasks = 0;
    w.copyPainted = null;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.longTasks += entry.duration;
    }).observe({ type: 'longtask', buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { identifier: string; renderTime: number })[]) {
        if (entry.identifier === 'map-copy-marker')
          w.copyPainted = Math.min(w.copyPainted ?? Infinity, entry.renderTime);
      }
    }).observe({ type: 'element', buffered: true });
  });
  const page = await context.newPage();
  // Main-thread work of the page (Chromium's own counters): a figure that machine load does not inflate.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  if (THROTTLE) {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE.cpuSlowdown });
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: PHONE.latency,
      downloadThroughput: PHONE.download,
      uploadThroughput: PHONE.upload,
    });
  }
  await routeMapTiles(page);
  await page.goto(`${base}/map`);
  await page.locator('[data-map-ready="true"]').waitFor({ timeout: 30_000 });
  await page.waitForFunction(() => performance.getEntriesByName('festivales:map-drawn').length > 0);
  const load = await page.evaluate(() => ({
    copy: (window as unknown as { copyPainted: number | null }).copyPainted,
    ready: performance.getEntriesByName('festivales:map-ready')[0].startTime,
    drawn: performance.getEntriesByName('festivales:map-drawn')[0].startTime,
    clusters: document.querySelectorAll('.festival-cluster').length,
    longTasks: (window as unknown as { longTasks: number }).longTasks,
  }));
  const metrics = Object.fromEntries(
    ((await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] }).metrics.map((m) => [
      m.name,
      m.value,
    ]),
  );
  const busy = Math.round(metrics.TaskDuration * 1000);
  if (process.env.DEBUG_MARKS)
    console.log(
      await page.evaluate(() =>
        performance
          .getEntriesByType('mark')
          .map((m) => `${m.name}=${m.startTime.toFixed(0)}`)
          .join(' '),
      ),
    );
  // Input: a zoom-in click until Leaflet has re-clustered and drawn the next frame.
  // (A string: tsx would wrap named functions in a helper the page does not have.)
  const zoom: number = await page.evaluate(`new Promise((resolve) => {
    const map = document.querySelector('.leaflet-container');
    const before = map.getAttribute('data-zoom');
    const start = performance.now();
    const check = () => {
      if (map.getAttribute('data-zoom') !== before) requestAnimationFrame(() => resolve(performance.now() - start));
      else requestAnimationFrame(check);
    };
    document.querySelector('.map-zoom button[aria-label="Acercar"]').click();
    check();
  })`);
  const shown = Math.min(load.copy ?? Infinity, load.drawn);
  results.push({ ...load, shown, zoom, busy });
  console.log(
    `run ${run + 1}: markers on screen ${shown.toFixed(0)} ms (${load.copy === null ? "Leaflet's, no copy drawn" : "index.html's copy"}), ` +
      `Leaflet's clustered ${load.ready.toFixed(0)} ms and drawn ${load.drawn.toFixed(0)} ms (${load.clusters} cluster icons), ` +
      `main-thread work ${busy} ms (long tasks ${load.longTasks.toFixed(0)} ms), zoom-in answered in ${zoom.toFixed(0)} ms`,
  );
  await context.close();
}
await browser.close();

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const shown = results.map((r) => r.shown);
const drawn = results.map((r) => r.drawn);
console.log(
  `\n/map with ${COUNT} festivals${THROTTLE ? ' on a throttled phone' : ''}: ` +
    `clustered markers on screen in median ${median(shown).toFixed(0)} ms, worst ${Math.max(...shown).toFixed(0)} ms of navigation ` +
    `(target ${TARGET_MS} ms: ${Math.max(...shown) <= TARGET_MS ? 'met' : 'NOT met'}); ` +
    `interactive (Leaflet's markers drawn) in median ${median(drawn).toFixed(0)} ms, worst ${Math.max(...drawn).toFixed(0)} ms; ` +
    `zoom-in answered in median ${median(results.map((r) => r.zoom)).toFixed(0)} ms; ` +
    `main-thread work until interactive median ${median(results.map((r) => r.busy))} ms ` +
    `(load average ${loadavg()[0].toFixed(1)} on ${cpus().length} cores)`,
);
