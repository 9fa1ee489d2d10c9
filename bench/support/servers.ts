import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, get } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export async function waitFor200(url: string, timeoutMs = 60_000): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    try {
      const res = await fetch(url);
      if (res.status === 200) {
        await res.arrayBuffer();
        return performance.now() - started;
      }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms`);
}

/** Starts a command in the repository with extra environment; killed with the returned function. */
export function startProcess(
  command: string,
  args: string[],
  env: Record<string, string | undefined>,
): { child: ChildProcess; stop: () => Promise<void> } {
  const child = spawn(command, args, {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  // The last 64 KB of what it wrote, shown if it fails: a server logs a line per request, and keeping
  // them all would grow this process (which also runs the load) by megabytes a second.
  const chunks: string[] = [];
  let kept = 0;
  const keep = (d: Buffer) => {
    chunks.push(String(d));
    kept += d.length;
    while (kept > 64 * 1024 && chunks.length > 1) kept -= chunks.shift()!.length;
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  child.on('exit', (code) => {
    if (code && code !== 0 && code !== 143 && !child.killed) console.error(chunks.join(''));
  });
  return {
    child,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        try {
          process.kill(-child.pid!, 'SIGTERM');
        } catch {
          resolve();
        }
      }),
  };
}

/** The ceiling: bare node:http sending the same bytes from memory. */
export function startBareServer(body: Buffer, port: number, encoding?: 'gzip') {
  const server = createServer((_req, res) => {
    res.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': body.length,
      ...(encoding ? { 'content-encoding': encoding } : {}),
    });
    res.end(body);
  });
  return new Promise<{ close: () => Promise<void> }>((resolve) =>
    server.listen(port, '127.0.0.1', () => resolve({ close: () => new Promise((r) => server.close(() => r())) })),
  );
}

/** The bytes exactly as sent (fetch would decompress them). */
export function fetchRaw(url: string, headers: Record<string, string>): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve(Buffer.concat(chunks)));
      res.on('error', reject);
    }).on('error', reject);
  });
}
