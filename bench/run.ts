/**
 * Runs the benchmarks one after another and prints their figures: `npm run bench` for all,
 * `npm run bench -- festivals admin` for some. Each is also runnable alone with `npx tsx bench/<name>.ts`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const all = readdirSync(here)
  .filter((f) => f.endsWith('.ts') && f !== 'run.ts')
  .map((f) => f.replace(/\.ts$/, ''));
const chosen = process.argv.slice(2).length ? process.argv.slice(2) : all;

for (const name of chosen) {
  const file = path.join(here, `${name}.ts`);
  if (!existsSync(file)) {
    console.error(`No such benchmark: ${name} (have: ${all.join(', ')})`);
    process.exitCode = 1;
    continue;
  }
  console.log(`\n##### bench/${name}.ts`);
  const result = spawnSync('node', ['--import', 'tsx', file], { stdio: 'inherit' });
  if (result.status !== 0) process.exitCode = 1;
}
