/** The API half of `npm run dev` (restarted by tsx watch): every function app on API_PORT, no SPA build. */
import path from 'node:path';
import { env } from '../lib/env';
import { serveSite } from './serve-site';

// The SPA comes from Vite's dev server, which proxies /api and /uploads here (web/vite.config.ts).
await serveSite({
  config: env(),
  webRoot: path.join(process.cwd(), 'web/dist'),
  announce: (port) => `API en http://localhost:${port}`,
});
