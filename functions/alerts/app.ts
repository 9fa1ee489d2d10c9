import { z } from '#core/zod';
import {
  alertInputSchema,
  alertResponse,
  followChangedResponse,
  followsResponse,
  pushChangedResponse,
  pushSubscriptionSchema,
  pushUnsubscribeSchema,
  vapidKeyResponse,
} from '#core/alert-schemas';
import { idParamSchema } from '#core/festival-schemas';
import { messageResponse } from '#core/response-schemas';
import { createApp } from '../lib/app';
import { currentUser, requireAuth } from '../lib/auth';
import { rateLimit, rateLimitWrites } from '../lib/rate-limit';
import { db } from '../lib/db';
import { followArtist, listFollows, unfollowArtist } from '../lib/domain/alerts/follows';
import { createAlert, deleteAlert, listAlerts, updateAlert } from '../lib/domain/alerts/saved-alerts';
import { PUSH_SERVICE_REFUSED, subscribePush, unsubscribePush } from '../lib/domain/alerts/push-subscriptions';
import { AppError, badRequest } from '../lib/errors';
import { documenter } from '../lib/openapi';
import { pushEndpointAllowed } from '../lib/push/push-endpoints';
import { vapidPublicKey } from '../lib/push/vapid';
import { validate } from '../lib/validate';

const doc = documenter('Avisos');

export const PUSH_UNAVAILABLE = 'Los avisos push no están disponibles en este servidor.';

/** Artists the signed-in user follows: one added to any lineup tells them (functions/lib/domain/alerts). */
export const followsApp = createApp('/api/follows')
  .use('*', requireAuth)
  .use('*', rateLimitWrites('settings'))
  .get(
    '/',
    doc({
      summary: 'Los artistas que sigo',
      access: 'user',
      responses: { 200: { description: 'Artistas seguidos', schema: followsResponse } },
    }),
    async (c) => {
      c.header('Cache-Control', 'private, no-store');
      return c.json(await listFollows(await db(), currentUser(c).id));
    },
  )
  .post(
    '/artists/:id',
    doc({
      summary: 'Sigue a un artista',
      access: 'user',
      responses: {
        200: { description: 'Ya lo seguías', schema: followChangedResponse },
        201: { description: 'Siguiendo', schema: followChangedResponse },
      },
      errors: [404, 409, 429],
    }),
    validate('param', idParamSchema),
    async (c) => {
      const { id } = c.req.valid('param');
      const added = await followArtist(await db(), currentUser(c).id, id);
      return c.json({ message: 'Ahora sigues a este artista.', artist_id: id, following: true }, added ? 201 : 200);
    },
  )
  .delete(
    '/artists/:id',
    doc({
      summary: 'Deja de seguir a un artista',
      access: 'user',
      responses: { 200: { description: 'Ya no lo sigues', schema: followChangedResponse } },
      errors: [404, 429],
    }),
    validate('param', idParamSchema),
    async (c) => {
      const { id } = c.req.valid('param');
      await unfollowArtist(await db(), currentUser(c).id, id);
      return c.json({ message: 'Ya no sigues a este artista.', artist_id: id, following: false });
    },
  );

/** Saved searches ('Crear alerta' on the home): a newly approved festival that matches tells their owner. */
export const alertsApp = createApp('/api/alerts')
  .use('*', requireAuth)
  .use('*', rateLimitWrites('settings'))
  .get(
    '/',
    doc({
      summary: 'Mis alertas de búsqueda',
      access: 'user',
      responses: { 200: { description: 'Alertas', schema: z.array(alertResponse) } },
    }),
    async (c) => {
      c.header('Cache-Control', 'private, no-store');
      return c.json(await listAlerts(await db(), currentUser(c).id));
    },
  )
  .post(
    '/',
    doc({
      summary: 'Crea una alerta con los filtros de una búsqueda',
      access: 'user',
      responses: { 201: { description: 'La alerta', schema: alertResponse } },
      errors: [409, 429],
    }),
    validate('json', alertInputSchema),
    async (c) => {
      return c.json(await createAlert(await db(), currentUser(c).id, c.req.valid('json')), 201);
    },
  )
  .put(
    '/:id',
    doc({
      summary: 'Cambia una alerta propia',
      access: 'user',
      responses: { 200: { description: 'La alerta', schema: alertResponse } },
      errors: [404, 429],
    }),
    validate('param', idParamSchema),
    validate('json', alertInputSchema),
    async (c) => {
      return c.json(await updateAlert(await db(), currentUser(c).id, c.req.valid('param').id, c.req.valid('json')));
    },
  )
  .delete(
    '/:id',
    doc({
      summary: 'Borra una alerta propia',
      access: 'user',
      responses: { 200: { description: 'Alerta borrada', schema: messageResponse } },
      errors: [404, 429],
    }),
    validate('param', idParamSchema),
    async (c) => {
      const { id } = c.req.valid('param');
      await deleteAlert(await db(), currentUser(c).id, id);
      return c.json({ message: 'Alerta eliminada.', id });
    },
  );

/** This device's Web Push subscription (the account page's switch); the worker sends through it. */
export const pushApp = createApp('/api/push')
  .get(
    '/vapid-public-key',
    doc({
      summary: 'Clave pública VAPID para suscribir este navegador a Web Push',
      responses: { 200: { description: 'La clave', schema: vapidKeyResponse } },
      errors: [503],
    }),
    (c) => {
      const publicKey = vapidPublicKey();
      if (!publicKey) throw new AppError('unavailable', 'push_unavailable', PUSH_UNAVAILABLE);
      c.header('Cache-Control', 'public, max-age=3600');
      return c.json({ publicKey });
    },
  )
  .post(
    '/subscriptions',
    doc({
      summary: 'Suscribe este navegador a los avisos push',
      access: 'user',
      responses: { 201: { description: 'Suscrito', schema: pushChangedResponse } },
      errors: [404, 429],
    }),
    requireAuth,
    rateLimit('settings'),
    validate('json', pushSubscriptionSchema),
    async (c) => {
      const input = c.req.valid('json');
      // Only the browsers' push services, by name: the server will POST to this address (decision 087).
      if (!pushEndpointAllowed(input.endpoint)) throw badRequest(PUSH_SERVICE_REFUSED, 'push_service_not_allowed');
      await subscribePush(await db(), currentUser(c).id, input);
      return c.json({ message: 'Avisos push activados en este dispositivo.', subscribed: true }, 201);
    },
  )
  .delete(
    '/subscriptions',
    doc({
      summary: 'Quita la suscripción push de este navegador',
      access: 'user',
      responses: { 200: { description: 'Quitada', schema: pushChangedResponse } },
      errors: [404, 429],
    }),
    requireAuth,
    rateLimit('settings'),
    validate('json', pushUnsubscribeSchema),
    async (c) => {
      await unsubscribePush(await db(), currentUser(c).id, c.req.valid('json').endpoint);
      return c.json({ message: 'Avisos push desactivados en este dispositivo.', subscribed: false });
    },
  );
