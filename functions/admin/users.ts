import { asc, ilike, or } from 'drizzle-orm';
import { Hono } from 'hono';
import { USERS_DEFAULT_LIMIT, usersQuerySchema } from '#core/admin-schemas';
import { usersTable } from '#db/schema';
import type { AppEnv } from '../lib/app-env';
import { db } from '../lib/db';
import { validate } from '../lib/validate';
import type { AdminUser } from '#core/response-schemas';
import { userResponse } from '#core/response-schemas';
import { documenter } from '../lib/openapi';
import { z } from '#core/zod';

const doc = documenter('Administración');

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

export const userRoutes = new Hono<AppEnv>().get('/users', doc({ summary: 'Cuentas de usuario', access: 'admin', responses: { 200: { description: 'Usuarios', schema: z.array(userResponse) } } }), validate('query', usersQuerySchema), async (c) => {
  const { limit = USERS_DEFAULT_LIMIT, offset = 0, search } = c.req.valid('query');
  const users: AdminUser[] = await (await db())
    .select({ id: usersTable.id, name: usersTable.name, email: usersTable.email, role: usersTable.role, avatar_url: usersTable.avatarUrl })
    .from(usersTable)
    .where(search ? or(ilike(usersTable.name, likePattern(search)), ilike(usersTable.email, likePattern(search))) : undefined)
    .orderBy(asc(usersTable.name), asc(usersTable.id))
    .limit(limit)
    .offset(offset);
  return c.json(users);
});
