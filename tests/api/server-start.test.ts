import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '#db/client';
import { uploadsTable } from '#db/schema';

/**
 * `npm start` as an operator runs it: a separate process, configured by its environment only.
 * It runs in a scratch directory holding a stand-in web build, so it neither rebuilds the SPA
 * nor touches the repository's .data.
 */
const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const startScript = path.join(repo, 'functions/server/start.ts');
const tsx = import.meta.resolve('tsx');
const scratch = mkdtempSync(path.join(tmpdir(), 'festivales-start-'));
mkdirSync(path.join(scratch, 'web/dist'), { recursive: true });
writeFileSync(path.join(scratch, 'web/dist/index.html'), '<!doctype html><title>Festivales</title>');
// One database for the servers below, which run one after the other: created and seeded once.
const dataDir = path.join(scratch, 'data');
const children: ChildProcess[] = [];

afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(scratch, { recursive: true, force: true });
});

/** The variables a shell would pass: none of the test runner's own (NODE_ENV=test, secrets). */
function start(vars: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', tsx, startScript], {
    cwd: scratch,
    env: { PATH: process.env.PATH ?? '', PORT: '0', DATA_DIR: dataDir, ...vars },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d) => (stdout += d));
  child.stderr!.on('data', (d) => (stderr += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const listening = new Promise<number>((resolve, reject) => {
    child.stdout!.on('data', () => {
      const port = /Festivales en http:\/\/localhost:(\d+)/.exec(stdout)?.[1];
      if (port) resolve(Number(port));
    });
    void exited.then((code) => reject(new Error(`exited with ${code}: ${stderr}`)));
  });
  listening.catch(() => undefined);
  return { child, exited, listening, output: () => ({ stdout, stderr }) };
}

const reachable = (host: string, port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ host, port }, () => {
      socket.end();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });

/** Whether this machine has IPv6 loopback: the listening checks below use ::1 as "another interface". */
const ipv6Loopback = await new Promise<boolean>((resolve) => {
  const server = createServer().listen(0, '::', async () => {
    const ok = await reachable('::1', (server.address() as { port: number }).port);
    server.close(() => resolve(ok));
  });
  server.on('error', () => resolve(false));
});

const SECRET = 'a-production-secret-of-more-than-32-characters';

describe('NODE_ENV=production npm start', () => {
  it(
    'refuses to start without SESSION_SECRET or PUBLIC_BASE_URL, naming it, without a stack trace',
    { timeout: 60_000 },
    async () => {
      const cases = [
        ['SESSION_SECRET', start({ NODE_ENV: 'production', PUBLIC_BASE_URL: 'https://festivales.example.com' })],
        ['PUBLIC_BASE_URL', start({ NODE_ENV: 'production', SESSION_SECRET: SECRET })],
      ] as const;
      for (const [variable, server] of cases) {
        expect(await server.exited).toBe(1);
        const { stdout, stderr } = server.output();
        expect(stderr).toContain(`${variable} is required in production`);
        expect(stderr).not.toMatch(/\n\s+at /);
        expect(stdout).not.toContain('Festivales en');
      }
    },
  );

  it('with its configuration listens on every interface', { timeout: 120_000 }, async () => {
    const server = start({
      NODE_ENV: 'production',
      SESSION_SECRET: SECRET,
      PUBLIC_BASE_URL: 'https://festivales.example.com',
    });
    const port = await server.listening;
    expect(await reachable('127.0.0.1', port)).toBe(true);
    if (ipv6Loopback) expect(await reachable('::1', port)).toBe(true);
    server.child.kill('SIGTERM');
    await server.exited;
  });
});

describe('npm start on a fresh clone (development)', () => {
  it('listens on 127.0.0.1 only and serves the seeded catalogue', { timeout: 120_000 }, async () => {
    const local = start({});
    const port = await local.listening;
    expect(await reachable('127.0.0.1', port)).toBe(true);
    if (ipv6Loopback) expect(await reachable('::1', port)).toBe(false);
    const health = await fetch(`http://127.0.0.1:${port}/api/festivals?limit=1`);
    expect(health.status).toBe(200);
    local.child.kill('SIGTERM');
    await local.exited;
  });
});

describe('npm start sweeps unconfirmed uploads', () => {
  it(
    'removes an upload left unconfirmed for over an hour as it starts, row and private file',
    { timeout: 120_000 },
    async () => {
      const key = 'users/1/gallery/00000000-0000-4000-8000-0000000000aa.png';
      const pendingFile = path.join(dataDir, 'pending-uploads', ...key.split('/'));
      const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
      const rowsWithKey = async () => {
        const handle = await openDatabase({ dataDir });
        try {
          return (await handle.db.select().from(uploadsTable).where(eq(uploadsTable.key, key))).length;
        } finally {
          await handle.close();
        }
      };
      const handle = await openDatabase({ dataDir });
      await handle.migrate();
      await handle.db.insert(uploadsTable).values({
        key,
        purpose: 'gallery',
        contentType: 'image/png',
        contentLength: 2048,
        expiresAt: twoHoursAgo,
        createdAt: twoHoursAgo,
      });
      await handle.close();
      mkdirSync(path.dirname(pendingFile), { recursive: true });
      writeFileSync(pendingFile, 'x'.repeat(2048));

      const local = start({});
      await local.listening;
      // The log line comes once the sweep has finished (file and row), so wait on it rather than on the file alone.
      await expect
        .poll(() => local.output().stdout, { timeout: 30_000 })
        .toContain('[uploads] 1 subidas sin confirmar eliminadas');
      expect(existsSync(pendingFile)).toBe(false);
      local.child.kill('SIGTERM');
      await local.exited;
      expect(await rowsWithKey()).toBe(0);
    },
  );
});
