/**
 * Filtering 2,000 festivals on a keystroke (target: the list updates within 50 ms), measured in
 * Chromium on the production build: /api/festivals is answered with 2,000 generated festivals,
 * the search box is typed into, and for every keystroke the time from the keydown event to the
 * DOM update of the results (MutationObserver), and to the next frame after it, is recorded.
 *
 *   npx tsx bench/web-filter.ts                     # starts `npm start` on a free port
 *   BASE_URL=http://127.0.0.1:3000 npx tsx bench/web-filter.ts   # or uses a running site
 */
import { chromium } from '@playwright/test';
import { withWebServer } from './support/web-server';
import type { Festival } from '#core/response-schemas';

await withWebServer(async (base) => {
  const COUNT = 2000;
  const args = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

  const real: Festival[] = await (await fetch(`${base}/api/festivals`)).json();
  const pad = (n: number) => String(n).padStart(2, '0');
  const festivals: Festival[] = Array.from({ length: COUNT }, (_, i) => {
    const model = real[i % real.length];
    const start = new Date(Date.UTC(2026, 0, 1) + ((i * 37) % 900) * 86_400_000);
    const end = new Date(start.getTime() + (i % 4) * 86_400_000);
    const iso = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
    return {
      ...model,
      id: i + 1,
      name: `${model.name} ${Math.floor(i / real.length) + 1}`,
      start_date: iso(start),
      end_date: iso(end),
      averageRating: (i % 50) / 10,
      ratingsCount: i % 50,
    };
});
const body = JSON.stringify(festivals);

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args });
const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
await page.addInitScript(() =>
  localStorage.setItem('cookie-consent', JSON.stringify({ preferences: { essential: true, analytics: false, marketing: false, personalization: false }, timestamp: new Date().toISOString(), version: '1.0' })),
);
await page.route('**/api/festivals', (route) => route.fulfill({ status: 200, contentType: 'application/json', body }));
await page.goto(`${base}/`);
await page.getByRole('article').first().waitFor();
console.log(`Loaded: ${(await page.locator('.results-count').textContent())?.trim()}`);

await page.evaluate(() => {
  type Sample = { dom: number | null; frame: number; count: string };
  const w = window as unknown as { samples: Sample[] };
  w.samples = [];
  let keydownAt = 0;
  let domAt: number | null = null;
  document.addEventListener('keydown', (e) => {
    keydownAt = e.timeStamp;
    domAt = null;
  }, true);
  // React renders a discrete input event synchronously; the frame after it shows the new list.
  document.addEventListener('input', () => {
    requestAnimationFrame(() =>
      w.samples.push({ dom: domAt === null ? null : domAt - keydownAt, frame: performance.now() - keydownAt, count: document.querySelector('.results-count')?.textContent ?? '' }),
    );
  }, true);
  new MutationObserver(() => {
    if (domAt === null) domAt = performance.now();
  }).observe(document.querySelector('main')!, { subtree: true, childList: true, characterData: true });
});

const search = page.getByRole('searchbox', { name: 'Buscar' });
await search.click();
const queries = ['techno', 'barcelona', 'awakenings 1'];
for (const q of queries) {
  await search.fill('');
  await page.waitForTimeout(200);
  await page.evaluate(() => ((window as unknown as { samples: unknown[] }).samples.length = 0));
  await search.pressSequentially(q, { delay: 120 });
  await page.waitForTimeout(300);
  const samples = await page.evaluate(() => (window as unknown as { samples: { dom: number | null; frame: number; count: string }[] }).samples);
  const dom = samples.map((s) => s.dom).filter((x): x is number => x !== null);
  const frame = samples.map((s) => s.frame);
  const fmt = (xs: number[]) => `median ${median(xs).toFixed(1)} ms, max ${Math.max(...xs).toFixed(1)} ms`;
  console.log(`"${q}" (${samples.length} keystrokes, last: ${samples.at(-1)?.count.trim()}): keydown to next frame ${fmt(frame)}; keydown to DOM change ${dom.length ? fmt(dom) : 'n/a'} (${dom.length} changed the DOM)`);
}
await browser.close();
});

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)] : NaN;
}
