import { importApplyInputSchema, importPreviewInputSchema, importPreviewResponse } from '#core/import-schemas';
import { festivalEditionFieldsSchema } from '#core/lineup-types';
import { festivalResponse } from '#core/responses/festivals';
import { createApp } from '../lib/app';
import { currentUser, requireAuth } from '../lib/auth';
import { db } from '../lib/db';
import { festivalDetail } from '../lib/domain/festivals/festival-answer';
import { findFestival } from '../lib/domain/festivals/festival-rows';
import { applyImport } from '../lib/domain/imports/apply';
import { previewImport } from '../lib/domain/imports/preview';
import { documenter } from '../lib/openapi';
import { rateLimit } from '../lib/rate-limit';
import { validate } from '../lib/validate';

const doc = documenter('Importación');

/**
 * Imports from a festival's own published data, for admins and for the organisers of the festival
 * (the organisers' one rule: 404 for a festival the caller cannot see, 403 for one they do not
 * organise). The page is read through the safe fetcher; nothing is written until a person applies
 * the fields they ticked.
 */
// A draft carries a whole lineup (up to 500 sets) and a description: more than the default 100 KB.
export const importApp = createApp('/api/import', { maxBodyBytes: 1024 * 1024 })
  .use('*', requireAuth)
  .use('*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'private, no-store');
  })
  .post(
    '/preview',
    doc({
      summary: 'Lee la web oficial de un festival (JSON-LD, iCalendar u Open Graph) y propone un borrador',
      description:
        'Admin, u organización del festival indicado. Con `festival_id`, el borrador llega con sus diferencias ' +
        '(`diff`) con lo guardado. 400 dirección no válida; 403 sin permiso; 422 nada legible o dirección ' +
        'rechazada (privada, local o interna: el motivo en español); 502 el sitio no responde; 413 más de 2 MB.',
      access: 'user',
      responses: { 200: { description: 'El borrador', schema: importPreviewResponse } },
      errors: [400, 403, 404, 413, 422, 429, 502],
    }),
    validate('json', importPreviewInputSchema),
    rateLimit('importPreview'),
    async (c) => c.json(await previewImport(await db(), currentUser(c), c.req.valid('json'))),
  )
  .post(
    '/apply',
    doc({
      summary: 'Aplica a un festival los datos marcados de un borrador y guarda su fuente',
      description:
        'Escribe con las mismas operaciones que la edición a mano (historial, avisos y cachés). La organización ' +
        'no puede aplicar nombre, lugar ni coordenadas.',
      access: 'user',
      responses: {
        200: {
          description: 'El festival actualizado, con sus fuentes',
          schema: festivalResponse.extend(festivalEditionFieldsSchema.shape),
        },
      },
      errors: [400, 403, 404, 409, 422, 429],
    }),
    validate('json', importApplyInputSchema),
    rateLimit('organizerEdit'),
    async (c) => {
      const database = await db();
      const input = c.req.valid('json');
      await applyImport(database, currentUser(c), input);
      const festival = (await findFestival(database, input.festival_id))!;
      const { image: _image, time_zone: _zone, ...detail } = await festivalDetail(database, festival);
      return c.json(detail);
    },
  );
