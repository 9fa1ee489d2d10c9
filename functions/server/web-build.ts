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

/**
 * The production build of the SPA into web/dist (or `outDir`), whatever NODE_ENV the server runs
 * with: given NODE_ENV=development, Vite bundles React's development copy (several times slower to
 * run, warnings included), and the server then serves it until the sources change again.
 */
export async function buildWeb(root: string, outDir?: string): Promise<void> {
  const { build } = await import('vite');
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      configFile: path.join(root, 'web/vite.config.ts'),
      mode: 'production',
      logLevel: 'warn',
      ...(outDir ? { build: { outDir, emptyOutDir: true } } : {}),
    });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}
