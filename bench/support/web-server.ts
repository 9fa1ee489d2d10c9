/**
 * The site for the web benchmarks and the screenshot script: BASE_URL when given, otherwise
 * `npm start` (production build, fresh embedded database in a temp dir) on the given port or a free
 * one, stopped when the run ends.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface WebServerOptions {
  /** Listen here instead of on a free port. */
  port?: number;
  /** Extra environment of the server (ADMIN_EMAILS, ...). */
  env?: Record<string, string>;
}

export async function withWebServer<T>(
  run: (baseUrl: string) => Promise<T>,
  options: WebServerOptions = {},
): Promise<T> {
  if (process.env.BASE_URL) return run(process.env.BASE_URL.replace(/\/+$/, ''));
  const port = options.port ?? (await freePort());
  const dataDir = mkdtempSync(path.join(tmpdir(), 'festivales-bench-web-'));
  const child = spawn(
    process.execPath,
    [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'functions/server/start.ts'],
    {
      cwd: root,
      env: { ...process.env, ...options.env, PORT: String(port), DATA_DIR: dataDir },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    const deadline = Date.now() + 180_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
      try {
        if ((await fetch(`${baseUrl}/api/festivals?limit=1`)).ok) break;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error('npm start did not answer within 180 s');
      await new Promise((r) => setTimeout(r, 500));
    }
    return await run(baseUrl);
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    rmSync(dataDir, { recursive: true, force: true });
  }
}
