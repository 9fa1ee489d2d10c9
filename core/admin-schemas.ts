import { FILE_TYPE_MESSAGE, imageFileError, imageTypeError, normaliseImageType } from './community-schemas';
import { z } from './zod';

/** PATCH /api/admin/festivals/{id}/approve and /api/admin/media/{id}/approve (pending -> approved | rejected). */
export const moderationDecisionSchema = z.object({
  status: z.enum(['approved', 'rejected'], { error: "El estado debe ser 'approved' o 'rejected'." }),
});
export type ModerationDecision = z.output<typeof moderationDecisionSchema>;

/** An id chosen in a select: a number or its text; empty means "not chosen", with the form's own message. */
const requiredId = (message: string) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce
      .number({ error: message })
      .int({ error: message })
      .positive({ error: message })
      .max(2147483647, { error: message }),
  );

const optionalText = (max: number, maxMessage: string) =>
  z
    .string({ error: 'Debe ser un texto.' })
    .trim()
    .max(max, { error: maxMessage })
    .nullish()
    .transform((v) => (v ? v : null));

export const MEDIA_URL_REQUIRED = 'Debe subir una imagen o proporcionar una URL';

/** An absolute http(s) URL or a path under /uploads, which the client prefixes with the host. */
export const mediaUrlInput = z
  .string({ error: MEDIA_URL_REQUIRED })
  .trim()
  .min(1, { error: MEDIA_URL_REQUIRED })
  .max(2048, { error: 'La URL es demasiado larga (máximo 2048 caracteres).' })
  .refine(
    (value) => {
      if (/^\/uploads\/[^\s]+$/.test(value)) return true;
      try {
        const url = new URL(value);
        return url.protocol === 'http:' || url.protocol === 'https:';
      } catch {
        return false;
      }
    },
    { error: 'La URL no es válida: usa una dirección http(s) o una imagen subida.' },
  );

/** POST and PUT /api/admin/media (festival and user required; new items default to type image, status pending). */
export const adminMediaSchema = z.object({
  festival_id: requiredId('Debe seleccionar un festival'),
  user_id: requiredId('Debe seleccionar un usuario'),
  url: mediaUrlInput,
  type: z.enum(['image', 'video'], { error: "El tipo debe ser 'image' o 'video'." }).default('image'),
  status: z.enum(['pending', 'approved', 'rejected'], { error: 'Estado no válido.' }).default('pending'),
  caption: optionalText(300, 'El título no puede superar los 300 caracteres.'),
  comment: optionalText(300, 'El comentario no puede superar los 300 caracteres.'),
});
export type AdminMediaInput = z.input<typeof adminMediaSchema>;
export type AdminMediaBody = z.output<typeof adminMediaSchema>;

const coordinate = (label: string, limit: number) => {
  const range = `La ${label} debe estar entre -${limit} y ${limit}.`;
  return z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
    z
      .number({ error: `La ${label} es requerida y debe ser un número.` })
      .min(-limit, { error: range })
      .max(limit, { error: range }),
  );
};

/** PUT /api/admin/festivals/{id}/coordinates: coordinates set by hand (geocoded_from 'manual'). */
export const coordinatesSchema = z.object({
  latitude: coordinate('latitud', 90),
  longitude: coordinate('longitud', 180),
});
export type CoordinatesInput = z.output<typeof coordinatesSchema>;

const limitParam = (max: number) => {
  const message = `limit debe ser un número entre 1 y ${max}.`;
  return z.coerce
    .number({ error: message })
    .int({ error: message })
    .min(1, { error: message })
    .max(max, { error: message })
    .optional();
};
const offsetParam = z.coerce
  .number({ error: 'offset debe ser un número entero no negativo.' })
  .int({ error: 'offset debe ser un número entero no negativo.' })
  .min(0, { error: 'offset debe ser un número entero no negativo.' })
  .optional();

/** Queue lists (pending items, reports, messages) answer the newest QUEUE_DEFAULT_LIMIT unless asked for more. */
export const QUEUE_DEFAULT_LIMIT = 500;
export const LIST_MAX_LIMIT = 5000;

export const listQuerySchema = z.object({ limit: limitParam(LIST_MAX_LIMIT), offset: offsetParam });
export type ListQuery = z.output<typeof listQuerySchema>;

/** GET /api/admin/festivals: every festival (no paging: the admin forms pick from all of them), optionally one status. */
export const adminFestivalsQuerySchema = z.object({
  status: z.enum(['pending', 'approved', 'rejected'], { error: 'Estado no válido.' }).optional(),
});

export const mediaListQuerySchema = listQuerySchema.extend({
  status: z.enum(['pending', 'approved', 'rejected'], { error: 'Estado no válido.' }).optional(),
  festival_id: z.coerce
    .number({ error: 'Identificador no válido.' })
    .int({ error: 'Identificador no válido.' })
    .positive({ error: 'Identificador no válido.' })
    .max(2147483647, { error: 'Identificador no válido.' })
    .optional(),
});

export const USERS_DEFAULT_LIMIT = 1000;
export const usersQuerySchema = listQuerySchema.extend({
  search: z.string().trim().max(200, { error: 'La búsqueda no puede superar los 200 caracteres.' }).optional(),
});

export const auditEntities = [
  'festival',
  'media',
  'comment',
  'media_report',
  'upload',
  'artist',
  'edition',
  'organizer',
  'claim',
  'festival_update',
  'fact_correction',
] as const;
export type AuditEntity = (typeof auditEntities)[number];

export const auditQuerySchema = z.object({
  limit: limitParam(500),
  entity: z.enum(auditEntities, { error: 'Entidad no válida.' }).optional(),
  entity_id: z.coerce
    .number({ error: 'Identificador no válido.' })
    .int({ error: 'Identificador no válido.' })
    .positive({ error: 'Identificador no válido.' })
    .max(2147483647, { error: 'Identificador no válido.' })
    .optional(),
});

export const GEOCODE_BATCH_DEFAULT = 10;
/** At one request a second (plus a 5 s timeout for the last) a batch ends well within the admin Lambda's 25 s. */
export const GEOCODE_BATCH_MAX = 15;
export const geocodeMissingQuerySchema = z.object({
  limit: z.coerce
    .number({ error: `limit debe ser un número entre 1 y ${GEOCODE_BATCH_MAX}.` })
    .int({ error: `limit debe ser un número entre 1 y ${GEOCODE_BATCH_MAX}.` })
    .min(1, { error: `limit debe ser un número entre 1 y ${GEOCODE_BATCH_MAX}.` })
    .max(GEOCODE_BATCH_MAX, { error: `limit debe ser un número entre 1 y ${GEOCODE_BATCH_MAX}.` })
    .optional(),
});

const FILE_NAME_MESSAGE = 'Falta el nombre del archivo.';
const FILE_SIZE_MESSAGE = 'fileSize debe ser el tamaño del archivo en bytes.';
const optionalId = (message: string) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce
      .number({ error: message })
      .int({ error: message })
      .positive({ error: message })
      .max(2147483647, { error: message })
      .optional(),
  );

export const SELECT_FESTIVAL_FIRST = 'Selecciona un festival antes de subir una imagen.';

/**
 * POST /api/admin/upload/get-signed-url. fileSize is optional, as older admin clients do not
 * send it: with it the presigned PUT signs the exact length; without it the
 * length is checked (1 KB-5 MB) when the upload is confirmed. Type and size follow the same rules as
 * every other upload (core/community-schemas `imageFileError`).
 */
export const adminUploadUrlSchema = z
  .object({
    fileName: z
      .string({ error: FILE_NAME_MESSAGE })
      .trim()
      .min(1, { error: FILE_NAME_MESSAGE })
      .max(255, { error: 'El nombre del archivo es demasiado largo.' }),
    contentType: z.string({ error: FILE_TYPE_MESSAGE }),
    fileSize: z
      .number({ error: FILE_SIZE_MESSAGE })
      .int({ error: FILE_SIZE_MESSAGE })
      .nullish()
      .transform((v) => v ?? null),
    userId: optionalId('Usuario no válido.'),
    festivalId: optionalId('Selecciona un festival válido.'),
    /** A festival being created in the admin form: no id yet, the image is linked when the form is saved. */
    festivalData: z
      .object(
        {
          id: optionalId('Selecciona un festival válido.'),
          name: z.string().trim().max(200).nullish(),
          start_date: z.string().trim().max(40).nullish(),
          location: z.string().trim().max(200).nullish(),
        },
        { error: SELECT_FESTIVAL_FIRST },
      )
      .nullish(),
  })
  .transform((value, ctx) => {
    const file = { type: value.contentType, name: value.fileName };
    const message = value.fileSize === null ? imageTypeError(file) : imageFileError({ ...file, size: value.fileSize });
    if (message) {
      ctx.issues.push({
        code: 'custom',
        message,
        input: value,
        path: [message === FILE_TYPE_MESSAGE ? 'contentType' : 'fileSize'],
      });
      return z.NEVER;
    }
    const festivalId = value.festivalId ?? value.festivalData?.id ?? null;
    if (festivalId === null && !value.festivalData?.name) {
      ctx.issues.push({ code: 'custom', message: SELECT_FESTIVAL_FIRST, input: value, path: ['festivalId'] });
      return z.NEVER;
    }
    return { ...value, festivalId, contentType: normaliseImageType(value.contentType)! };
  });
export type AdminUploadUrlBody = z.output<typeof adminUploadUrlSchema>;

/** POST /api/admin/upload/confirm: the key that was PUT; other fields a client sends are informative. */
export const adminUploadConfirmSchema = z.object({
  key: z
    .string({ error: 'Falta la clave de la subida.' })
    .trim()
    .min(1, { error: 'Falta la clave de la subida.' })
    .max(512, { error: 'Clave de subida no válida.' }),
  festivalId: optionalId('Selecciona un festival válido.'),
});
