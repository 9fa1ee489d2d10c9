import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const SOURCES = ['web/src', 'web/public', 'web/index.html', 'web/vite.config.ts', 'core', 'package-lock.json'];

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** True when web/dist is missing or older than any source the SPA is built from. */
export function webBuildIsStale(root: string): boolean {
  const built = path.join(root, 'web/dist/index.html');
  if (!existsSync(built)) return true;
  const builtAt = statSync(built).mtimeMs;
  return SOURCES.some((source) => newestMtime(path.join(root, source)) > builtAt);
}

export async function buildWeb(root: string): Promise<void> {
  const { build } = await import('vite');
  await build({ configFile: path.join(root, 'web/vite.config.ts'), logLevel: 'warn' });
}
