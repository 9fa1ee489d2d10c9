import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { bulkImportQuerySchema, bulkImportResponse, MAX_BULK_ROWS } from '#core/import-schemas';
import type { AppEnv } from '../lib/app-env';
import { currentUser } from '../lib/auth';
import { db } from '../lib/db';
import { bulkImport, bulkRows } from '../lib/domain/imports/bulk-import';
import { tooLarge } from '../lib/errors';
import { documenter } from '../lib/openapi';
import { validate } from '../lib/validate';

const doc = documenter('Administración');

/** A file of 5,000 festivals with their descriptions: the route's own limit (the app's is 100 KB). */
export const BULK_MAX_BYTES = 10 * 1024 * 1024;
export const BULK_IMPORT_PATH = '/api/admin/import/festivals';

/** 'Importar' in the admin panel: a catalogue file loaded in bulk, probable duplicates listed instead of created. */
export const importRoutes = new Hono<AppEnv>().post(
  '/import/festivals',
  doc({
    summary: 'Importa festivales en bloque (CSV o JSON)',
    description:
      `Un CSV con cabecera (\`text/csv\`) o una lista JSON de festivales: name, location, country, start_date, end_date, ` +
      `website, genres, latitude, longitude, description (con las reglas del formulario de administración); como mucho ` +
      `${MAX_BULK_ROWS} filas. Las filas que probablemente repiten un festival (nombre parecido por trigramas o igual ` +
      'normalizado, a menos de 50 km o en la misma ciudad, fechas que se solapan) se listan en `duplicates` y no se ' +
      'crean. `dry_run=true` dice lo que pasaría sin escribir nada.',
    access: 'admin',
    responses: { 200: { description: 'Lo creado, los duplicados y los errores por fila', schema: bulkImportResponse } },
    errors: [400, 413],
  }),
  bodyLimit({
    maxSize: BULK_MAX_BYTES,
    onError: () => {
      throw tooLarge('El archivo ocupa más de 10 MB.');
    },
  }),
  validate('query', bulkImportQuerySchema),
  async (c) => {
    const { dry_run: dryRun, status } = c.req.valid('query');
    const rows = bulkRows(await c.req.text(), c.req.header('Content-Type'));
    return c.json(await bulkImport(await db(), currentUser(c), rows, { dryRun, status }));
  },
);
