/**
 * Home first-load JavaScript (budget: at most 111 KB gzip, docs/decisions/005): the boot entry index.html loads, the
 * app's entry chunk plus the home route chunk and everything they import statically, read from the built web/dist
 * and its Vite manifest.
 * A route bundled into the entry (the home is) has no chunk of its own: the entry's graph is its first load.
 *
 *   npm run build && npx tsx bench/web-bundle.ts [route-source ...]
 *
 * Dynamic imports (lazy routes, the lazily loaded shell parts) are not part of the first load.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestEntry {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const dist = path.join(root, 'web/dist');
const manifest: Record<string, ManifestEntry> = JSON.parse(
  readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'),
);
const routes = process.argv.slice(2).length ? process.argv.slice(2) : ['src/app/routes/home.tsx'];
const BUDGET_KB = 111;

// The app's entry (src/main.tsx); a build where index.html itself loaded the app has that entry only.
const entryKey = manifest['src/main.tsx']?.isEntry
  ? 'src/main.tsx'
  : Object.keys(manifest).find((k) => manifest[k].isEntry);
if (!entryKey) throw new Error('No entry in the Vite manifest: build with `npm run build` first.');
// The boot entry, bundled apart from the app (web/vite.config.ts): index.html's one script.
const boot = /<script type="module" src="\/(assets\/boot-[\w-]+\.js)"/.exec(
  readFileSync(path.join(dist, 'index.html'), 'utf8'),
)?.[1];

function staticClosure(keys: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`Not in the manifest: ${key}`);
    seen.add(key);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  keys.forEach(visit);
  return seen;
}

const gzipKb = (file: string) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length / 1024;

let failed = false;
for (const route of routes) {
  const keys = staticClosure(manifest[route] ? [entryKey, route] : [entryKey]);
  const files = [...keys].map((k) => manifest[k].file).filter((f) => f.endsWith('.js'));
  if (boot && !files.includes(boot)) files.push(boot);
  const rows = files.map((file) => ({ file, kb: gzipKb(file) })).sort((a, b) => b.kb - a.kb);
  const total = rows.reduce((sum, r) => sum + r.kb, 0);
  const css = [...new Set([...keys].flatMap((k) => manifest[k].css ?? []))];
  const cssKb = css.reduce((sum, f) => sum + gzipKb(f), 0);
  console.log(`\n${route}`);
  for (const r of rows) console.log(`  ${r.kb.toFixed(1).padStart(7)} KB  ${r.file}`);
  console.log(
    `  JavaScript first load: ${total.toFixed(1)} KB gzip (budget ${BUDGET_KB} KB) ${total <= BUDGET_KB ? 'OK' : 'OVER'}`,
  );
  console.log(`  CSS: ${cssKb.toFixed(1)} KB gzip`);
  if (total > BUDGET_KB) failed = true;
}
process.exitCode = failed ? 1 : 0;
