import { myAttendanceResponse } from '#core/responses/together';
import { createApp } from '../lib/app';
import { currentUser, requireAuth } from '../lib/auth';
import { db } from '../lib/db';
import { listAttendance } from '../lib/domain/attendance/attendance';
import { documenter } from '../lib/openapi';

const doc = documenter('Voy / Me interesa');

/**
 * GET /api/attendance: the caller's own 'Voy' / 'Me interesa' states. Setting one is
 * PUT /api/festivals/{id}/attendance (festivals/attendance-routes.ts). Served by the festivals
 * function (the Router sends it every /api path no other area claims).
 */
export const app = createApp('/api/attendance')
  .use('*', requireAuth)
  .get(
    '/',
    doc({
      summary: "Mis festivales con 'Voy' o 'Me interesa'",
      access: 'user',
      responses: { 200: { description: 'Estados', schema: myAttendanceResponse } },
    }),
    async (c) => {
      c.header('Cache-Control', 'private, no-store');
      return c.json(await listAttendance(await db(), currentUser(c)));
    },
  );
