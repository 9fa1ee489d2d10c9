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
 * OpenStreetMap's tiles are answered by a local server (bench/support/tile-server.ts): this machine
 * resolves no public name, and the failed tiles would otherwise be console errors that lower the
 * best-practices score of the screens with a map.
 * A run that Lighthouse itself fails (it sometimes loses the trace: NO_NAVSTART) is run again, up to
 * twice. Each figure comes with Lighthouse's benchmark index of the machine: its simulated phone is
 * this machine's CPU slowed down four times, which Lighthouse's throttling guide sets for a high-end
 * desktop (an index of 1,500-2,000 in its table) to land on a mid-tier phone; a slower machine
 * simulates a slower phone, and scores lower for it.
 * CHROME_PATH defaults to /usr/bin/chromium (Debian's package).
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { chromium } from '@playwright/test';
import { startLocalTiles } from './support/tile-server';
import { freePort, withWebServer } from './support/web-server';

const run = promisify(execFile);
const args = process.argv.slice(2);
const paths = args.filter((a) => !a.startsWith('--'));
const screens = paths.length === 0;
if (screens) paths.push('/', '/festival/flagship', '/calendar', '/map', '/favorites');
const runs = Number(args.find((a) => a.startsWith('--runs='))?.slice(7) ?? (screens ? 3 : 1));
const favorites = Number(args.find((a) => a.startsWith('--favorites='))?.slice(12) ?? 20);
const saveDir = args.find((a) => a.startsWith('--save='))?.slice(7);

const tiles = await startLocalTiles();
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

async function lighthouse(url: string, favoriteIds: number[], attempt = 1): Promise<Report> {
  try {
    return await lighthouseOnce(url, favoriteIds);
  } catch (error) {
    const message = String((error as { stderr?: string }).stderr ?? error);
    if (attempt > 2 || !LIGHTHOUSE_FAILED.test(message)) throw error;
    console.log(`  (Lighthouse failed on its own, run again: ${message.split('\n')[0].slice(0, 160)})`);
    return lighthouse(url, favoriteIds, attempt + 1);
  }
}

async function lighthouseOnce(url: string, favoriteIds: number[]): Promise<Report> {
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
      const reports: Report[] = [];
      for (let i = 0; i < runs; i++) reports.push(await lighthouse(url, favoriteIds));
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
      const speed = report.environment?.benchmarkIndex
        ? `, benchmark index ${Math.round(report.environment.benchmarkIndex)}`
        : '';
      console.log(
        `${p}${note}${favoriteIds.length ? ` (${favoriteIds.length} favourites stored)` : ''}  (load average ${load}${speed})\n  ${row}${runs > 1 ? `  (median of ${runs}: performance ${reports.map((r) => score(r, 'performance')).join('/')})` : ''}\n  ${metrics}`,
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
}
process.exitCode = failed ? 1 : 0;
