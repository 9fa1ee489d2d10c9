/** Shapes the API sends and the web reads. One name per field: the first of the names the spec's client accepts. */

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

/** Spec §9: the report reasons, in this order; the first is the default. */
export const reportReasons = ['Violencia', 'Contenido sexual', 'Spam/publicidad', 'Copyright', 'Otro'] as const;
export type ReportReason = (typeof reportReasons)[number];

/** Spec §3: contact categories, key and label. */
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

export interface Festival {
  id: number;
  name: string;
  description: string | null;
  location: string | null;
  address: string | null;
  /** YYYY-MM-DD */
  start_date: string | null;
  /** YYYY-MM-DD */
  end_date: string | null;
  website: string | null;
  image_url: string | null;
  status: FestivalStatus;
  genres: string[];
  averageRating: number;
  ratingsCount: number;
  latitude: number | null;
  longitude: number | null;
  hasValidCoordinates: boolean;
  geocoded_from: string | null;
  /** ISO timestamp */
  geocoded_at: string | null;
  transportation: string | null;
  parking_info: string | null;
  accommodation: string | null;
  proposed_by: number | null;
  created_at: string;
}

export interface PublicUser {
  id: number;
  name: string;
  avatar_url: string | null;
}

export interface User extends PublicUser {
  email: string;
  role: UserRole;
}

export interface Comment {
  id: number;
  festival_id: number;
  content: string;
  rating: number;
  status: CommentStatus;
  created_at: string;
  User: PublicUser;
}

export interface Media {
  id: number;
  festival_id: number;
  user_id: number | null;
  type: MediaType;
  url: string;
  caption: string | null;
  comment: string | null;
  status: MediaStatus;
  uploaded_at: string;
  /** Average of votes, 0 when none. */
  rating: number;
  votesCount: number;
  /** The caller's own vote, when a Bearer token was sent. */
  userRating: number | null;
  User: PublicUser | null;
}

export interface MediaReport {
  id: number;
  media_id: number;
  reason: ReportReason;
  details: string | null;
  created_at: string;
  Media: { type: MediaType; url: string };
  User: { name: string; avatar_url: string | null } | null;
}

export interface Notification {
  id: number;
  type: NotificationType;
  message: string;
  read: boolean;
  created_at: string;
}

export interface ApiErrorBody {
  error: string;
  code: string;
  details?: unknown;
  /** The server's id of the request (also in X-Request-Id): what to quote when reporting a problem. */
  requestId?: string;
}
