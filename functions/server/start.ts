import path from 'node:path';
import { env } from '../lib/env';
import { serveSite } from './serve-site';
import { buildWeb, webBuildIsStale } from './web-build';

const root = process.cwd();
let config: ReturnType<typeof env>;
try {
  config = env();
} catch (error) {
  // A configuration problem is the operator's to fix: say which variable, without a stack trace.
  console.error((error as Error).message);
  process.exit(1);
}
const loopback = ['127.0.0.1', 'localhost', '::1'].includes(config.HOST ?? '');
if (!config.production && !loopback && (config.AUTH_DEV_LOGIN || !config.sessionSecretConfigured)) {
  console.warn(
    `Aviso: modo desarrollo escuchando en ${config.HOST ?? 'todas las interfaces'}. El acceso de demostración y el secreto de sesión ` +
      'de desarrollo solo son seguros en esta máquina: para servir a otras personas usa NODE_ENV=production.',
  );
}

if (webBuildIsStale(root)) {
  console.log('Construyendo la aplicación web…');
  await buildWeb(root);
}

await serveSite({
  config,
  webRoot: path.join(root, 'web/dist'),
  onSeeded: (festivals) => console.log(`Catálogo inicial: ${festivals} festivales.`),
  announce: (port) =>
    `Festivales en http://localhost:${port} (${config.DATABASE_URL ? 'PostgreSQL' : `PGlite en ${config.DATA_DIR}`})`,
});
