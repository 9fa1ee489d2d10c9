/**
 * `npm run dev`: the API under `tsx watch` on API_PORT (3001) and Vite's dev server with hot reload
 * on PORT (3000), which proxies /api and /uploads to the API (web/vite.config.ts).
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createServer } from 'vite';

const root = process.cwd();
const apiPort = process.env.API_PORT ?? '3001';
const webPort = Number(process.env.PORT ?? 3000);

const api = spawn(
  process.execPath,
  [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'watch', '--clear-screen=false', 'functions/server/api-dev.ts'],
  {
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort, API_PORT: apiPort },
  },
);

const vite = await createServer({
  configFile: path.join(root, 'web/vite.config.ts'),
  server: { port: webPort, strictPort: true },
});
await vite.listen();
vite.printUrls();

const stop = async () => {
  api.kill('SIGTERM');
  await vite.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
api.on('exit', (code) => {
  if (code !== null && code !== 0) console.error(`La API terminó con el código ${code}`);
});
