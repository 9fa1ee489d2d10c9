/**
 * Runs the benchmarks one after another and prints their figures: `npm run bench` for all,
 * `npm run bench -- festivals admin` for some. Each is also runnable alone with `npx tsx bench/<name>.ts`.
 * Options after the names go to each chosen benchmark: `npm run bench -- soak --minutes 2`.
 * `soak` (mixed load on PostgreSQL, 10 minutes by default) and `outage` (the database stopped under
 * load) start a PostgreSQL instance of their own.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const all = readdirSync(here)
  .filter((f) => f.endsWith('.ts') && f !== 'run.ts')
  .map((f) => f.replace(/\.ts$/, ''));
const args = process.argv.slice(2);
const firstOption = args.findIndex((a) => a.startsWith('--'));
const names = firstOption === -1 ? args : args.slice(0, firstOption);
const options = firstOption === -1 ? [] : args.slice(firstOption);
const chosen = names.length ? names : all;

for (const name of chosen) {
  const file = path.join(here, `${name}.ts`);
  if (!existsSync(file)) {
    console.error(`No such benchmark: ${name} (have: ${all.join(', ')})`);
    process.exitCode = 1;
    continue;
  }
  console.log(`\n##### bench/${name}.ts`);
  const result = spawnSync('node', ['--import', 'tsx', file, ...options], { stdio: 'inherit' });
  if (result.status !== 0) process.exitCode = 1;
}
