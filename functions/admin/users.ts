import { Hono } from 'hono';
import { USERS_DEFAULT_LIMIT, usersQuerySchema } from '#core/admin-schemas';
import type { AppEnv } from '../lib/app-env';
import { db } from '../lib/db';
import { listUsers } from '../lib/domain/users/users';
import { validate } from '../lib/validate';
import { userResponse } from '#core/response-schemas';
import { documenter } from '../lib/openapi';
import { z } from '#core/zod';

const doc = documenter('Administración');

export const userRoutes = new Hono<AppEnv>().get(
  '/users',
  doc({
    summary: 'Cuentas de usuario',
    access: 'admin',
    responses: { 200: { description: 'Usuarios', schema: z.array(userResponse) } },
  }),
  validate('query', usersQuerySchema),
  async (c) => {
    const { limit = USERS_DEFAULT_LIMIT, offset = 0, search } = c.req.valid('query');
    return c.json(await listUsers(await db(), { limit, offset, search }));
  },
);
