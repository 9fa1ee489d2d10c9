/**
 * The values the API's fields take (statuses, roles, report reasons, contact categories). The shapes of
 * the bodies themselves are zod schemas in core/response-schemas.ts, with their types.
 */

export const festivalStatuses = ['pending', 'approved', 'rejected'] as const;
export type FestivalStatus = (typeof festivalStatuses)[number];

export const mediaStatuses = ['pending', 'approved', 'rejected'] as const;
export type MediaStatus = (typeof mediaStatuses)[number];

export const mediaTypes = ['image', 'video'] as const;
export type MediaType = (typeof mediaTypes)[number];

export const commentStatuses = ['pending', 'approved'] as const;
export type CommentStatus = (typeof commentStatuses)[number];

export const userRoles = ['user', 'admin'] as const;
export type UserRole = (typeof userRoles)[number];

/** The report reasons, in this order; the first is the default. */
export const reportReasons = ['Violencia', 'Contenido sexual', 'Spam/publicidad', 'Copyright', 'Otro'] as const;
export type ReportReason = (typeof reportReasons)[number];

/** Contact categories, key and label. */
export const contactCategories = {
  general: 'Consulta General',
  festivals: 'Información de Festivales',
  partnership: 'Colaboraciones',
  support: 'Soporte Técnico',
  business: 'Consultas Comerciales',
  press: 'Prensa y Medios',
} as const;
export type ContactCategory = keyof typeof contactCategories;

export const notificationTypes = ['festival', 'media'] as const;
export type NotificationType = (typeof notificationTypes)[number];
