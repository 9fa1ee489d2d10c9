import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readFileSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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

export default defineConfig({
  root: here,
  plugins: [react(), precompress()],
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
  },
  server: {
    port: 3000,
    proxy: {
      '/api': `http://127.0.0.1:${apiPort}`,
      '/uploads': `http://127.0.0.1:${apiPort}`,
    },
  },
});
