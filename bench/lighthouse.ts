/**
 * Lighthouse (mobile preset, the default) on the production build: prints performance,
 * accessibility, best practices and SEO for each path, the median run of each (targets: performance
 * >= 95, the others 100), and the categories below their target.
 *
 *   npm run bench -- lighthouse                 # the five screens, 3 runs each, on the generated catalogue (bench/run.ts)
 *   npx tsx bench/lighthouse.ts / /calendar /about [--runs=3]   # starts `npm start` on a free port
 *   BASE_URL=http://127.0.0.1:3000 npx tsx bench/lighthouse.ts /  # or measures a running site
 *
 * Without paths: `/`, `/festival/flagship`, `/calendar`, `/map` and `/favorites` with 20 favourites,
 * 3 runs each. With --runs=N each path is measured N times and the median run (by performance) is
 * shown. On /favorites, N favourites (--favorites=N, 20 by default) are stored in the browser before
 * each run, the way an anonymous visitor keeps them (localStorage), so it shows a full list: Chromium
 * then runs with a fresh profile of its own per run, opened on /robots.txt (no app script, no
 * service worker) to write them, and Lighthouse drives it with --disable-storage-reset.
 * --save=DIR writes each path's median report there (DIR/<path>.json) for its diagnostics.
 * `/festival/flagship` measures the catalogue's festival with the most editions and lineup entries
 * (the generated catalogue's first festival: ten editions of 150 artists).
 * OpenStreetMap's tiles and Google's sign-in script are answered by a local server
 * (bench/support/stand-in-hosts.ts): this machine resolves no public name, and the failed tiles would
 * otherwise be console errors that lower the best-practices score of the screens with a map. Measure
 * the site as deployed: built with GOOGLE_CLIENT_ID set (its header then loads Google's script, here
 * a stand-in of realistic size, bench/support/google-stand-in.ts).
 * A run that Lighthouse itself fails (it sometimes loses the trace: NO_NAVSTART) is run again, up to
 * twice.
 *
 * The phone: Lighthouse's mobile preset slows this machine's CPU down four times, which lands on its
 * reference low-tier phone (benchmark index about 264; Chrome DevTools' calibration uses 264 for
 * low-tier and 1,000 for mid-tier) only on a machine of index about 1,050: a faster machine measured a
 * faster phone. Before each path this machine's index is measured (a Lighthouse run of /robots.txt)
 * and the CPU slowdown set to index / 264, so every machine measures the same low-tier phone; the
 * index, the slowdown and each run's own index are printed with every figure (--phone-index=N
 * measures another phone).
 * CHROME_PATH defaults to /usr/bin/chromium (Debian's package).
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { chromium } from '@playwright/test';
import { startStandInHosts } from './support/stand-in-hosts';
import { freePort, withWebServer } from './support/web-server';

const run = promisify(execFile);
const args = process.argv.slice(2);
const paths = args.filter((a) => !a.startsWith('--'));
const screens = paths.length === 0;
if (screens) paths.push('/', '/festival/flagship', '/calendar', '/map', '/favorites');
const runs = Number(args.find((a) => a.startsWith('--runs='))?.slice(7) ?? (screens ? 3 : 1));
const favorites = Number(args.find((a) => a.startsWith('--favorites='))?.slice(12) ?? 20);
const saveDir = args.find((a) => a.startsWith('--save='))?.slice(7);
/** The phone measured, by Lighthouse's benchmark index: 264 is its low-tier reference. */
const PHONE_INDEX = Number(args.find((a) => a.startsWith('--phone-index='))?.slice(14) ?? 264);

const tiles = await startStandInHosts();
const chromeFlags = [
  ...tiles.chromeFlags,
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
/** The flags as one --chrome-flags value for Lighthouse's command line, a value with spaces quoted. */
const chromeFlagsArg = chromeFlags.map((f) => (f.includes(' ') ? f.replace('=', '="') + '"' : f)).join(' ');
const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const targets: Record<(typeof categories)[number], number> = {
  performance: 95,
  accessibility: 100,
  'best-practices': 100,
  seo: 100,
};

interface Report {
  categories: Record<string, { score: number | null }>;
  /** Lighthouse's own measure of this machine's speed (its 4x CPU slowdown is set for high-end desktops). */
  environment?: { benchmarkIndex?: number };
  audits: Record<string, { score: number | null; displayValue?: string; title: string }>;
}

/** A browser whose storage already holds `ids` as the anonymous visitor's favourites (web/src/lib/favorites.tsx). */
async function browserWithFavorites(base: string, ids: number[]) {
  const profile = mkdtempSync(path.join(tmpdir(), 'festivales-lh-favs-'));
  const port = await freePort();
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: [...chromeFlags, `--remote-debugging-port=${port}`],
  });
  const page = browser.pages()[0] ?? (await browser.newPage());
  await page.goto(`${base}/robots.txt`);
  await page.evaluate((list) => localStorage.setItem('favoriteFestivals', JSON.stringify(list.map(String))), ids);
  return {
    port,
    close: async () => {
      await browser.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Lighthouse's own failures (a lost trace) say so on their first line. */
const LIGHTHOUSE_FAILED = /Runtime error encountered|PROTOCOL_TIMEOUT|NO_NAVSTART|NO_FCP/;

async function lighthouse(url: string, favoriteIds: number[], slowdown: number, attempt = 1): Promise<Report> {
  try {
    return await lighthouseOnce(url, favoriteIds, slowdown);
  } catch (error) {
    const message = String((error as { stderr?: string }).stderr ?? error);
    if (attempt > 2 || !LIGHTHOUSE_FAILED.test(message)) throw error;
    console.log(`  (Lighthouse failed on its own, run again: ${message.split('\n')[0].slice(0, 160)})`);
    return lighthouse(url, favoriteIds, slowdown, attempt + 1);
  }
}

/** A page with nothing to load, for measuring the machine. */
const blank = createServer((_req, res) => {
  res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
  res.end('<!doctype html><html lang="es"><title>Índice</title><p>Índice de la máquina</p></html>');
});
await new Promise<void>((resolve) => blank.listen(0, '127.0.0.1', resolve));
const blankUrl = `http://127.0.0.1:${(blank.address() as AddressInfo).port}/`;

/** This machine's benchmark index now, as Lighthouse measures it at the start of a run (of a page with no script). */
async function benchmarkIndex(): Promise<number> {
  const report = await lighthouse(blankUrl, [], 1);
  const index = report.environment?.benchmarkIndex;
  if (!index) throw new Error('Lighthouse reported no benchmark index');
  return index;
}

async function lighthouseOnce(url: string, favoriteIds: number[], slowdown: number): Promise<Report> {
  const dir = mkdtempSync(path.join(tmpdir(), 'lh-'));
  const output = path.join(dir, 'report.json');
  const browser = favoriteIds.length ? await browserWithFavorites(new URL(url).origin, favoriteIds) : null;
  try {
    const flags = browser
      ? [`--port=${browser.port}`, '--disable-storage-reset']
      : [`--chrome-flags=${chromeFlagsArg}`];
    await run(
      path.resolve('node_modules/.bin/lighthouse'),
      [
        url,
        '--output=json',
        `--output-path=${output}`,
        ...flags,
        `--only-categories=${categories.join(',')}`,
        `--throttling.cpuSlowdownMultiplier=${slowdown.toFixed(2)}`,
        '--quiet',
      ],
      {
        env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' },
        maxBuffer: 64 * 1024 * 1024,
      },
    );
    return JSON.parse(readFileSync(output, 'utf8')) as Report;
  } finally {
    await browser?.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * `/festival/flagship`: the generated catalogue's first festival (id 1 in the fresh database the
 * generator fills), which it gives ten editions of 150 artists; its size is printed with the figure.
 */
async function resolvePath(base: string, p: string): Promise<{ path: string; note: string }> {
  if (p !== '/festival/flagship') return { path: p, note: '' };
  const res = await fetch(`${base}/api/festivals/1/editions`);
  if (!res.ok)
    throw new Error(
      `/festival/flagship: GET /api/festivals/1/editions answered ${res.status} (serve the generated catalogue)`,
    );
  const editions = (await res.json()) as { lineup: unknown[] }[];
  const largest = Math.max(0, ...editions.map((e) => e.lineup.length));
  return { path: '/festival/1', note: ` (${editions.length} editions, up to ${largest} artists in one lineup)` };
}

const score = (r: Report, c: string) => Math.round((r.categories[c]?.score ?? 0) * 100);
let failed = false;
try {
  await withWebServer(async (base) => {
    const stored =
      paths.includes('/favorites') && favorites
        ? (
            (await (await fetch(`${base}/api/festivals/page?upcoming=true&sort=date&limit=${favorites}`)).json()) as {
              items: { id: number }[];
            }
          ).items.map((f) => f.id)
        : [];
    if (stored.length < (paths.includes('/favorites') ? favorites : 0))
      throw new Error(`Only ${stored.length} festivals to keep as favourites`);
    for (const asked of paths) {
      const favoriteIds = asked === '/favorites' ? stored : [];
      const { path: p, note } = await resolvePath(base, asked);
      const url = `${base}${p}`;
      const index = await benchmarkIndex();
      const slowdown = Math.max(1, index / PHONE_INDEX);
      const reports: Report[] = [];
      for (let i = 0; i < runs; i++) reports.push(await lighthouse(url, favoriteIds, slowdown));
      reports.sort((a, b) => score(a, 'performance') - score(b, 'performance'));
      const report = reports[Math.floor(reports.length / 2)];
      const row = categories.map((c) => `${c} ${score(report, c)}`).join('  ');
      const metrics = [
        'first-contentful-paint',
        'largest-contentful-paint',
        'total-blocking-time',
        'cumulative-layout-shift',
        'speed-index',
      ]
        .map((id) => `${id.replace(/-/g, ' ')}: ${report.audits[id]?.displayValue ?? '?'}`)
        .join(', ');
      if (saveDir) {
        mkdirSync(saveDir, { recursive: true });
        writeFileSync(path.join(saveDir, `${p.replace(/\W+/g, '_') || 'home'}.json`), JSON.stringify(report));
      }
      const load = loadavg()
        .map((l) => l.toFixed(1))
        .join(' ');
      const runIndexes = reports.map((r) => Math.round(r.environment?.benchmarkIndex ?? 0)).join('/');
      const speed = `, benchmark index ${Math.round(index)} (runs ${runIndexes}), CPU slowdown ${slowdown.toFixed(2)}: phone index ${PHONE_INDEX}`;
      console.log(
        `${p}${note}${favoriteIds.length ? ` (${favoriteIds.length} favourites stored)` : ''}  (load average ${load}${speed})\n` +
          `  ${row}${runs > 1 ? `  (median of ${runs}: performance ${reports.map((r) => score(r, 'performance')).join('/')})` : ''}\n` +
          `  ${metrics}`,
      );
      const below = categories.filter((c) => score(report, c) < targets[c]);
      if (below.length) {
        failed = true;
        console.log(
          `  below target: ${below.map((c) => `${c} ${score(report, c)} (target ${targets[c]})`).join(', ')}`,
        );
      }
      const failing = Object.entries(report.audits)
        .filter(([, a]) => a.score !== null && a.score < 0.9 && !/^(metrics|diagnostics|screenshot)/.test(a.title))
        .map(([id]) => id);
      if (failing.length) console.log(`  audits below 0.9: ${failing.slice(0, 15).join(', ')}`);
    }
  });
} finally {
  await tiles.close();
  blank.close();
}
process.exitCode = failed ? 1 : 0;
