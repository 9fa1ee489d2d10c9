import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { openDatabase } from '#db/client';
import { seedIfEmpty } from '../lib/seed-catalogue';
import { idleConnectionClosed, useDatabase } from '../lib/db';
import type { env } from '../lib/env';
import { storage } from '../lib/storage/storage';
import { repeat } from '../lib/outbox/schedule';
import { OUTBOX_INTERVAL_MS, runOutbox } from '../lib/outbox/worker';
import { deliverPushDue } from '../lib/push/push-worker';
import { runScheduledAlerts, SCHEDULED_ALERTS_INTERVAL_MS } from '../lib/domain/alerts/scheduled';
import { deliverPendingSetChanges } from '../lib/domain/organizers/set-change-deliveries';
import { WATCH_PASS_INTERVAL_MS, watchSources } from '../lib/domain/imports/watcher';
import { scheduleUploadSweep, sweepUnconfirmedUploads } from '../lib/domain/uploads/sweep';
import { createLocalApp } from './local-app';
import { stopGracefullyOnSignals } from './shutdown';

export interface ServeSiteOptions {
  config: ReturnType<typeof env>;
  /** The built SPA (web/dist); under `npm run dev` Vite serves it instead. */
  webRoot: string;
  /** The line written once the server listens. */
  announce: (port: number) => string;
  /** Said after seeding an empty database. */
  onSeeded?: (festivals: number) => void;
}

/**
 * The local server as `npm start` and `npm run dev` run it: the database migrated and seeded, every
 * function app with the uploads (and the SPA when built), the upload sweep and the outbox running,
 * and a graceful stop on SIGTERM/SIGINT.
 */
export async function serveSite({ config, webRoot, announce, onSeeded }: ServeSiteOptions): Promise<void> {
  const handle = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    poolSize: config.DATABASE_POOL_SIZE,
    onIdleError: idleConnectionClosed,
  });
  await handle.migrate();
  const seeded = await seedIfEmpty(handle.db);
  if (seeded) onSeeded?.(seeded);
  useDatabase(handle);

  const uploadsDir = path.resolve(config.DATA_DIR, 'uploads');
  mkdirSync(uploadsDir, { recursive: true });
  const app = createLocalApp({ webRoot, uploadsDir });
  // Unconfirmed uploads older than an hour go; in AWS the UploadSweep cron runs the same code.
  const stopSweep = scheduleUploadSweep(() => sweepUnconfirmedUploads(handle.db, storage()));
  // Mail and push leave through the outbox (decision 030), each from its own loop so neither waits on the
  // other; in AWS the Outbox queue's consumer and the OutboxPush cron run the same workers. A stop cuts
  // the push sends in flight (decision 087) and lets the mail being sent finish.
  const stopOutbox = repeat('outbox', (signal) => runOutbox(handle.db, { signal }), OUTBOX_INTERVAL_MS);
  const stopPush = repeat('push', (signal) => deliverPushDue(handle.db, { signal }), OUTBOX_INTERVAL_MS);
  // Reminders before a favourite starts and before a picked set, and the daily and weekly digests; in AWS the OutboxDispatch cron runs them.
  const stopAlerts = repeat('scheduled alerts', () => runScheduledAlerts(handle.db), SCHEDULED_ALERTS_INTERVAL_MS);
  // Live set changes whose request did not finish telling the people who picked the set; on AWS the OutboxDispatch cron.
  const stopSetChanges = repeat('set changes', () => deliverPendingSetChanges(handle.db), OUTBOX_INTERVAL_MS);
  // Watched festival pages read again once a week ('Cambios detectados'); on AWS the OutboxDispatch cron.
  const stopWatcher = repeat('watched sources', () => watchSources(handle.db), WATCH_PASS_INTERVAL_MS);

  // Development listens on this machine only (HOST=127.0.0.1 by default); production on HOST or every interface.
  const server = serve({ fetch: app.fetch, port: config.PORT, hostname: config.HOST }, (info) =>
    console.log(announce(info.port)),
  );

  // The sweep and the outbox stop with the requests: the database closes after them.
  stopGracefullyOnSignals(server, async () => {
    stopSweep();
    await Promise.all([stopOutbox(), stopPush()]);
    await stopAlerts();
    await stopSetChanges();
    await stopWatcher();
    await handle.close();
  });
}
