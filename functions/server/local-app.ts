import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { MiddlewareHandler } from 'hono';
import { errorJson } from '../lib/app';
import { setIndexHtmlLoader } from '../pages/app';
import { createApiRoot } from './api-apps';

export interface LocalAppOptions {
  /** The built SPA (web/dist). */
  webRoot: string;
  /** Where the local storage driver keeps uploaded files. */
  uploadsDir: string;
}

const revalidate: MiddlewareHandler = async (c, next) => {
  await next();
  if (c.res.ok) c.res.headers.set('Cache-Control', 'no-cache');
};

const keepAWeek: MiddlewareHandler = async (c, next) => {
  await next();
  if (c.res.ok) c.res.headers.set('Cache-Control', 'public, max-age=604800, stale-while-revalidate=86400');
};

/** The whole site in one Hono app: every API function, uploads and the SPA with history fallback. */
export function createLocalApp({ webRoot, uploadsDir }: LocalAppOptions) {
  // Share previews (/festival/*), robots.txt and sitemap.xml come from the pages app, mounted with
  // the API apps and so ahead of the static files and the SPA fallback below; it injects into this build.
  setIndexHtmlLoader(() => readFile(path.join(webRoot, 'index.html'), 'utf8'));
  const root = createApiRoot();

  root.use(
    '/uploads/*',
    serveStatic({
      root: path.relative(process.cwd(), uploadsDir) || '.',
      rewriteRequestPath: (p) => p.replace(/^\/uploads/, ''),
      onFound: (_p, c) => {
        c.header('Cache-Control', 'public, max-age=86400');
        c.header('X-Content-Type-Options', 'nosniff');
      },
    }),
  );
  root.all('/uploads/*', (c) => errorJson(c, 404, { error: 'Archivo no encontrado.', code: 'not_found' }));
  root.use(
    '/assets/*',
    serveStatic({
      root: path.relative(process.cwd(), webRoot),
      // The build writes .br/.gz beside each script and stylesheet (web/vite.config.ts).
      precompressed: true,
      onFound: (_p, c) => c.header('Cache-Control', 'public, max-age=31536000, immutable'),
    }),
  );
  // The service worker and the manifest keep their names across builds: the browser asks each time,
  // so an installed app finds a new version (the CDN does the same, infra/web.ts). Set on the
  // answer itself: serveStatic's onFound runs after its response is built.
  root.use('/sw.js', revalidate);
  root.use('/manifest.webmanifest', revalidate);
  // Public files kept under a fixed name (the stock artwork, icons, the logo): a week, and a day more
  // while the browser checks for a newer copy; the CDN gives them the same (infra/web.ts).
  root.use('/images/*', keepAWeek);
  root.use('/icons/*', keepAWeek);
  root.use('/favicon.svg', keepAWeek);
  const publicFiles = serveStatic({ root: path.relative(process.cwd(), webRoot) });
  // Directory paths ("/", "/festival/") fall through to the SPA's index below.
  root.use('/*', (c, next) => (c.req.path.endsWith('/') ? next() : publicFiles(c, next)));

  let indexHtml: Promise<string> | undefined;
  root.get('*', async (c) => {
    indexHtml ??= readFile(path.join(webRoot, 'index.html'), 'utf8');
    c.header('Cache-Control', 'no-cache');
    return c.html(await indexHtml);
  });
  return root;
}
