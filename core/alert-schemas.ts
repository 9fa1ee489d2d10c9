import { alertKinds, digestModes, PRICE_ALERT_DAYS_MAX, PRICE_ALERT_DAYS_MIN } from './types';
import { requiredLine } from './text-input';
import { z } from './zod';

/** Artists one user may follow, and saved searches one user may keep: beyond that it is a script, not a person. */
export const MAX_FOLLOWS = 500;
export const MAX_SAVED_ALERTS = 20;

const flag = (name: string) => z.boolean({ error: `${name} debe ser true o false.` });

/** Channels of one kind of alert, or of one saved search. */
export const channelsSchema = z.object(
  { inApp: flag('inApp'), email: flag('email'), push: flag('push') },
  { error: 'Los canales deben ser un objeto { inApp, email, push }.' },
);
export type Channels = z.output<typeof channelsSchema>;

const priceDaysMessage = `Los días de aviso antes de que acabe un tramo deben ser un número entre ${PRICE_ALERT_DAYS_MIN} y ${PRICE_ALERT_DAYS_MAX}.`;

/** PUT /api/users/preferences: the digest mode and, per kind of alert, its channels (kinds left out keep theirs). */
export const preferencesInputSchema = z
  .object({
    digest: z.enum(digestModes, { error: 'El modo de resumen debe ser immediate, daily o weekly.' }).optional(),
    // An object of optional kinds rather than a record keyed by an enum: zod reports a key a record's
    // enum refuses with its generic wording, and this message names the kinds there are.
    channels: z
      .strictObject(
        Object.fromEntries(alertKinds.map((k) => [k, channelsSchema.optional()])) as Record<
          (typeof alertKinds)[number],
          z.ZodOptional<typeof channelsSchema>
        >,
        {
          error: (issue) =>
            issue.code === 'unrecognized_keys'
              ? `Tipo de aviso desconocido: usa ${alertKinds.join(', ')}.`
              : 'Los canales deben ser un objeto por tipo de aviso.',
        },
      )
      .optional(),
    price_alert_days: z
      .number({ error: priceDaysMessage })
      .int({ error: priceDaysMessage })
      .min(PRICE_ALERT_DAYS_MIN, { error: priceDaysMessage })
      .max(PRICE_ALERT_DAYS_MAX, { error: priceDaysMessage })
      .optional(),
  })
  .strict();
export type PreferencesInput = z.output<typeof preferencesInputSchema>;

export const preferencesResponse = z.object({
  digest: z.enum(digestModes),
  /** 'Sube de precio': days before an abono tier of a favourite ends. */
  price_alert_days: z.number().int(),
  channels: z.object(
    Object.fromEntries(alertKinds.map((k) => [k, channelsSchema])) as Record<
      (typeof alertKinds)[number],
      typeof channelsSchema
    >,
  ),
});
export type Preferences = z.output<typeof preferencesResponse>;

export const unsubscribeQuerySchema = z.object({
  token: z.string({ error: 'Falta el token del enlace.' }).min(1, { error: 'Falta el token del enlace.' }).max(200),
});

/** GET /api/follows */
export const followsResponse = z.object({
  artists: z.array(z.object({ id: z.number().int(), name: z.string(), slug: z.string(), followed_at: z.string() })),
});
export const followChangedResponse = z.object({
  message: z.string(),
  artist_id: z.number().int(),
  following: z.boolean(),
});

/** The home's filters a saved search keeps (the names the home puts in its address). */
export const alertFiltersSchema = z
  .object({
    search: z.string().trim().max(100, { error: 'La búsqueda no puede superar los 100 caracteres.' }).optional(),
    genre: z.string().trim().max(100, { error: 'El género no puede superar los 100 caracteres.' }).optional(),
    country: z.string().trim().max(100, { error: 'El país no puede superar los 100 caracteres.' }).optional(),
    artist: z.string().trim().max(200, { error: 'El artista no puede superar los 200 caracteres.' }).optional(),
    minRating: z.coerce.number({ error: 'minRating debe ser un número del 1 al 5.' }).min(1).max(5).optional(),
    maxPrice: z.coerce.number({ error: 'maxPrice debe ser un número.' }).min(0).max(10000).optional(),
    lat: z.coerce.number({ error: 'lat debe ser una latitud.' }).min(-90).max(90).optional(),
    lon: z.coerce.number({ error: 'lon debe ser una longitud.' }).min(-180).max(180).optional(),
    radius: z.coerce.number({ error: 'El radio debe ser un número de kilómetros.' }).min(1).max(2000).optional(),
  })
  .strict()
  .refine((f) => (f.lat === undefined) === (f.lon === undefined), { error: "'Cerca de' necesita latitud y longitud." });
export type AlertFilters = z.output<typeof alertFiltersSchema>;

/** POST /api/alerts and PUT /api/alerts/{id} */
export const alertInputSchema = z.object({
  name: requiredLine('El nombre es obligatorio.', 100, 'El nombre no puede superar los 100 caracteres.', 'El nombre'),
  filters: alertFiltersSchema,
  channels: channelsSchema.default({ inApp: true, email: true, push: true }),
});
export type AlertInput = z.output<typeof alertInputSchema>;

export const alertResponse = z.object({
  id: z.number().int(),
  name: z.string(),
  filters: z.record(z.string(), z.union([z.string(), z.number()])),
  channels: channelsSchema,
  created_at: z.string(),
});

/** POST /api/push/subscriptions: what PushSubscription.toJSON() gives in the browser. */
export const pushSubscriptionSchema = z.object({
  endpoint: z
    .string({ error: 'Falta el endpoint de la suscripción.' })
    .max(1000, { error: 'El endpoint es demasiado largo.' })
    .regex(/^https:\/\/[^\s]+$/, { error: 'El endpoint debe ser una URL https.' }),
  keys: z.object(
    {
      p256dh: z
        .string({ error: 'Falta la clave p256dh.' })
        .regex(/^[A-Za-z0-9_-]{80,100}={0,2}$/, { error: 'La clave p256dh no es válida.' }),
      auth: z
        .string({ error: 'Falta la clave auth.' })
        .regex(/^[A-Za-z0-9_-]{16,30}={0,2}$/, { error: 'La clave auth no es válida.' }),
    },
    { error: 'Faltan las claves de la suscripción.' },
  ),
});
export const pushUnsubscribeSchema = z.object({
  endpoint: z.string({ error: 'Falta el endpoint de la suscripción.' }).max(1000),
});
export const vapidKeyResponse = z.object({ publicKey: z.string() });
export const pushChangedResponse = z.object({ message: z.string(), subscribed: z.boolean() });

/** What a user types to confirm the deletion of their account (the page asks for it, the server checks it). */
export const DELETE_CONFIRMATION = 'ELIMINAR';
export const deleteAccountSchema = z.object({
  confirmation: z.literal(DELETE_CONFIRMATION, {
    error: `Escribe ${DELETE_CONFIRMATION} para confirmar que quieres eliminar tu cuenta.`,
  }),
});
export const accountExportResponse = z
  .object({
    exported_at: z.string(),
    profile: z.object({ id: z.number().int(), name: z.string(), email: z.string() }).loose(),
  })
  .loose()
  .describe(
    'Todo lo que guardamos de la cuenta: perfil, preferencias, favoritos, artistas seguidos, alertas, ' +
      'horarios (con su enlace compartido), comentarios, votos, denuncias, propuestas, fotos y vídeos, ' +
      'notificaciones, mensajes de contacto, dispositivos push, newsletter.',
  );
