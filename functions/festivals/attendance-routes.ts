import { Hono } from 'hono';
import { idParamSchema } from '#core/festival-schemas';
import { attendanceResponse } from '#core/responses/together';
import { attendanceInputSchema } from '#core/together-schemas';
import type { AppEnv } from '../lib/app-env';
import { currentUser, requireAuth } from '../lib/auth';
import { db } from '../lib/db';
import { setAttendance } from '../lib/domain/attendance/attendance';
import { documenter } from '../lib/openapi';
import { rateLimit } from '../lib/rate-limit';
import { validate } from '../lib/validate';

const doc = documenter('Voy / Me interesa');

/** PUT /api/festivals/{id}/attendance: the caller's 'Voy' / 'Me interesa' (null clears it), with the counts after it. */
export const festivalAttendanceRoutes = new Hono<AppEnv>().put(
  '/:id/attendance',
  doc({
    summary: "Marca 'Voy' o 'Me interesa' (null lo quita)",
    access: 'user',
    responses: { 200: { description: 'El estado y los recuentos', schema: attendanceResponse } },
    errors: [404, 429],
  }),
  requireAuth,
  validate('param', idParamSchema),
  validate('json', attendanceInputSchema),
  rateLimit('settings'),
  async (c) => {
    const answer = await setAttendance(await db(), currentUser(c), c.req.valid('param').id, c.req.valid('json').status);
    c.header('Cache-Control', 'private, no-store');
    return c.json(answer);
  },
);
