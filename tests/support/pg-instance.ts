import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The PostgreSQL server binaries (initdb, pg_ctl): PG_BIN, else the newest under /usr/lib/postgresql. */
function binDir(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => /^\d+$/.test(v))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (!versions.length) throw new Error('PostgreSQL server binaries not found: install postgresql or set PG_BIN');
  return path.join(root, versions[0], 'bin');
}

const portInUse = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ host: '127.0.0.1', port }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });

export interface PgInstance {
  port: number;
  /** postgres:// URL of a database on this instance. */
  url(database?: string): string;
  /** Starts the server and waits until it accepts connections. */
  start(): Promise<void>;
  /** `pg_ctl stop -m immediate`: every backend killed at once, as in a crash or a lost host. */
  stopImmediately(): Promise<void>;
  /** Stops it (if running) and deletes its files. */
  remove(): Promise<void>;
}

/**
 * A PostgreSQL server of our own in a temporary directory (initdb and pg_ctl), so failure
 * tests can stop and start it without touching the machine's shared cluster. As root (CI runs
 * so) the server runs as the postgres user, since initdb refuses root.
 */
export async function createPgInstance(port: number): Promise<PgInstance> {
  if (await portInUse(port))
    throw new Error(`port ${port} is in use: a PostgreSQL instance left by an earlier run? (pg_ctl stop it)`);
  const bin = binDir();
  const dir = mkdtempSync(path.join(tmpdir(), 'festivales-pg-'));
  const dataDir = path.join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    chownSync(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  const pg = (tool: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args]) : run(path.join(bin, tool), args);
  await pg('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C.UTF-8']);
  let running = false;
  const instance: PgInstance = {
    port,
    url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`,
    async start() {
      await pg('pg_ctl', [
        '-D',
        dataDir,
        '-o',
        `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`,
        '-l',
        path.join(dir, 'server.log'),
        '-w',
        '-t',
        '60',
        'start',
      ]);
      running = true;
    },
    async stopImmediately() {
      await pg('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      running = false;
    },
    async remove() {
      if (running) await instance.stopImmediately().catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
  await instance.start();
  return instance;
}
