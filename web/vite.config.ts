import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const here = path.dirname(fileURLToPath(import.meta.url));
const apiPort = process.env.API_PORT ?? '3001';

export default defineConfig({
  root: here,
  plugins: [react()],
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
