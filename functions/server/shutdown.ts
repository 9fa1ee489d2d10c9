import type { Server } from 'node:http';
import type { ServerType } from '@hono/node-server';
import { log } from '../lib/log';

/** Longest wait for requests in flight; past it their connections are cut and the exit code says so. */
export const SHUTDOWN_GRACE_MS = 10_000;

/**
 * Graceful stop on SIGTERM (what systemd, Docker and Kubernetes send) and SIGINT: stop accepting
 * connections, let every request in flight finish, close the database (pool or PGlite, which
 * must be closed to leave its files consistent), then exit 0. A second signal exits at once.
 */
export function stopGracefullyOnSignals(server: ServerType, closeDatabase: () => Promise<void>): void {
  const http = server as Server;
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) {
      log().warn({ signal }, 'second signal: exiting without waiting');
      process.exit(1);
    }
    stopping = true;
    log().info({ signal }, 'shutting down: finishing requests in flight');
    const closed = new Promise<void>((resolve) => http.close(() => resolve()));
    // close() only ends connections idle at that moment; a keep-alive connection whose request
    // finishes later would keep the server open, so idle ones are closed as they appear.
    const sweeper = setInterval(() => http.closeIdleConnections?.(), 50);
    let forced = false;
    const grace = setTimeout(() => {
      forced = true;
      http.closeAllConnections?.();
    }, SHUTDOWN_GRACE_MS);
    await closed;
    clearInterval(sweeper);
    clearTimeout(grace);
    try {
      await closeDatabase();
    } catch (error) {
      log().error({ err: error }, 'closing the database failed');
      forced = true;
    }
    if (forced) log().warn('stopped after cutting requests still running');
    else log().info('stopped');
    process.exit(forced ? 1 : 0);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
