import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { buildWeb } from '../../functions/server/web-build';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const out = mkdtempSync(path.join(tmpdir(), 'festivales-web-build-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

// `npm start` builds the SPA when its build is missing or stale, with the server's own environment.
it('builds the production SPA even when the server runs with NODE_ENV=development', async () => {
  const before = process.env.NODE_ENV;
  process.env.NODE_ENV = 'development';
  try {
    await buildWeb(repo, out);
    expect(process.env.NODE_ENV).toBe('development');
  } finally {
    process.env.NODE_ENV = before;
  }
  const scripts = readdirSync(path.join(out, 'assets')).filter((f) => f.endsWith('.js'));
  const code = scripts.map((f) => readFileSync(path.join(out, 'assets', f), 'utf8')).join('\n');
  expect(scripts.some((f) => f.startsWith('shell-'))).toBe(true);
  // React's development copy names itself and asks for its developer tools; the production one does neither.
  expect(code).not.toContain('react-dom.development');
  expect(code).not.toContain('Download the React DevTools');
  expect(readdirSync(out)).toContain('sw.js');
}, 180_000);
