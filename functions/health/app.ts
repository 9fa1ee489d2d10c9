import { createApp } from '../lib/app';
import { db } from '../lib/db';
import { AppError } from '../lib/errors';
import { appliedMigrations, expectedMigrations } from '../lib/migration-status';
import { livenessResponse, readinessResponse } from '#core/responses/operations';
import { documenter } from '../lib/openapi';

const doc = documenter('Operación');

/**
 * Operations: liveness answers while the process can serve at all, without touching the database
 * (a load balancer must not restart every instance because the database is down); readiness says
 * whether this instance can do its work: the database answers and has every migration this code
 * expects (more is fine: a deploy migrates before it updates the functions).
 */
export const app = createApp('/api/health')
  .get(
    '/',
    doc({
      summary: 'Vivo: el proceso responde (sin tocar la base de datos)',
      responses: { 200: { description: 'Vivo', schema: livenessResponse } },
    }),
    (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json({ status: 'ok' });
    },
  )
  .get(
    '/ready',
    doc({
      summary: 'Listo: la base de datos responde y tiene todas las migraciones',
      responses: { 200: { description: 'Listo', schema: readinessResponse } },
    }),
    async (c) => {
      c.header('Cache-Control', 'no-store');
      // A database that cannot be reached throws here, and the app's error handler answers 503.
      const applied = await appliedMigrations(await db());
      const migrations = { applied, expected: expectedMigrations };
      if (applied < expectedMigrations) {
        throw new AppError(
          'unavailable',
          'migrations_pending',
          'La base de datos no tiene aplicadas todas las migraciones.',
          { migrations },
        );
      }
      return c.json({ status: 'ok', database: 'ok', migrations });
    },
  );
