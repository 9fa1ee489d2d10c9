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

/**
 * What a notification is about: 'festival' and 'media' are moderation decisions on the user's own
 * content; the rest are alerts about festivals they favourited, artists they follow and searches
 * they saved.
 */
export const notificationTypes = [
  'festival',
  'media',
  'festival_dates',
  'festival_cancelled',
  'lineup',
  'tickets_on_sale',
  'sold_out',
  'reminder',
  'artist_booked',
  'saved_search',
  'organizer',
  'festival_update',
  'set_change',
  'price_rise',
  'plan',
] as const;
export type NotificationType = (typeof notificationTypes)[number];

/** How each kind of notification is named in the bell. */
export const notificationTypeLabels: Record<NotificationType, string> = {
  festival: 'Festival',
  media: 'Media',
  festival_dates: 'Fechas',
  festival_cancelled: 'Cancelado',
  lineup: 'Cartel',
  tickets_on_sale: 'Entradas',
  sold_out: 'Agotado',
  reminder: 'Recordatorio',
  artist_booked: 'Artista',
  saved_search: 'Alerta',
  organizer: 'Organización',
  festival_update: 'Novedad',
  set_change: 'Cambio de horario',
  price_rise: 'Sube de precio',
  plan: 'Plan con amigos',
};

/** Kinds of alert a user sets channels for (preferences); each notification type belongs to one. */
export const alertKinds = ['festivals', 'reminders', 'prices', 'artists', 'searches', 'moderation'] as const;
export type AlertKind = (typeof alertKinds)[number];

export const alertKindLabels: Record<AlertKind, string> = {
  festivals: 'Cambios en mis festivales favoritos',
  reminders: 'Recordatorios antes de un festival',
  prices: 'Sube de precio en mis favoritos',
  artists: 'Artistas que sigo',
  searches: 'Mis alertas de búsqueda',
  moderation: 'Mis propuestas, fotos y festivales que organizo',
};

export const alertKindOf: Record<NotificationType, AlertKind> = {
  festival: 'moderation',
  media: 'moderation',
  festival_dates: 'festivals',
  festival_cancelled: 'festivals',
  lineup: 'festivals',
  tickets_on_sale: 'festivals',
  sold_out: 'festivals',
  reminder: 'reminders',
  artist_booked: 'artists',
  saved_search: 'searches',
  organizer: 'moderation',
  festival_update: 'festivals',
  // Only the people who picked the set hear of it, like its reminder.
  set_change: 'reminders',
  price_rise: 'prices',
  // Opt-in per plan (plan_members.notify); the channels follow the festivals' alerts.
  plan: 'festivals',
};

/** Days before an abono tier of a favourite ends that its 'Sube de precio' alert comes, unless the person chose another. */
export const PRICE_ALERT_DAYS_DEFAULT = 3;
export const PRICE_ALERT_DAYS_MIN = 1;
export const PRICE_ALERT_DAYS_MAX = 14;

/** One email per event, or the held ones in one email a day or a week. */
export const digestModes = ['immediate', 'daily', 'weekly'] as const;
export type DigestMode = (typeof digestModes)[number];
export const digestModeLabels: Record<DigestMode, string> = {
  immediate: 'Inmediato',
  daily: 'Diario',
  weekly: 'Semanal',
};
