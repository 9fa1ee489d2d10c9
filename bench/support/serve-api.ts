/**
 * The local server as `npm start` runs it (functions/server/serve-site.ts, its request log on),
 * without building the web app first: the API benchmarks ask for no page. Takes the checkout to
 * serve as its argument, so a benchmark can run an older build of the repository beside this one:
 *   node --import tsx bench/support/serve-api.ts /path/to/checkout   (PORT, DATA_DIR, DATABASE_URL as npm start)
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(process.argv[2] ?? '.');
const load = (file: string) => import(pathToFileURL(path.join(root, file)).href);
const { env } = await load('functions/lib/env.ts');
const { serveSite } = await load('functions/server/serve-site.ts');
await serveSite({
  config: env(),
  webRoot: path.join(root, 'web/dist'),
  announce: (port: number) => `listening on ${port}`,
});
