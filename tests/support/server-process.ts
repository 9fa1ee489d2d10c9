import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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

export interface StartOptions {
  /** Send the server's output to this file instead of keeping it in memory (long benchmarks). */
  logFile?: string;
}

/** `npm start` as an operator runs it: its own process, configured by these variables only. */
export function startServer(cwd: string, vars: Record<string, string>, options: StartOptions = {}): ServerProcess {
  const out = options.logFile ? openSync(options.logFile, 'a') : undefined;
  const child = spawn(process.execPath, ['--import', tsx, startScript], {
    cwd,
    env: { PATH: process.env.PATH ?? '', PORT: '0', ...vars },
    stdio: ['ignore', out ?? 'pipe', out ?? 'pipe'],
  });
  if (out !== undefined) closeSync(out);
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (d) => (stdout += d));
  child.stderr?.on('data', (d) => (stderr += d));
  const output = () => (options.logFile ? readFileSync(options.logFile, 'utf8') : stdout);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const listening = new Promise<number>((resolve, reject) => {
    const timer = setInterval(() => {
      const port = /Festivales en http:\/\/localhost:(\d+)/.exec(options.logFile ? output() : stdout)?.[1];
      if (port) {
        clearInterval(timer);
        resolve(Number(port));
      }
    }, 50);
    void exited.then((code) => {
      clearInterval(timer);
      reject(new Error(`the server exited with ${code}: ${options.logFile ? output() : stderr}`));
    });
  });
  listening.catch(() => undefined);
  const logs = () =>
    output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  return { child, listening, exited, stdout: output, stderr: () => stderr, logs };
}
