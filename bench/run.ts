/**
 * Runs the benchmarks one after another and prints their figures: `npm run bench` for all,
 * `npm run bench -- festivals admin` for some. Each is also runnable alone with `npx tsx bench/<name>.ts`.
 * Options after the names go to each chosen benchmark: `npm run bench -- soak --minutes 2`.
 * `soak` (mixed load on PostgreSQL, 10 minutes by default) and `outage` (the database stopped under
 * load) start a PostgreSQL instance of their own.
 *
 * The benchmarks of the screens at scale (Lighthouse on the five screens, /map's markers, typing a
 * search, main-thread work, a festival page's first load) measure the site at BASE_URL; without
 * one, they share a site on the generated 10,000-festival catalogue that this runner starts once,
 * on the machine's PostgreSQL (bench/support/catalogue-site.ts). The others start the servers they
 * need themselves.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { withCatalogueSite } from './support/catalogue-site';

const here = path.dirname(fileURLToPath(import.meta.url));
const all = readdirSync(here)
  .filter((f) => f.endsWith('.ts') && f !== 'run.ts')
  .map((f) => f.replace(/\.ts$/, ''));
const args = process.argv.slice(2);
const firstOption = args.findIndex((a) => a.startsWith('--'));
const names = firstOption === -1 ? args : args.slice(0, firstOption);
const options = firstOption === -1 ? [] : args.slice(firstOption);
const chosen = names.length ? names : all;

const ON_CATALOGUE = new Set(['lighthouse', 'web-map', 'web-filter', 'web-main-thread', 'web-festival']);

function runBench(name: string, env: NodeJS.ProcessEnv = process.env): void {
  const file = path.join(here, `${name}.ts`);
  if (!existsSync(file)) {
    console.error(`No such benchmark: ${name} (have: ${all.join(', ')})`);
    process.exitCode = 1;
    return;
  }
  console.log(`\n##### bench/${name}.ts`);
  const result = spawnSync('node', ['--import', 'tsx', file, ...options], { stdio: 'inherit', env });
  if (result.status !== 0) process.exitCode = 1;
}

for (const name of chosen) if (!ON_CATALOGUE.has(name)) runBench(name);
const onCatalogue = chosen.filter((name) => ON_CATALOGUE.has(name));
if (onCatalogue.length && process.env.BASE_URL) for (const name of onCatalogue) runBench(name);
else if (onCatalogue.length) {
  await withCatalogueSite(async (base) => {
    for (const name of onCatalogue) runBench(name, { ...process.env, BASE_URL: base });
  });
}
