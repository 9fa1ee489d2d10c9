import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { openDatabase } from '../../db/client';
import { seedIfEmpty } from '../../db/seed/seed';
import { useDatabase } from '../lib/db';
import { env } from '../lib/env';
import { createLocalApp } from './local-app';
import { buildWeb, webBuildIsStale } from './web-build';

const root = process.cwd();
const config = env();

if (webBuildIsStale(root)) {
  console.log('Construyendo la aplicación web…');
  await buildWeb(root);
}

const handle = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
await handle.migrate();
const seeded = await seedIfEmpty(handle.db);
if (seeded) console.log(`Catálogo inicial: ${seeded} festivales.`);
useDatabase(handle);

const uploadsDir = path.resolve(config.DATA_DIR, 'uploads');
mkdirSync(uploadsDir, { recursive: true });
const app = createLocalApp({ webRoot: path.join(root, 'web/dist'), uploadsDir });

const server = serve({ fetch: app.fetch, port: config.PORT }, (info) => {
  const where = config.DATABASE_URL ? 'PostgreSQL' : `PGlite en ${config.DATA_DIR}`;
  console.log(`Festivales en http://localhost:${info.port} (${where})`);
});

const shutdown = async () => {
  server.close();
  await handle.close();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
