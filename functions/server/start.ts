import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { openDatabase } from '#db/client';
import { seedIfEmpty } from '#db/seed/seed';
import { idleConnectionClosed, useDatabase } from '../lib/db';
import { env } from '../lib/env';
import { storage } from '../lib/storage/storage';
import { repeat } from '../lib/outbox/schedule';
import { OUTBOX_INTERVAL_MS, runOutbox } from '../lib/outbox/worker';
import { scheduleUploadSweep, sweepUnconfirmedUploads } from '../lib/upload-sweep';
import { createLocalApp } from './local-app';
import { stopGracefullyOnSignals } from './shutdown';
import { buildWeb, webBuildIsStale } from './web-build';

const root = process.cwd();
let config: ReturnType<typeof env>;
try {
  config = env();
} catch (error) {
  // A configuration problem is the operator's to fix: say which variable, without a stack trace.
  console.error((error as Error).message);
  process.exit(1);
}
const loopback = ['127.0.0.1', 'localhost', '::1'].includes(config.HOST ?? '');
if (!config.production && !loopback && (config.AUTH_DEV_LOGIN || !config.sessionSecretConfigured)) {
  console.warn(
    `Aviso: modo desarrollo escuchando en ${config.HOST ?? 'todas las interfaces'}. El acceso de demostración y el secreto de sesión ` +
      'de desarrollo solo son seguros en esta máquina: para servir a otras personas usa NODE_ENV=production.',
  );
}

if (webBuildIsStale(root)) {
  console.log('Construyendo la aplicación web…');
  await buildWeb(root);
}

const handle = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR, poolSize: config.DATABASE_POOL_SIZE, onIdleError: idleConnectionClosed });
await handle.migrate();
const seeded = await seedIfEmpty(handle.db);
if (seeded) console.log(`Catálogo inicial: ${seeded} festivales.`);
useDatabase(handle);

const uploadsDir = path.resolve(config.DATA_DIR, 'uploads');
mkdirSync(uploadsDir, { recursive: true });
const app = createLocalApp({ webRoot: path.join(root, 'web/dist'), uploadsDir });
// Unconfirmed uploads older than an hour go; in AWS the UploadSweep cron runs the same code.
const stopSweep = scheduleUploadSweep(() => sweepUnconfirmedUploads(handle.db, storage()));
// Mail and push leave through the outbox (decision 030); in AWS the Outbox queue's consumer runs the same worker.
const stopOutbox = repeat('outbox', () => runOutbox(handle.db), OUTBOX_INTERVAL_MS);

// Development listens on this machine only (HOST=127.0.0.1 by default); production on HOST or every interface.
const server = serve({ fetch: app.fetch, port: config.PORT, hostname: config.HOST }, (info) => {
  const where = config.DATABASE_URL ? 'PostgreSQL' : `PGlite en ${config.DATA_DIR}`;
  console.log(`Festivales en http://localhost:${info.port} (${where})`);
});

// The upload sweep stops with the requests: the database closes after both.
stopGracefullyOnSignals(server, async () => {
  stopSweep();
  await stopOutbox();
  await handle.close();
});
