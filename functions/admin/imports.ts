import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { idParamSchema } from '#core/festival-schemas';
import {
  bulkImportQuerySchema,
  bulkImportResponse,
  detectedChangeApplySchema,
  detectedChangeResponse,
  MAX_BULK_ROWS,
  watchedSourceInputSchema,
  watchedSourceResponse,
} from '#core/import-schemas';
import { messageResponse } from '#core/responses/common';
import { z } from '#core/zod';
import type { AppEnv } from '../lib/app-env';
import { currentUser } from '../lib/auth';
import { db } from '../lib/db';
import { bulkImport, bulkRows } from '../lib/domain/imports/bulk-import';
import {
  addSource,
  applyDetectedChange,
  deleteSource,
  dismissDetectedChange,
  listSources,
  openChanges,
} from '../lib/domain/imports/watched-sources';
import { tooLarge } from '../lib/errors';
import { documenter } from '../lib/openapi';
import { validate } from '../lib/validate';

const doc = documenter('Administración');

/** A file of 5,000 festivals with their descriptions: the route's own limit (the app's is 100 KB). */
export const BULK_MAX_BYTES = 10 * 1024 * 1024;
export const BULK_IMPORT_PATH = '/api/admin/import/festivals';

/** 'Importar' in the admin panel: a catalogue file loaded in bulk, probable duplicates listed instead of created. */
export const importRoutes = new Hono<AppEnv>()
  .post(
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
      responses: {
        200: { description: 'Lo creado, los duplicados y los errores por fila', schema: bulkImportResponse },
      },
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
  )
  .get(
    '/sources',
    doc({
      summary: 'Fuentes vigiladas (las que fallan primero)',
      access: 'admin',
      responses: { 200: { description: 'Fuentes', schema: z.array(watchedSourceResponse) } },
    }),
    async (c) => c.json(await listSources(await db())),
  )
  .post(
    '/sources',
    doc({
      summary: 'Vigila una página de un festival (se relee como mucho una vez por semana)',
      access: 'admin',
      responses: { 201: { description: 'La fuente', schema: watchedSourceResponse } },
      errors: [400, 404],
    }),
    validate('json', watchedSourceInputSchema),
    async (c) => {
      const { festival_id: festivalId, url } = c.req.valid('json');
      return c.json(await addSource(await db(), currentUser(c), festivalId, url), 201);
    },
  )
  .delete(
    '/sources/:id',
    doc({
      summary: 'Deja de vigilar una fuente',
      access: 'admin',
      responses: { 200: { description: 'Hecho', schema: messageResponse } },
      errors: [404],
    }),
    validate('param', idParamSchema),
    async (c) => {
      const { id } = c.req.valid('param');
      await deleteSource(await db(), id);
      return c.json({ message: 'Fuente eliminada', id });
    },
  )
  .get(
    '/detected-changes',
    doc({
      summary: "'Cambios detectados' abiertos: lo que una fuente vigilada dice distinto de lo guardado",
      access: 'admin',
      responses: { 200: { description: 'Cambios', schema: z.array(detectedChangeResponse) } },
    }),
    async (c) => c.json(await openChanges(await db(), currentUser(c))),
  )
  .post(
    '/detected-changes/:id/apply',
    doc({
      summary: 'Aplica un cambio detectado (todos sus datos, o los indicados en `fields`)',
      access: 'admin',
      responses: { 200: { description: 'El cambio, aplicado', schema: detectedChangeResponse } },
      errors: [400, 404, 409, 422],
    }),
    validate('param', idParamSchema),
    validate('json', detectedChangeApplySchema),
    async (c) =>
      c.json(
        await applyDetectedChange(await db(), currentUser(c), c.req.valid('param').id, c.req.valid('json').fields),
      ),
  )
  .post(
    '/detected-changes/:id/dismiss',
    doc({
      summary: 'Descarta un cambio detectado (el festival no cambia)',
      access: 'admin',
      responses: { 200: { description: 'El cambio, descartado', schema: detectedChangeResponse } },
      errors: [404],
    }),
    validate('param', idParamSchema),
    async (c) => c.json(await dismissDetectedChange(await db(), currentUser(c), c.req.valid('param').id)),
  );
