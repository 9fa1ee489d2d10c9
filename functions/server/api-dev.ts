/** The API half of `npm run dev` (restarted by tsx watch): every function app on API_PORT, no SPA build. */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { openDatabase } from '#db/client';
import { seedIfEmpty } from '#db/seed/seed';
import { idleConnectionClosed, useDatabase } from '../lib/db';
import { env } from '../lib/env';
import { storage } from '../lib/storage/storage';
import { scheduleUploadSweep, sweepUnconfirmedUploads } from '../lib/upload-sweep';
import { createLocalApp } from './local-app';
import { stopGracefullyOnSignals } from './shutdown';

const config = env();
const handle = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR, poolSize: config.DATABASE_POOL_SIZE, onIdleError: idleConnectionClosed });
await handle.migrate();
await seedIfEmpty(handle.db);
useDatabase(handle);

const uploadsDir = path.resolve(config.DATA_DIR, 'uploads');
mkdirSync(uploadsDir, { recursive: true });
// The SPA comes from Vite's dev server, which proxies /api and /uploads here (web/vite.config.ts).
const app = createLocalApp({ webRoot: path.join(process.cwd(), 'web/dist'), uploadsDir });
// Unconfirmed uploads older than an hour go; in AWS the UploadSweep cron runs the same code.
const stopSweep = scheduleUploadSweep(() => sweepUnconfirmedUploads(handle.db, storage()));
const server = serve({ fetch: app.fetch, port: config.PORT, hostname: config.HOST }, (info) => console.log(`API en http://localhost:${info.port}`));

// The upload sweep stops with the requests: the database closes after both.
stopGracefullyOnSignals(server, async () => {
  stopSweep();
  await handle.close();
});
