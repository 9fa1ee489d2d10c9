/**
 * Lighthouse (mobile preset, the default) on the production build served by `npm start`:
 * prints performance, accessibility, best practices and SEO for each path (targets:
 * >= 95, 100, >= 95, >= 95).
 *
 *   npx tsx bench/lighthouse.ts / /calendar /about [--runs=3]   # starts `npm start` on a free port
 *   BASE_URL=http://127.0.0.1:3000 npx tsx bench/lighthouse.ts /  # or measures a running site
 *
 * With --runs=N each path is measured N times and the median run (by performance) is shown.
 * CHROME_PATH defaults to /usr/bin/chromium (Debian's package).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { withWebServer } from './support/web-server';

const run = promisify(execFile);
const args = process.argv.slice(2);
const runs = Number(args.find((a) => a.startsWith('--runs='))?.slice(7) ?? 1);
const paths = args.filter((a) => !a.startsWith('--'));
if (paths.length === 0) paths.push('/');

const chromeFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
].join(' ');
const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const targets: Record<(typeof categories)[number], number> = { performance: 95, accessibility: 100, 'best-practices': 95, seo: 95 };

interface Report {
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { score: number | null; displayValue?: string; title: string }>;
}

async function lighthouse(url: string): Promise<Report> {
  const dir = mkdtempSync(path.join(tmpdir(), 'lh-'));
  const output = path.join(dir, 'report.json');
  try {
    await run(
      path.resolve('node_modules/.bin/lighthouse'),
      [url, '--output=json', `--output-path=${output}`, `--chrome-flags=${chromeFlags}`, `--only-categories=${categories.join(',')}`, '--quiet'],
      { env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' }, maxBuffer: 64 * 1024 * 1024 },
    );
    return JSON.parse(readFileSync(output, 'utf8')) as Report;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const score = (r: Report, c: string) => Math.round((r.categories[c]?.score ?? 0) * 100);
let failed = false;
await withWebServer(async (base) => {
  for (const p of paths) {
    const url = `${base}${p}`;
    const reports: Report[] = [];
    for (let i = 0; i < runs; i++) reports.push(await lighthouse(url));
    reports.sort((a, b) => score(a, 'performance') - score(b, 'performance'));
    const report = reports[Math.floor(reports.length / 2)];
    const row = categories.map((c) => `${c} ${score(report, c)}`).join('  ');
    const metrics = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index']
      .map((id) => `${id.replace(/-/g, ' ')}: ${report.audits[id]?.displayValue ?? '?'}`)
      .join(', ');
    console.log(`${p}\n  ${row}${runs > 1 ? `  (median of ${runs}: performance ${reports.map((r) => score(r, 'performance')).join('/')})` : ''}\n  ${metrics}`);
    for (const c of categories) if (score(report, c) < targets[c]) failed = true;
    const failing = Object.entries(report.audits)
      .filter(([, a]) => a.score !== null && a.score < 0.9 && !/^(metrics|diagnostics|screenshot)/.test(a.title))
      .map(([id]) => id);
    if (failing.length) console.log(`  audits below 0.9: ${failing.slice(0, 15).join(', ')}`);
  }
});
process.exitCode = failed ? 1 : 0;
