/**
 * Every body the API answers with, written once as zod schemas: the TypeScript types the server and
 * the web use come from them (z.output), the OpenAPI document (GET /api/openapi.json) is generated
 * from them, and the API tests check every real response against that document.
 * The web imports these types only (`import type`), so zod stays out of its first load.
 */
import { auditEntities } from './admin-schemas';
import { commentStatuses, festivalStatuses, mediaStatuses, mediaTypes, notificationTypes, reportReasons, userRoles } from './types';
import { z } from './zod';

/** A YYYY-MM-DD date. */
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
/** A timestamp as JSON writes it (ISO 8601). */
const timestamp = z.string();

// ---------------------------------------------------------------------------------------------
// Errors: every failure answers { error: Spanish message, code: machine code, details? } with its status

export const apiErrorResponse = z.object({
  error: z.string().describe('Mensaje en español para la persona usuaria.'),
  code: z.string().describe('Código estable para programas (p. ej. festival_not_found).'),
  details: z.unknown().optional(),
  /** The server's id of the request (also in X-Request-Id): what to quote when reporting a problem. */
  requestId: z.string().optional(),
});
export type ApiErrorBody = z.output<typeof apiErrorResponse>;

/** The confirmation of an action: a Spanish message and the id it acted on. */
export const messageResponse = z.object({ message: z.string(), id: z.number().int() });
export type MessageResponse = z.output<typeof messageResponse>;

// ---------------------------------------------------------------------------------------------
// Users

export const publicUserResponse = z.object({ id: z.number().int(), name: z.string(), avatar_url: z.string().nullable() });
export type PublicUser = z.output<typeof publicUserResponse>;

export const userResponse = publicUserResponse.extend({ email: z.string(), role: z.enum(userRoles) });
export type User = z.output<typeof userResponse>;
export type AdminUser = User;

/** POST /api/users/auth/google, and GET /api/users/profile when the session token was renewed. */
export const signedInResponse = userResponse.extend({ token: z.string() });
export const profileResponse = userResponse.extend({ token: z.string().optional() });

// ---------------------------------------------------------------------------------------------
// Festivals

export const festivalResponse = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  location: z.string().nullable(),
  address: z.string().nullable(),
  start_date: isoDate.nullable(),
  end_date: isoDate.nullable(),
  website: z.string().nullable(),
  image_url: z.string().nullable(),
  status: z.enum(festivalStatuses),
  genres: z.array(z.string()),
  averageRating: z.number(),
  ratingsCount: z.number().int(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  hasValidCoordinates: z.boolean(),
  geocoded_from: z.string().nullable(),
  geocoded_at: timestamp.nullable(),
  transportation: z.string().nullable(),
  parking_info: z.string().nullable(),
  accommodation: z.string().nullable(),
  proposed_by: z.number().int().nullable(),
  created_at: timestamp,
});
export type Festival = z.output<typeof festivalResponse>;

/** A small reference to the festival an item belongs to, for the admin tables. */
export const festivalRefResponse = z.object({ id: z.number().int(), name: z.string() });
export type FestivalRef = z.output<typeof festivalRefResponse>;

/** Another pending or approved festival with the same name and location (the duplicate key: name and location ignoring case, accents and spacing). */
export const duplicateRefResponse = festivalRefResponse.extend({
  status: z.enum(['pending', 'approved']),
  proposed_by: z.number().int().nullable(),
});
export type DuplicateRef = z.output<typeof duplicateRefResponse>;

/** What a proposer typed beyond the festival itself: the artists of its lineup, in order, and where and from how much tickets sell. */
export const proposalExtrasResponse = z.object({
  lineup: z.array(z.string()),
  ticket_url: z.string().nullable(),
  price_from: z.number().nullable(),
});
export type ProposalExtras = z.output<typeof proposalExtrasResponse>;

/**
 * GET /api/admin/pending-festivals: proposals of different users may share a key; admins see the
 * clash, and what the proposal brings for its edition (lineup, tickets) to check before approving.
 */
export const pendingFestivalResponse = festivalResponse.extend({ possibleDuplicates: z.array(duplicateRefResponse), proposal: proposalExtrasResponse });
export type PendingFestival = z.output<typeof pendingFestivalResponse>;

export const festivalCardResponse = festivalResponse
  .pick({
    id: true,
    name: true,
    location: true,
    start_date: true,
    end_date: true,
    image_url: true,
    status: true,
    genres: true,
    averageRating: true,
    ratingsCount: true,
    latitude: true,
    longitude: true,
    hasValidCoordinates: true,
  })
  .extend({ distanceKm: z.number().nullable().optional() });

/** GET /api/festivals/page. */
export const festivalPageResponse = z.object({
  total: z.number().int(),
  offset: z.number().int(),
  limit: z.number().int(),
  items: z.array(festivalCardResponse),
  genres: z.array(z.object({ name: z.string(), count: z.number().int() })),
});

/** GET /api/festivals/calendar. */
export const calendarRangeResponse = z.object({
  items: z.array(
    festivalResponse
      .pick({ id: true, name: true, location: true, start_date: true, end_date: true, genres: true, status: true })
      .extend({ description: z.string() }),
  ),
  next: festivalResponse.pick({ id: true, name: true, start_date: true }).nullable(),
});

/** GET /api/festivals/map: the markers of the area shown, clustered for its zoom. */
export const mapViewResponse = z.object({
  located: z.number().int().describe('Festivales en el mapa (los que coinciden con la búsqueda, si la hay).'),
  withoutCoordinates: z.number().int().describe('Festivales sin coordenadas, que no aparecen en el mapa.'),
  center: z.tuple([z.number(), z.number()]).describe('Centro inicial: la media de las coordenadas, o Madrid.'),
  markers: z.array(
    z.discriminatedUnion('type', [
      z.object({
        type: z.literal('festival'),
        id: z.number().int(),
        lat: z.number(),
        lon: z.number(),
        name: z.string(),
        location: z.string().nullable(),
        start_date: z.string().nullable(),
        end_date: z.string().nullable(),
        genres: z.array(z.string()),
      }),
      z.object({
        type: z.literal('cluster'),
        id: z.number().int(),
        lat: z.number(),
        lon: z.number(),
        count: z.number().int(),
        zoom: z.number().int().describe('Zoom al que el grupo se separa.'),
      }),
    ]),
  ),
  results: z
    .object({
      total: z.number().int(),
      items: z.array(
        z.object({
          id: z.number().int(),
          name: z.string(),
          location: z.string().nullable(),
          lat: z.number().nullable(),
          lon: z.number().nullable(),
          zoom: z.number().int().nullable().describe('Zoom al que su marcador sale de todo grupo.'),
        }),
      ),
    })
    .nullable(),
});

/** GET /api/festivals/places: places for 'Cerca de'. */
export const placesResponse = z.object({
  items: z.array(
    z.object({
      name: z.string(),
      region: z.string().nullable().describe('Región o país.'),
      lat: z.number(),
      lon: z.number(),
    }),
  ),
});

/** POST /api/admin/festivals/geocode-missing. */
export const geocodeMissingResponse = z.object({
  geocoded: z.array(z.number().int()).describe('Festivales que han recibido coordenadas en esta llamada.'),
  notFound: z.array(z.number().int()).describe('Festivales que el geocodificador no ha encontrado.'),
  remaining: z.number().int().describe('Festivales aprobados que siguen sin coordenadas.'),
});
export type GeocodeMissingResult = z.output<typeof geocodeMissingResponse>;

// ---------------------------------------------------------------------------------------------
// Comments

export const commentResponse = z.object({
  id: z.number().int(),
  festival_id: z.number().int(),
  content: z.string(),
  rating: z.number().int(),
  status: z.enum(commentStatuses),
  /** The edition (year) the comment is about, or null when it names none. */
  edition_year: z.number().int().nullable(),
  created_at: timestamp,
  User: publicUserResponse,
});
export type Comment = z.output<typeof commentResponse>;

/** POST /api/comments/with-media: the comment and the photos sent with it (pending moderation). */
export const commentWithMediaResponse = commentResponse.extend({
  media: z.array(z.object({ id: z.number().int(), url: z.string(), status: z.literal('pending') })),
});

export const adminCommentResponse = commentResponse.extend({ Festival: festivalRefResponse });
export type AdminComment = z.output<typeof adminCommentResponse>;

// ---------------------------------------------------------------------------------------------
// Media, votes and reports

/** A stored photo's size, blurred placeholder and resized copies (absent for external images and photos not processed yet). */
export const imageInfoSchema = z.object({
  width: z.number().int(),
  height: z.number().int(),
  placeholder: z.string().describe('ThumbHash en base64: una vista previa borrosa mientras carga.'),
  sources: z.array(z.object({ url: z.string(), type: z.enum(['image/avif', 'image/webp']), width: z.number().int() })),
});
export type ImageInfo = z.output<typeof imageInfoSchema>;

export const mediaResponse = z.object({
  id: z.number().int(),
  festival_id: z.number().int(),
  user_id: z.number().int().nullable(),
  type: z.enum(mediaTypes),
  url: z.string(),
  caption: z.string().nullable(),
  comment: z.string().nullable(),
  status: z.enum(mediaStatuses),
  uploaded_at: timestamp,
  rating: z.number().describe('Media de los votos; 0 si no hay ninguno.'),
  votesCount: z.number().int(),
  userRating: z.number().int().nullable().describe('El voto de quien llama, si envió su token.'),
  User: publicUserResponse.nullable(),
  image: imageInfoSchema.nullable().optional(),
});
export type Media = z.output<typeof mediaResponse>;

export const adminMediaResponse = mediaResponse.extend({
  hidden_at: timestamp.nullable(),
  reviewed_at: timestamp.nullable(),
  Festival: festivalRefResponse,
});
export type AdminMedia = z.output<typeof adminMediaResponse>;

/** POST /api/media (multipart): the photos received, pending moderation. */
export const mediaReceivedResponse = z.object({ message: z.string(), media: z.array(mediaResponse) });

export const voteResponse = z.object({
  message: z.string(),
  media_id: z.number().int(),
  rating: z.number(),
  votesCount: z.number().int(),
  userRating: z.number().int(),
});

export const mediaReportResponse = z.object({
  id: z.number().int(),
  media_id: z.number().int(),
  reason: z.enum(reportReasons),
  details: z.string().nullable(),
  created_at: timestamp,
  Media: z.object({ type: z.enum(mediaTypes), url: z.string() }),
  User: z.object({ name: z.string(), avatar_url: z.string().nullable() }).nullable(),
});
export type MediaReport = z.output<typeof mediaReportResponse>;
export type AdminMediaReport = MediaReport;

export const hiddenMediaResponse = messageResponse.extend({ hidden_at: timestamp });

// ---------------------------------------------------------------------------------------------
// Uploads

/** A presigned PUT: the browser sends the bytes straight to storage with these headers. */
export const presignedUploadResponse = z.object({
  uploadUrl: z.string(),
  key: z.string(),
  publicUrl: z.string(),
  method: z.literal('PUT'),
  headers: z.record(z.string(), z.string()),
  expiresAt: timestamp,
});

/** POST /api/admin/upload/get-signed-url: the presigned PUT and where the file will live. */
export const adminPresignedUploadResponse = presignedUploadResponse.extend({
  structure: z.object({
    folder: z.string(),
    fileName: z.string(),
    originalName: z.string(),
    contentType: z.string(),
    fileSize: z.number().int().nullable(),
    festivalId: z.number().int().nullable(),
    festivalName: z.string().nullable(),
    userId: z.number().int().nullable(),
  }),
});

export const adminUploadConfirmedResponse = z.object({
  message: z.string(),
  key: z.string(),
  publicUrl: z.string(),
  size: z.number().int(),
  contentType: z.string(),
  festivalId: z.number().int().nullable(),
});

// ---------------------------------------------------------------------------------------------
// Favourites, notifications, newsletter, contact

export const favoriteIdsResponse = z.array(z.number().int()).describe('Ids de los festivales favoritos, del más antiguo al más reciente.');
export const favoritesSyncResponse = z.object({ added: z.number().int(), removed: z.number().int(), favorites: favoriteIdsResponse });
export const favoriteChangedResponse = z.object({ message: z.string(), festival_id: z.number().int(), favorite: z.boolean() });

export const notificationResponse = z.object({
  id: z.number().int(),
  type: z.enum(notificationTypes),
  message: z.string(),
  url: z.string().nullable().describe('La página a la que lleva (la del festival), o null.'),
  read: z.boolean(),
  created_at: timestamp,
});
export type Notification = z.output<typeof notificationResponse>;

export const newsletterResponse = z.object({ message: z.string() });

export const contactMessageResponse = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  category: z.string().nullable(),
  message: z.string(),
  user_id: z.number().int().nullable(),
  read: z.boolean(),
  read_at: timestamp.nullable(),
  created_at: timestamp,
});
export type ContactMessage = z.output<typeof contactMessageResponse>;

// ---------------------------------------------------------------------------------------------
// Administration

export const auditEntryResponse = z.object({
  id: z.number().int(),
  action: z.string(),
  entity: z.enum(auditEntities),
  entity_id: z.number().int().nullable(),
  details: z.unknown(),
  created_at: timestamp,
  actor: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type AuditEntry = z.output<typeof auditEntryResponse>;

// ---------------------------------------------------------------------------------------------
// Operations

export const livenessResponse = z.object({ status: z.literal('ok') });
export const readinessResponse = z.object({
  status: z.literal('ok'),
  database: z.literal('ok'),
  migrations: z.object({ applied: z.number().int(), expected: z.number().int() }),
});

// ---------------------------------------------------------------------------------------------
// Newsletter administration

export const subscriberCountsResponse = z.object({ subscribers: z.number().int(), confirmed: z.number().int(), pending: z.number().int() });
export const digestPreviewResponse = z.object({
  subject: z.string(),
  html: z.string(),
  text: z.string(),
  newFestivals: z.unknown(),
  nextMonth: z.unknown(),
});
export const digestQueuedResponse = z.object({ queued: z.number().int(), message: z.string() });

/** POST /api/users/feed-token: the private favourites calendar's address. */
export const feedTokenResponse = z.object({ token: z.string(), url: z.string(), webcal: z.string() });

// ---------------------------------------------------------------------------------------------
// My timetable ('Mi horario')

export const timetableResponse = z.object({
  festival_id: z.number().int(),
  picks: z.array(z.number().int()),
  /** The read-only link's token while shared; null when not shared or revoked. */
  share_token: z.string().nullable(),
});
export type Timetable = z.output<typeof timetableResponse>;

export const sharedTimetableResponse = z.object({
  festival_id: z.number().int(),
  picks: z.array(z.number().int()),
  /** The first name of whoever shares it, to title the page. */
  owner: z.string(),
});
export type SharedTimetable = z.output<typeof sharedTimetableResponse>;
