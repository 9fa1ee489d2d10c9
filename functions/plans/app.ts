import {
  planCreatedResponse,
  planInviteResponse,
  planJoinedResponse,
  planListResponse,
  planResponse,
  meetingPointResponse,
  planDoneResponse,
} from '#core/responses/together';
import {
  meetingPointInputSchema,
  planIdParamSchema,
  planInputSchema,
  planJoinSchema,
  planMemberParamSchema,
  planNotifySchema,
  planPointParamSchema,
} from '#core/together-schemas';
import { createApp } from '../lib/app';
import { currentUser, requireAuth } from '../lib/auth';
import { db } from '../lib/db';
import { listPlans, planAnswer } from '../lib/domain/plans/read-plan';
import {
  addMeetingPoint,
  createPlan,
  deleteMeetingPoint,
  deletePlan,
  joinPlan,
  removeMember,
  rotateInvite,
  setPlanNotify,
} from '../lib/domain/plans/write-plans';
import { documenter } from '../lib/openapi';
import { rateLimit, rateLimitWrites } from '../lib/rate-limit';
import { validate } from '../lib/validate';

const doc = documenter('Plan con amigos');

/**
 * Plans with friends: members only (anyone else, and a wrong or rotated invitation, gets 404).
 * Private answers: never kept by a shared cache. Served by the festivals function (the Router
 * sends it every /api path no other area claims).
 */
export const app = createApp('/api/plans')
  .use('*', requireAuth)
  .use('*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'private, no-store');
  })
  .post(
    '/join',
    doc({
      summary: 'Se une a un plan con su enlace de invitación',
      access: 'user',
      responses: { 200: { description: 'El plan', schema: planJoinedResponse } },
      errors: [404, 409, 429],
    }),
    rateLimit('planJoin'),
    validate('json', planJoinSchema),
    async (c) => c.json(await joinPlan(await db(), currentUser(c), c.req.valid('json').token)),
  )
  .use('*', rateLimitWrites('settings'))
  .post(
    '/',
    doc({
      summary: 'Crea un plan para la edición actual de un festival',
      access: 'user',
      responses: { 201: { description: 'El plan, con su enlace de invitación', schema: planCreatedResponse } },
      errors: [404, 429],
    }),
    validate('json', planInputSchema),
    async (c) => c.json(await createPlan(await db(), currentUser(c), c.req.valid('json')), 201),
  )
  .get(
    '/',
    doc({
      summary: 'Mis planes',
      access: 'user',
      responses: { 200: { description: 'Planes', schema: planListResponse } },
    }),
    async (c) => c.json(await listPlans(await db(), currentUser(c).id)),
  )
  .get(
    '/:id',
    doc({
      summary: 'Un plan: sus miembros con lo que ha elegido cada uno, las coincidencias y los puntos de encuentro',
      access: 'user',
      responses: { 200: { description: 'El plan', schema: planResponse } },
      errors: [404],
    }),
    validate('param', planIdParamSchema),
    async (c) =>
      c.body(await planAnswer(await db(), c.req.valid('param').id, currentUser(c).id), 200, {
        'Content-Type': 'application/json; charset=utf-8',
      }),
  )
  .post(
    '/:id/invite',
    doc({
      summary: 'Renueva el enlace de invitación (quien creó el plan); el anterior deja de valer',
      access: 'user',
      responses: { 200: { description: 'El enlace nuevo', schema: planInviteResponse } },
      errors: [404, 429],
    }),
    validate('param', planIdParamSchema),
    async (c) => c.json(await rotateInvite(await db(), currentUser(c), c.req.valid('param').id)),
  )
  .put(
    '/:id/notifications',
    doc({
      summary: 'Avisarme (o no) cuando alguien se une al plan',
      access: 'user',
      responses: { 200: { description: 'La elección', schema: planNotifySchema } },
      errors: [404, 429],
    }),
    validate('param', planIdParamSchema),
    validate('json', planNotifySchema),
    async (c) =>
      c.json(await setPlanNotify(await db(), currentUser(c), c.req.valid('param').id, c.req.valid('json').notify)),
  )
  .delete(
    '/:id/members/:userId',
    doc({
      summary: 'Quita a alguien del plan (quien lo creó) o sale de él (cada cual)',
      access: 'user',
      responses: { 200: { description: 'Hecho', schema: planDoneResponse } },
      errors: [404, 429],
    }),
    validate('param', planMemberParamSchema),
    async (c) => {
      const { id, userId } = c.req.valid('param');
      const user = currentUser(c);
      await removeMember(await db(), user, id, userId);
      return c.json({ message: userId === user.id ? 'Has salido del plan' : 'Persona quitada del plan' });
    },
  )
  .delete(
    '/:id',
    doc({
      summary: 'Borra un plan (quien lo creó)',
      access: 'user',
      responses: { 200: { description: 'Hecho', schema: planDoneResponse } },
      errors: [404, 429],
    }),
    validate('param', planIdParamSchema),
    async (c) => {
      await deletePlan(await db(), currentUser(c), c.req.valid('param').id);
      return c.json({ message: 'Plan borrado' });
    },
  )
  .post(
    '/:id/meeting-points',
    doc({
      summary: 'Añade un punto de encuentro (una nota y, si se quiere, un lugar del mapa)',
      access: 'user',
      responses: { 201: { description: 'El punto', schema: meetingPointResponse } },
      errors: [404, 409, 429],
    }),
    validate('param', planIdParamSchema),
    validate('json', meetingPointInputSchema),
    async (c) =>
      c.json(await addMeetingPoint(await db(), currentUser(c), c.req.valid('param').id, c.req.valid('json')), 201),
  )
  .delete(
    '/:id/meeting-points/:pointId',
    doc({
      summary: 'Borra un punto de encuentro (quien lo puso o quien creó el plan)',
      access: 'user',
      responses: { 200: { description: 'Hecho', schema: planDoneResponse } },
      errors: [404, 429],
    }),
    validate('param', planPointParamSchema),
    async (c) => {
      const { id, pointId } = c.req.valid('param');
      await deleteMeetingPoint(await db(), currentUser(c), id, pointId);
      return c.json({ message: 'Punto de encuentro borrado' });
    },
  );
