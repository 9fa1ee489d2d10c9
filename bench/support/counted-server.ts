import { Hono } from 'hono';
import pg from 'pg';
import { openDatabase } from '#db/client';

/**
 * The API apps on a loopback port, counting every SQL statement and the process's CPU, answered
 * at /__bench/stats (the figures since the previous call), so a bench can show a constant number
 * of statements per request and the CPU each costs.
 */
export async function serveCounted() {
  const { serve } = await import('@hono/node-server');
  const { PGlite } = await import('@electric-sql/pglite');
  const { useDatabase } = await import('../../functions/lib/db');
  const { env } = await import('../../functions/lib/env');
  const { apiApps } = await import('../../functions/server/api-apps');
  let queries = 0;
  // Every statement reaches the server through Client#query (the Pool's too) or PGlite#query/#exec.
  const countCalls = <T extends object>(proto: T, method: keyof T) => {
    const original = proto[method] as (...args: unknown[]) => unknown;
    Object.assign(proto, {
      [method](this: unknown, ...args: unknown[]) {
        queries += 1;
        return original.apply(this, args);
      },
    });
  };
  countCalls(pg.Client.prototype, 'query');
  countCalls(PGlite.prototype, 'query');
  countCalls(PGlite.prototype, 'exec');

  const config = env();
  const handle = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
  useDatabase(handle);
  const root = new Hono();
  let cpu = process.cpuUsage();
  // Statements and CPU since the previous call.
  root.get('/__bench/stats', (c) => {
    const used = process.cpuUsage(cpu);
    cpu = process.cpuUsage();
    const stats = { queries, cpuMs: (used.user + used.system) / 1000 };
    queries = 0;
    return c.json(stats);
  });
  for (const app of apiApps) root.route('/', app);
  serve({ fetch: root.fetch, port: config.PORT, hostname: '127.0.0.1' });
  process.on('SIGTERM', () => {
    void handle.close().finally(() => process.exit(0));
  });
}
