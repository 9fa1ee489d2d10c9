import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import type { OutputAsset, OutputChunk } from 'rolldown';
import { VitePWA } from 'vite-plugin-pwa';
import { appManifest } from './app-manifest';
import { bootScript } from './boot-script';
import { SPRITE_ICONS, spriteIconId } from './src/components/ui/sprite-icons';

/**
 * What the home asks for first with no filters in its address: festivalPageUrl(defaultFilters)
 * (core/festival-page-url.ts; core/festival-page.test.ts checks they agree). Written out so the
 * config loads without the app's modules.
 */
const HOME_FIRST_PAGE = '/api/festivals/page?upcoming=true&sort=date&limit=24';
/**
 * What /favorites asks for first: festivalPageUrl({ ...defaultFilters, upcoming: false }, 0,
 * FESTIVAL_PAGE_MAX, ids), the boot script writing the stored ids for IDS (core/festival-page.test.ts).
 */
const FAVORITES_PAGE = '/api/festivals/page?upcoming=false&sort=date&ids=IDS&limit=100';
/** The map's first view: mapViewPath({ zoom: DEFAULT_MAP_ZOOM }) (web/src/lib/catalog.ts, core/map.ts). */
const MAP_FIRST_VIEW = '/api/festivals/map?zoom=5';
const here = path.dirname(fileURLToPath(import.meta.url));
const apiPort = process.env.API_PORT ?? '3001';

/**
 * Writes .br and .gz beside every compressible asset, so the local server sends them precompressed
 * (serveStatic `precompressed`); a CDN compresses by itself.
 */
function precompress(): Plugin {
  return {
    name: 'festivales-precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      for (const file of Object.keys(bundle)) {
        if (!/\.(js|css|svg|json|html)$/.test(file) || file.endsWith('manifest.json')) continue;
        const full = path.join(options.dir!, file);
        const source = readFileSync(full);
        if (source.length < 1024) continue;
        writeFileSync(`${full}.br`, brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }));
        writeFileSync(`${full}.gz`, gzipSync(source, { level: 9 }));
      }
    },
  };
}

/** A lazily loaded route's chunk with the chunks and styles it imports, minus what the entry already preloads. */
function routeFiles(bundle: Record<string, OutputChunk | OutputAsset>, source: string, skip: Set<string>) {
  const route = Object.values(bundle).find(
    (c): c is OutputChunk => c.type === 'chunk' && Boolean(c.facadeModuleId?.endsWith(source)),
  );
  if (!route) throw new Error(`${source} has no chunk of its own in the build`);
  const scripts: string[] = [];
  const styles = new Set<string>();
  const visit = (chunk: OutputChunk) => {
    const href = `/${chunk.fileName}`;
    if (skip.has(href) || scripts.includes(href)) return;
    scripts.push(href);
    for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(`/${css}`);
    for (const name of chunk.imports) {
      const next = bundle[name];
      if (next?.type === 'chunk' && !next.isEntry) visit(next);
    }
  };
  visit(route);
  return { scripts, styles: [...styles] };
}

/** Leaflet's marker pictures are files of the build rather than inlined (build.assetsInlineLimit), so the boot script's copy of the map shows them too. */
const LEAFLET_MARKER_IMAGE = /leaflet[\\/]dist[\\/]images[\\/]marker-[\w-]+\.png$/;

/** The address of one of Leaflet's marker pictures in the build. */
function leafletImage(bundle: Record<string, OutputChunk | OutputAsset>, name: string): string {
  const asset = Object.values(bundle).find(
    (a): a is OutputAsset =>
      a.type === 'asset' && a.originalFileNames.some((file) => file.endsWith(`leaflet/dist/images/${name}`)),
  );
  if (!asset) throw new Error(`Leaflet's ${name} is missing from the build`);
  return `/${asset.fileName}`;
}

/**
 * index.html paints its static header before any script is fetched: the entry module and the
 * modulepreloads are requested by a tiny boot script after the first paint, so on a slow network
 * the first paint does not share the bandwidth with React (first contentful paint). The boot script
 * is a file of its own (assets/boot-<hash>.js), not inline: the Content-Security-Policy allows no
 * inline script (docs/decisions/015-content-security-policy.md). What else it does: boot-script.ts.
 */
function startAfterFirstPaint(): Plugin {
  let boot: { fileName: string; source: string } | undefined;
  return {
    name: 'festivales-start-after-paint',
    apply: 'build',
    enforce: 'post',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const tag = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(html);
        if (!tag) return html;
        const preloads: string[] = [];
        const withoutPreloads = html.replace(
          /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g,
          (_m, href: string) => {
            preloads.push(href);
            return '';
          },
        );
        const festival = routeFiles(
          ctx.bundle ?? {},
          'web/src/app/routes/festival.tsx',
          new Set([tag[1], ...preloads]),
        );
        // The map's route, its screen and Leaflet: the first markers need all three.
        const mapRoute = routeFiles(ctx.bundle ?? {}, 'web/src/app/routes/map.tsx', new Set([tag[1], ...preloads]));
        const mapScreen = routeFiles(
          ctx.bundle ?? {},
          'web/src/features/map/components/map-page.tsx',
          new Set([tag[1], ...preloads, ...mapRoute.scripts]),
        );
        const mapPage = {
          scripts: [...mapRoute.scripts, ...mapScreen.scripts],
          styles: [...mapRoute.styles, ...mapScreen.styles],
        };
        // The favourites and the calendar: their screen's code with the shell's rather than after it.
        const skip = new Set([tag[1], ...preloads]);
        const screens = {
          '/favorites': routeFiles(ctx.bundle ?? {}, 'web/src/app/routes/favorites.tsx', skip),
          '/calendar': routeFiles(ctx.bundle ?? {}, 'web/src/app/routes/calendar.tsx', skip),
        };
        const pinImages = {
          iconUrl: leafletImage(ctx.bundle ?? {}, 'marker-icon.png'),
          iconRetinaUrl: leafletImage(ctx.bundle ?? {}, 'marker-icon-2x.png'),
          shadowUrl: leafletImage(ctx.bundle ?? {}, 'marker-shadow.png'),
        };
        const source = bootScript({
          entry: tag[1],
          preloads,
          festivalPage: festival,
          homeFirstPage: HOME_FIRST_PAGE,
          mapPage,
          mapFirstView: MAP_FIRST_VIEW,
          pinImages,
          screens,
          favoritesPage: FAVORITES_PAGE,
        });
        const hash = createHash('sha256').update(source).digest('base64url').slice(0, 8);
        boot = { fileName: `assets/boot-${hash}.js`, source };
        return withoutPreloads.replace(tag[0], () => `<script type="module" src="/${boot!.fileName}"></script>`);
      },
    },
    // index.html is transformed while Vite's HTML plugin writes the bundle, before this hook runs.
    generateBundle() {
      if (boot) this.emitFile({ type: 'asset', fileName: boot.fileName, source: boot.source });
    },
  };
}

/**
 * Preloads Inter's Latin file from index.html. Without it the browser asks for the font only when
 * the screen's text is laid out, half a second in, and the text drawn meanwhile in the fallback
 * then changes width (a layout shift); preloaded, it arrives with the stylesheets.
 */
function preloadFont(): Plugin {
  return {
    name: 'festivales-preload-font',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const font = Object.keys(ctx.bundle ?? {}).find((file) =>
          /^assets\/inter-latin-wght-normal-[\w-]+\.woff2$/.test(file),
        );
        if (!font) throw new Error('the Latin Inter font is missing from the build');
        return [
          {
            tag: 'link',
            attrs: { rel: 'preload', as: 'font', type: 'font/woff2', href: `/${font}`, crossorigin: '' },
            injectTo: 'head',
          },
        ];
      },
    },
  };
}

/**
 * Writes the sprite of the cards' icons (src/components/ui/sprite-icons.ts) at the end of
 * index.html's <body>, one <symbol> per icon with lucide's own shapes, read from lucide-react's
 * icon data so they never drift from the other icons of the site.
 */
function iconSprite(): Plugin {
  return {
    name: 'festivales-icon-sprite',
    transformIndexHtml: {
      order: 'post',
      async handler(html) {
        const symbols = await Promise.all(
          SPRITE_ICONS.map(async (name) => {
            const { __iconData } = (await import(`lucide-react/icons/${name}`)) as {
              __iconData: { node: [string, Record<string, string>][] };
            };
            const shapes = __iconData.node
              .map(
                ([tag, attrs]) =>
                  `<${tag} ${Object.entries(attrs)
                    .filter(([key]) => key !== 'key')
                    .map(([key, value]) => `${key}="${value}"`)
                    .join(' ')}/>`,
              )
              .join('');
            return `<symbol id="${spriteIconId(name)}" viewBox="0 0 24 24">${shapes}</symbol>`;
          }),
        );
        return html.replace(
          '</body>',
          () => `<svg class="icon-sprite" aria-hidden="true" focusable="false">${symbols.join('')}</svg>\n  </body>`,
        );
      },
    },
  };
}

export default defineConfig({
  root: here,
  plugins: [
    react(),
    precompress(),
    startAfterFirstPaint(),
    preloadFont(),
    iconSprite(),
    // The installable app: manifest.webmanifest and /sw.js built from src/sw/sw.ts with this build's
    // precache list (docs/decisions/039). The page registers the worker itself (src/features/pwa).
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest: appManifest,
      manifestFilename: 'manifest.webmanifest',
      includeManifestIcons: false,
      injectManifest: {
        // The app shell: code, styles, fonts, the logo. Pictures are cached as they are seen.
        globPatterns: [
          'index.html',
          'assets/*.{js,css,woff2}',
          'assets/marker-*.png',
          'favicon.svg',
          'icons/icon-192.png',
        ],
        globIgnores: ['**/*.br', '**/*.gz'],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
    }),
  ],
  // The web reads the same variable names as the server (README "Configuration"); see src/config/env.ts.
  envDir: path.resolve(here, '..'),
  envPrefix: ['VITE_', 'GOOGLE_CLIENT_ID'],
  build: {
    outDir: path.resolve(here, 'dist'),
    emptyOutDir: true,
    sourcemap: false,
    // .vite/manifest.json: bench/web-bundle.ts reads the home's import graph from it.
    manifest: true,
    target: 'es2022',
    assetsInlineLimit: (file: string) => (LEAFLET_MARKER_IMAGE.test(file) ? false : undefined),
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // What every screen runs (React, the router, Lucide's icon base, the API client, the
            // session, toasts) in one chunk beside the entry. Left alone, the bundler gives each
            // module shared with a lazy screen a tiny chunk of its own, and the first load pays a
            // request and a gzip stream for each (docs/decisions/024). Styles stay out of it: the
            // toasts' are imported with the site's by main.tsx, so the first paint waits for one stylesheet.
            {
              name: 'shell',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]|node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/](Icon|createLucideIcon|context|shared[\\/])|[\\/]web[\\/]src[\\/](lib[\\/](api-client|auth|storage)|components[\\/]toast)[\\/.](?!.*\.css$)|[\\/]core[\\/]slug\.ts|vite[\\/]preload-helper/,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 3000,
    proxy: {
      '/api': `http://127.0.0.1:${apiPort}`,
      '/uploads': `http://127.0.0.1:${apiPort}`,
    },
  },
});
