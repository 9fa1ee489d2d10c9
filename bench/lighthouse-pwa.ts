/**
 * The installable app under Lighthouse: Chromium's own installability check (the manifest, its
 * icons, a service worker controlling the page: what Chrome needs to offer 'Instalar app'), then
 * Lighthouse (mobile preset) on a festival page while the service worker of an earlier visit is
 * active, so performance is measured as a returning visitor gets it (its targets:
 * performance >= 95, accessibility 100, best practices >= 95, SEO >= 95).
 *
 * Chromium runs with a profile of its own and a debugging port; the first visit installs the worker,
 * Chromium is asked for its installability errors (Page.getInstallabilityErrors, the check behind
 * the install offer) and the manifest it parsed, then Lighthouse drives the same browser with
 * --disable-storage-reset so the worker and its caches stay.
 *
 * bench/lighthouse.ts measures the same page as a first visit (no worker yet), to compare.
 * Total blocking time, hence performance, follows the machine's load (Lighthouse slows the CPU four
 * times on top): the load average is printed with the scores.
 *
 *   npm run bench -- lighthouse-pwa                 (starts `npm start`; the first seeded festival)
 *   npx tsx bench/lighthouse-pwa.ts /festival/14 --runs=3
 *   BASE_URL=http://127.0.0.1:3000 npx tsx bench/lighthouse-pwa.ts
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { chromium } from '@playwright/test';
import { withWebServer } from './support/web-server';

const run = promisify(execFile);
const cli = process.argv.slice(2);
const runs = Number(cli.find((a) => a.startsWith('--runs='))?.slice(7) ?? 1);
const given = cli.filter((a) => !a.startsWith('--'));
const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const targets: Record<(typeof categories)[number], number> = {
  performance: 95,
  accessibility: 100,
  'best-practices': 95,
  seo: 95,
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

interface Report {
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { score: number | null; displayValue?: string }>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

const score = (r: Report, c: string) => Math.round((r.categories[c]?.score ?? 0) * 100);
let failed = false;

await withWebServer(async (base) => {
  const target =
    given[0] ?? `/festival/${((await (await fetch(`${base}/api/festivals`)).json()) as { id: number }[])[0].id}`;
  const profile = mkdtempSync(path.join(tmpdir(), 'festivales-lh-pwa-'));
  const port = await freePort();
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...args, `--remote-debugging-port=${port}`],
    serviceWorkers: 'allow',
  });
  try {
    const page = browser.pages()[0] ?? (await browser.newPage());
    await page.goto(`${base}/`);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 });
    await page.goto(`${base}${target}`, { waitUntil: 'networkidle' });
    // The worker keeps the festival's reads and pictures as they are seen.
    await page.waitForTimeout(2000);

    const cdp = await browser.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string; errorArguments: { name: string; value: string }[] }[];
    };
    const manifest = (await cdp.send('Page.getAppManifest')) as {
      url: string;
      errors: { message: string; critical: number }[];
    };
    const parsed = (await (await fetch(manifest.url)).json()) as {
      icons: { sizes: string; purpose?: string }[];
      shortcuts?: { name: string }[];
    };
    const installable = installabilityErrors.length === 0 && manifest.errors.length === 0;
    if (!installable) failed = true;
    console.log(
      `Installability (Chromium's check behind the install offer) on ${target}: ${installable ? 'installable' : 'NOT installable'}`,
    );
    console.log(
      `  errors: ${installabilityErrors.map((e) => e.errorId).join(', ') || 'none'}; ` +
        `manifest ${new URL(manifest.url).pathname}, parse errors: ${manifest.errors.map((e) => e.message).join(', ') || 'none'}`,
    );
    console.log(
      `  icons: ${parsed.icons.map((i) => `${i.sizes}${i.purpose ? ` ${i.purpose}` : ''}`).join(', ')}; ` +
        `shortcuts: ${(parsed.shortcuts ?? []).map((s) => s.name).join(', ')}`,
    );
    await cdp.detach();

    // Responses the worker gave to the tabs Lighthouse opens: the proof that it was active.
    let [responses, viaWorker] = [0, 0];
    browser.on('response', (response) => {
      if (response.request().serviceWorker() || response.frame().page() === page) return;
      responses++;
      if (response.fromServiceWorker()) viaWorker++;
    });
    const reports: Report[] = [];
    for (let i = 0; i < runs; i++) {
      const dir = mkdtempSync(path.join(tmpdir(), 'lh-'));
      const output = path.join(dir, 'report.json');
      try {
        await run(
          path.resolve('node_modules/.bin/lighthouse'),
          [
            `${base}${target}`,
            `--port=${port}`,
            '--disable-storage-reset',
            '--output=json',
            `--output-path=${output}`,
            `--only-categories=${categories.join(',')}`,
            '--quiet',
          ],
          { maxBuffer: 64 * 1024 * 1024 },
        );
        reports.push(JSON.parse(readFileSync(output, 'utf8')) as Report);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
    reports.sort((a, b) => score(a, 'performance') - score(b, 'performance'));
    const report = reports[Math.floor(reports.length / 2)];
    if (viaWorker === 0) failed = true;
    console.log(
      `Lighthouse (mobile) on ${target} with the service worker active: ${viaWorker} of ${responses} responses in its runs came from the worker`,
    );
    console.log(
      `  ${categories.map((c) => `${c} ${score(report, c)}`).join('  ')}  (load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(
          ' ',
        )})${runs > 1 ? `  (median of ${runs}: performance ${reports.map((r) => score(r, 'performance')).join('/')})` : ''}`,
    );
    console.log(
      `  ${[
        'first-contentful-paint',
        'largest-contentful-paint',
        'total-blocking-time',
        'cumulative-layout-shift',
        'speed-index',
      ]
        .map((id) => `${id.replace(/-/g, ' ')}: ${report.audits[id]?.displayValue ?? '?'}`)
        .join(', ')}`,
    );
    for (const c of categories) if (score(report, c) < targets[c]) failed = true;
  } finally {
    await browser.close();
    rmSync(profile, { recursive: true, force: true });
  }
});
process.exitCode = failed ? 1 : 0;
