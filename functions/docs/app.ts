import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createApp } from '../lib/app';
import { notFound } from '../lib/errors';

/** The files of swagger-ui-dist the page loads, served from this site (the CSP allows no CDN). */
export const SWAGGER_UI_FILES = ['swagger-ui.css', 'swagger-ui-bundle.js'] as const;

// No inline script (CSP): the start-up is a file of its own, /api/docs/start.js.
const page = `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Festivales API: referencia</title>
<link rel="stylesheet" href="/api/docs/swagger-ui.css">
</head>
<body>
<main id="swagger-ui"></main>
<script src="/api/docs/swagger-ui-bundle.js"></script>
<script src="/api/docs/start.js"></script>
</body>
</html>
`;

const start = `window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#swagger-ui', deepLinking: true });\n`;

const contentTypes: Record<string, string> = {
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
};

export interface DocsOptions {
  /** The OpenAPI document: generated from the apps locally, read from a file beside the Lambda bundle. */
  document: () => Promise<unknown>;
  /** Folder holding SWAGGER_UI_FILES. */
  swaggerUiDir: string;
}

/**
 * GET /api/openapi.json (the OpenAPI 3.1 document) and /api/docs (Swagger UI reading it). The page
 * and its files load only there: nothing of it is in the site's bundle.
 */
export function docsApp({ document, swaggerUiDir }: DocsOptions) {
  let cached: Promise<string> | undefined;
  const json = () => (cached ??= document().then((doc) => JSON.stringify(doc)));
  return createApp('/api')
    .get('/openapi.json', async (c) => {
      c.header('Cache-Control', 'public, max-age=300');
      return c.body(await json(), 200, { 'Content-Type': 'application/json; charset=utf-8' });
    })
    .get('/docs', (c) => c.html(page))
    .get('/docs/start.js', (c) => c.body(start, 200, { 'Content-Type': contentTypes['.js'] }))
    .get('/docs/:file', async (c) => {
      const file = c.req.param('file');
      if (!(SWAGGER_UI_FILES as readonly string[]).includes(file))
        throw notFound('Archivo no encontrado.', 'not_found');
      c.header('Cache-Control', 'public, max-age=86400');
      return c.body(await readFile(path.join(swaggerUiDir, file)), 200, {
        'Content-Type': contentTypes[path.extname(file)],
      });
    });
}
