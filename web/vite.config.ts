import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, runnerImport, type Plugin } from 'vite';
import { build as bundle, type OutputAsset, type OutputChunk } from 'rolldown';
import { VitePWA } from 'vite-plugin-pwa';
import { appManifest } from './app-manifest';
import type { BootAssets } from './src/boot/boot-assets';
import { SPRITE_ICONS, spriteIconId } from './src/components/ui/sprite-icons';

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
  return staticGraph(bundle, route, skip);
}

/** A chunk with the chunks it imports statically and their styles, in import order, minus `skip`. */
function staticGraph(bundle: Record<string, OutputChunk | OutputAsset>, route: OutputChunk, skip = new Set<string>()) {
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

/** Leaflet's marker pictures are files of the build rather than inlined (build.assetsInlineLimit), so the boot entry's copy of the map shows them too. */
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

const BOOT_ENTRY = path.join(here, 'src/boot/boot.ts');

/**
 * The first paint's markup, rendered from the app's components (src/boot/static-markup.tsx) with
 * Vite's module runner, outside this config (no plugin of this build runs there).
 */
async function renderFirstPaint(): Promise<{ shell: string; mapFirstScreen: string }> {
  const { module } = await runnerImport<typeof import('./src/boot/static-markup')>(
    path.join(here, 'src/boot/static-markup.tsx'),
    {
      configFile: false,
      root: here,
      logLevel: 'warn',
      envDir: path.resolve(here, '..'),
      envPrefix: ['VITE_', 'GOOGLE_CLIENT_ID'],
      // Markup only: styles and pictures are the app build's (their addresses are not in the markup).
      plugins: [
        {
          name: 'festivales-markup-only',
          enforce: 'pre',
          resolveId: (id) => (/\.(css|png)$/.test(id) ? '\0markup-only' : undefined),
          load: (id) => (id === '\0markup-only' ? 'export default "";' : undefined),
        },
      ],
    },
  );
  return module.renderFirstPaint();
}

/**
 * index.html paints the shell that the build renders from the app's own components (the header, the
 * hidden cookie banner) before any script is fetched; its one script is the boot entry
 * (src/boot/boot.ts), bundled here after the app with what only the app's build knows
 * (src/boot/boot-assets.ts), as assets/boot-<hash>.js, not inline: the Content-Security-Policy allows
 * no inline script (docs/decisions/015-content-security-policy.md). The boot entry fetches the app's
 * entry and modulepreloads after the first paint, so on a slow network the first paint does not share
 * the bandwidth with React (first contentful paint). In development the dev server serves the boot
 * entry as it is, with the entry module alone.
 */
function firstPaint(): Plugin {
  let boot: { fileName: string; source: string } | undefined;
  return {
    name: 'festivales-first-paint',
    enforce: 'post',
    config: (_config, { command }) =>
      command === 'serve'
        ? {
            define: {
              __BOOT_ASSETS__: JSON.stringify({
                entry: '/src/main.tsx',
                preloads: [],
                festivalPage: { scripts: [], styles: [] },
                mapPage: { scripts: [], styles: [] },
                screens: {},
                pins: { iconUrl: '', iconRetinaUrl: '', shadowUrl: '' },
                mapFirstScreen: '',
              } satisfies BootAssets),
            },
          }
        : undefined,
    transformIndexHtml: {
      order: 'post',
      async handler(html, ctx) {
        const painted = await renderFirstPaint();
        const withShell = html.replace('<div id="root"></div>', () => `<div id="root">${painted.shell}</div>`);
        const bootTag = (src: string) => `<script type="module" src="${src}"></script>`;
        if (!ctx.bundle) return withShell.replace('</head>', () => `  ${bootTag('/src/boot/boot.ts')}\n  </head>`);
        const built = ctx.bundle;
        const app = Object.values(built).find(
          (c): c is OutputChunk =>
            c.type === 'chunk' && c.isEntry && Boolean(c.facadeModuleId?.endsWith('web/src/main.tsx')),
        );
        if (!app) throw new Error('src/main.tsx has no entry chunk in the build');
        // The app's entry, the chunks it imports and its styles: the styles are the page's (the shell's
        // first paint needs them), the chunks are preloaded by the boot entry after that paint.
        const entry = staticGraph(built, app);
        const preloads = entry.scripts.filter((href) => href !== `/${app.fileName}`);
        const skip = new Set(entry.scripts);
        const festival = routeFiles(built, 'web/src/app/routes/festival.tsx', skip);
        // The map's route, its screen and Leaflet: the first markers need all three.
        const mapRoute = routeFiles(built, 'web/src/app/routes/map.tsx', skip);
        const mapScreen = routeFiles(
          built,
          'web/src/features/map/components/map-page.tsx',
          new Set([...skip, ...mapRoute.scripts]),
        );
        const assets: BootAssets = {
          entry: `/${app.fileName}`,
          preloads,
          festivalPage: festival,
          mapPage: {
            scripts: [...mapRoute.scripts, ...mapScreen.scripts],
            styles: [...mapRoute.styles, ...mapScreen.styles],
          },
          // The favourites and the calendar: their screen's code with the shell's rather than after it.
          screens: {
            '/favorites': routeFiles(built, 'web/src/app/routes/favorites.tsx', skip),
            '/calendar': routeFiles(built, 'web/src/app/routes/calendar.tsx', skip),
          },
          pins: {
            iconUrl: leafletImage(built, 'marker-icon.png'),
            iconRetinaUrl: leafletImage(built, 'marker-icon-2x.png'),
            shadowUrl: leafletImage(built, 'marker-shadow.png'),
          },
          mapFirstScreen: painted.mapFirstScreen,
        };
        const result = await bundle({
          input: BOOT_ENTRY,
          platform: 'browser',
          logLevel: 'warn',
          transform: { define: { __BOOT_ASSETS__: JSON.stringify(assets) } },
          output: { format: 'esm', minify: true },
          write: false,
        });
        const source = result.output[0].code;
        const hash = createHash('sha256').update(source).digest('base64url').slice(0, 8);
        boot = { fileName: `assets/boot-${hash}.js`, source };
        const styles = entry.styles.map((href) => `<link rel="stylesheet" crossorigin href="${href}">`);
        return withShell.replace(
          '</head>',
          () => `  ${[bootTag(`/${boot!.fileName}`), ...styles].join('\n    ')}\n  </head>`,
        );
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

/** The modules of the shell chunk (below): React, the router, Lucide's icon base, the API client, the session, toasts, the listening queue's state. */
const SHELL_MODULES = new RegExp(
  [
    String.raw`node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]`,
    String.raw`node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/](Icon|createLucideIcon|context|shared[\\/])`,
    String.raw`[\\/]web[\\/]src[\\/](lib[\\/](api-client|auth|storage|listen-queue)|components[\\/]toast)[\\/.](?!.*\.css$)`,
    String.raw`[\\/]core[\\/]slug\.ts`,
    String.raw`vite[\\/]preload-helper`,
  ].join('|'),
);

export default defineConfig({
  root: here,
  plugins: [
    react(),
    precompress(),
    firstPaint(),
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
      // index.html has no script of its own (the first-paint plugin writes the boot entry's); the app's
      // entry is main.tsx, whose chunk keeps its export: the boot entry imports it and calls start().
      input: { index: path.join(here, 'index.html'), app: path.join(here, 'src/main.tsx') },
      preserveEntrySignatures: 'allow-extension',
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
              test: SHELL_MODULES,
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
