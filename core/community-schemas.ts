import { contactCategories, reportReasons, type ContactCategory } from './types';
import { requiredLine, requiredText } from './text-input';
import { z } from './zod';

const INT_MAX = 2147483647;

/** A number sent as JSON or as the text of a form field; '' and null count as missing. */
const numberLike = (value: unknown) => {
  if (value === '' || value === null) return undefined;
  if (typeof value === 'string') return value.trim() === '' ? undefined : Number(value);
  return value;
};

export const festivalIdInput = (message = 'Selecciona un festival válido.') =>
  z.preprocess(
    numberLike,
    z.number({ error: message }).int({ error: message }).positive({ error: message }).max(INT_MAX, { error: message }),
  );

// ---------------------------------------------------------------------------------------------
// Ratings: whole numbers from 1 to 5; a comment needs one ('Debes seleccionar una puntuación')

export const RATING_RANGE_MESSAGE = 'La puntuación debe ser un número entero entre 1 y 5.';
export const RATING_REQUIRED_MESSAGE = 'Debes seleccionar una puntuación';

/** 1-5 stars; the star widget starts at 0, which means "nothing chosen yet". */
const ratingInput = (zeroIsMissing: boolean) =>
  z.preprocess(
    (value) => {
      const n = numberLike(value);
      return zeroIsMissing && n === 0 ? undefined : n;
    },
    z
      .number({ error: (issue) => (issue.input === undefined ? RATING_REQUIRED_MESSAGE : RATING_RANGE_MESSAGE) })
      .int({ error: RATING_RANGE_MESSAGE })
      .min(1, { error: RATING_RANGE_MESSAGE })
      .max(5, { error: RATING_RANGE_MESSAGE }),
  );

// ---------------------------------------------------------------------------------------------
// Comments: not empty, at most 300 characters

export const COMMENT_MAX_LENGTH = 300;
export const COMMENT_EMPTY_MESSAGE = 'El comentario no puede estar vacío.';
export const COMMENT_TOO_LONG_MESSAGE = `El comentario no puede superar los ${COMMENT_MAX_LENGTH} caracteres.`;

export const commentContentInput = z
  .string({ error: COMMENT_EMPTY_MESSAGE })
  .trim()
  .min(1, { error: COMMENT_EMPTY_MESSAGE })
  .max(COMMENT_MAX_LENGTH, { error: COMMENT_TOO_LONG_MESSAGE });

export const EDITION_YEAR_MESSAGE = 'El año de la edición debe estar entre 1950 y 2100.';

/** The year of the edition a comment is about: optional; '' in a form counts as missing. */
const editionYearInput = z
  .preprocess(
    numberLike,
    z
      .number({ error: EDITION_YEAR_MESSAGE })
      .int({ error: EDITION_YEAR_MESSAGE })
      .min(1950, { error: EDITION_YEAR_MESSAGE })
      .max(2100, { error: EDITION_YEAR_MESSAGE }),
  )
  .optional();

/** POST /api/comments and the text fields of POST /api/comments/with-media. */
export const commentSchema = z.object({
  festival_id: festivalIdInput(),
  content: commentContentInput,
  rating: ratingInput(true),
  edition_year: editionYearInput,
});
export type CommentInput = z.input<typeof commentSchema>;
export type CommentBody = z.output<typeof commentSchema>;

// ---------------------------------------------------------------------------------------------
// Gallery votes and reports: a reason from the fixed list, details optional

export const voteSchema = z.object({ rating: ratingInput(false) });
export type VoteBody = z.output<typeof voteSchema>;

export const REPORT_DETAILS_MAX_LENGTH = 1000;

export const reportSchema = z.object({
  reason: z.enum(reportReasons, { error: `Selecciona un motivo válido: ${reportReasons.join(', ')}.` }),
  details: z
    .string({ error: 'Los detalles deben ser un texto.' })
    .trim()
    .max(REPORT_DETAILS_MAX_LENGTH, {
      error: `Los detalles no pueden superar los ${REPORT_DETAILS_MAX_LENGTH} caracteres.`,
    })
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type ReportInput = z.input<typeof reportSchema>;
export type ReportBody = z.output<typeof reportSchema>;

// ---------------------------------------------------------------------------------------------
// Favourites (POST /api/favorites/sync: integer ids and whether to overwrite)

export const FAVORITES_SYNC_MAX = 1000;
const FAVORITES_LIST_MESSAGE = 'favorites debe ser una lista de identificadores de festival.';

export const favoritesSyncSchema = z.object({
  favorites: z
    .array(festivalIdInput(FAVORITES_LIST_MESSAGE), { error: FAVORITES_LIST_MESSAGE })
    .max(FAVORITES_SYNC_MAX, { error: `Como máximo ${FAVORITES_SYNC_MAX} favoritos.` })
    .transform((ids) => [...new Set(ids)]),
  overwrite: z.boolean({ error: 'overwrite debe ser true o false.' }).default(true),
});
export type FavoritesSyncBody = z.output<typeof favoritesSyncSchema>;

// ---------------------------------------------------------------------------------------------
// Newsletter (an email address) and the contact form (name, email, subject, category, message)

export const NEWSLETTER_EMAIL_MESSAGE = 'Por favor, introduce un correo electrónico válido.';

const emailInput = z
  .string({ error: NEWSLETTER_EMAIL_MESSAGE })
  .trim()
  .max(254, { error: NEWSLETTER_EMAIL_MESSAGE })
  .pipe(z.email({ error: NEWSLETTER_EMAIL_MESSAGE }));

export const newsletterSchema = z.object({ email: emailInput });
export type NewsletterBody = z.output<typeof newsletterSchema>;

const contactCategoryKeys = Object.keys(contactCategories) as [ContactCategory, ...ContactCategory[]];

export const contactSchema = z.object({
  name: requiredLine('El nombre es obligatorio.', 200, 'El nombre no puede superar los 200 caracteres.', 'El nombre'),
  email: emailInput,
  subject: requiredLine(
    'El asunto es obligatorio.',
    200,
    'El asunto no puede superar los 200 caracteres.',
    'El asunto',
  ),
  category: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.enum(contactCategoryKeys, { error: 'Categoría no válida.' }).optional(),
  ),
  message: requiredText('El mensaje es obligatorio.', 5000, 'El mensaje no puede superar los 5000 caracteres.'),
});
export type ContactInput = z.input<typeof contactSchema>;
export type ContactBody = z.output<typeof contactSchema>;

// ---------------------------------------------------------------------------------------------
// Image uploads: JPEG, PNG, GIF or WebP from 1 KB to 5 MB; a proposal takes at most 5

export const IMAGE_MIN_BYTES = 1024;
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const MAX_IMAGES_PER_FESTIVAL = 5;
export const MAX_IMAGES_PER_REQUEST = 5;

export const imageContentTypes = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
export type ImageContentType = (typeof imageContentTypes)[number];
export const imageExtensions = ['jpeg', 'jpg', 'png', 'gif', 'webp'] as const;

export const FILE_TYPE_MESSAGE = `Tipo de archivo no permitido. Usa: ${imageExtensions.map((e) => e.toUpperCase()).join(', ')}`;
export const FILE_TOO_SMALL_MESSAGE = 'El archivo es demasiado pequeño. Mínimo 1KB';
export const TOO_MANY_IMAGES_MESSAGE = 'Máximo 5 imágenes permitidas';
/** Stored photos are decoded and re-encoded (metadata stripped); past this many pixels decoding costs too much memory. */
export const IMAGE_MAX_MEGAPIXELS = 50;
export const IMAGE_UNREADABLE_MESSAGE = 'El archivo no es una imagen válida o está dañado.';
export const IMAGE_TOO_MANY_PIXELS_MESSAGE = `La imagen tiene demasiados píxeles. Máximo permitido: ${IMAGE_MAX_MEGAPIXELS} megapíxeles`;
export const fileTooLargeMessage = (bytes: number) =>
  `El archivo es demasiado grande (${(bytes / 1024 / 1024).toFixed(2)} MB). Máximo permitido: 5MB`;

const extensionByType: Record<ImageContentType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

export const imageExtension = (type: ImageContentType) => extensionByType[type];

/** 'image/JPG; charset=x' -> 'image/jpeg'; null for anything we do not accept. */
export function normaliseImageType(contentType: string | null | undefined): ImageContentType | null {
  const base = (contentType ?? '').split(';')[0].trim().toLowerCase();
  const type = base === 'image/jpg' || base === 'image/pjpeg' ? 'image/jpeg' : base;
  return (imageContentTypes as readonly string[]).includes(type) ? (type as ImageContentType) : null;
}

/** FILE_TYPE_MESSAGE when the declared type or the name's extension is not an accepted image, else null. */
export function imageTypeError(file: { type: string; name?: string }): string | null {
  const extension = file.name?.includes('.') ? file.name.split('.').pop()!.toLowerCase() : null;
  if (!normaliseImageType(file.type) || (extension && !(imageExtensions as readonly string[]).includes(extension))) {
    return FILE_TYPE_MESSAGE;
  }
  return null;
}

/** The Spanish message for a file the browser is about to send (type or size refused), or null when it is acceptable. */
export function imageFileError(file: { size: number; type: string; name?: string }): string | null {
  const typeError = imageTypeError(file);
  if (typeError) return typeError;
  if (file.size > IMAGE_MAX_BYTES) return fileTooLargeMessage(file.size);
  if (file.size < IMAGE_MIN_BYTES) return FILE_TOO_SMALL_MESSAGE;
  return null;
}

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);

const ascii = (text: string) => [...text].map((ch) => ch.charCodeAt(0));

/** The image type the bytes really are (magic numbers), whatever the name or declared type says. */
export function sniffImageType(bytes: Uint8Array): ImageContentType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  return null;
}

export const uploadPurposes = ['gallery', 'festival'] as const;
export type UploadPurpose = (typeof uploadPurposes)[number] | 'admin';

/** POST /api/media/upload-url: what the browser is about to PUT. */
export const uploadUrlSchema = z
  .object({
    festival_id: festivalIdInput(),
    fileName: z
      .string({ error: 'Falta el nombre del archivo.' })
      .trim()
      .min(1, { error: 'Falta el nombre del archivo.' })
      .max(255, { error: 'El nombre del archivo es demasiado largo.' }),
    contentType: z.string({ error: FILE_TYPE_MESSAGE }),
    fileSize: z
      .number({ error: 'fileSize debe ser el tamaño del archivo en bytes.' })
      .int({ error: 'fileSize debe ser el tamaño del archivo en bytes.' }),
    /** 'festival': images of the caller's own pending proposal. */
    purpose: z.enum(uploadPurposes, { error: "purpose debe ser 'gallery' o 'festival'." }).default('gallery'),
  })
  .transform((value, ctx) => {
    const message = imageFileError({ size: value.fileSize, type: value.contentType, name: value.fileName });
    if (message) {
      ctx.issues.push({
        code: 'custom',
        message,
        input: value,
        path: [message === FILE_TYPE_MESSAGE ? 'contentType' : 'fileSize'],
      });
      return z.NEVER;
    }
    return { ...value, contentType: normaliseImageType(value.contentType)! };
  });
export type UploadUrlInput = z.input<typeof uploadUrlSchema>;
export type UploadUrlBody = z.output<typeof uploadUrlSchema>;

const mediaText = (label: string) =>
  z
    .string({ error: `El ${label} debe ser un texto.` })
    .trim()
    .max(300, { error: `El ${label} no puede superar los 300 caracteres.` })
    .nullish()
    .transform((v) => (v ? v : null));

/** POST /api/media/confirm: the key the browser PUT to, plus optional texts for the gallery. */
export const confirmUploadSchema = z.object({
  key: z
    .string({ error: 'Falta la clave de la subida.' })
    .trim()
    .min(1, { error: 'Falta la clave de la subida.' })
    .max(512, { error: 'Clave de subida no válida.' }),
  caption: mediaText('título'),
  comment: mediaText('comentario'),
});
export type ConfirmUploadBody = z.output<typeof confirmUploadSchema>;

/** Text fields of POST /api/media (multipart): the files travel as images[]. */
export const mediaFormSchema = z.object({
  festival_id: festivalIdInput(),
  caption: mediaText('título'),
  comment: mediaText('comentario'),
});

// ---------------------------------------------------------------------------------------------
// Lists

export const COMMENTS_DEFAULT_LIMIT = 200;
export const MEDIA_DEFAULT_LIMIT = 200;
export const LIST_LIMIT_MAX = 500;

const limitMessage = `limit debe ser un número entre 1 y ${LIST_LIMIT_MAX}.`;
const offsetMessage = 'offset debe ser un número entero no negativo.';

/** ?limit&offset on the public lists; the total comes back in X-Total-Count. */
export const pageQuerySchema = z.object({
  limit: z.coerce
    .number({ error: limitMessage })
    .int({ error: limitMessage })
    .min(1, { error: limitMessage })
    .max(LIST_LIMIT_MAX, { error: limitMessage })
    .optional(),
  offset: z.coerce
    .number({ error: offsetMessage })
    .int({ error: offsetMessage })
    .min(0, { error: offsetMessage })
    .max(INT_MAX, { error: offsetMessage })
    .optional(),
});
export type PageQuery = z.output<typeof pageQuerySchema>;

/** GET /api/comments/festival/{id}: a page, optionally only the comments about one edition (`?year=`). */
export const commentsQuerySchema = pageQuerySchema.extend({ year: editionYearInput });
