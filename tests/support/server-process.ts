import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const startScript = path.join(repo, 'functions/server/start.ts');
const tsx = import.meta.resolve('tsx');

export interface ServerProcess {
  child: ChildProcess;
  /** Resolves with the port once the server prints that it listens; rejects if it exits first. */
  listening: Promise<number>;
  exited: Promise<number | null>;
  stdout(): string;
  stderr(): string;
  /** The JSON log lines printed so far, parsed. */
  logs(): Record<string, unknown>[];
}

/**
 * A scratch directory holding a stand-in web build, so a server started in it neither rebuilds the
 * SPA nor touches the repository's .data. Removed with the returned function.
 */
export function scratchDirectory(prefix: string): { dir: string; remove: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  mkdirSync(path.join(dir, 'web/dist'), { recursive: true });
  writeFileSync(path.join(dir, 'web/dist/index.html'), '<!doctype html><title>Festivales</title>');
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** `npm start` as an operator runs it: its own process, configured by these variables only. */
export function startServer(cwd: string, vars: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ['--import', tsx, startScript], {
    cwd,
    env: { PATH: process.env.PATH ?? '', PORT: '0', ...vars },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
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
    void exited.then((code) => reject(new Error(`the server exited with ${code}: ${stderr}`)));
  });
  listening.catch(() => undefined);
  const logs = () =>
    stdout
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  return { child, listening, exited, stdout: () => stdout, stderr: () => stderr, logs };
}
