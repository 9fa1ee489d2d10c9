import { env } from '../../functions/lib/env';
import type { DatabaseOptions } from '#db/client';

/** Command-line scripts use the server's configuration (README "Configuration"). */
export function loadDatabaseOptions(): DatabaseOptions {
  const config = env();
  return { url: config.DATABASE_URL, dataDir: config.DATA_DIR };
}
