import { Hono } from 'hono';
import { accountExportResponse, deleteAccountSchema } from '#core/alert-schemas';
import { newsletterResponse } from '#core/response-schemas';
import type { AppEnv } from '../lib/app-env';
import { currentUser, requireAuth } from '../lib/auth';
import { rateLimit } from '../lib/rate-limit';
import { db } from '../lib/db';
import { deleteAccount, exportAccount } from '../lib/domain/account/account';
import { documenter } from '../lib/openapi';
import { validate } from '../lib/validate';

const doc = documenter('Cuentas');

export const ACCOUNT_DELETED = 'Tu cuenta se ha eliminado. Tus comentarios quedan como "Usuario eliminado".';

/** The user's own data: a copy of all of it, and its erasure (the rights the privacy page promises). */
export const accountRoutes = new Hono<AppEnv>()
  .get(
    '/me/export',
    doc({
      summary: 'Descarga todos mis datos (JSON)',
      access: 'user',
      responses: { 200: { description: 'Los datos de la cuenta', schema: accountExportResponse } },
      errors: [429],
    }),
    requireAuth,
    rateLimit('export'),
    async (c) => {
      const data = await exportAccount(await db(), currentUser(c).id);
      c.header('Cache-Control', 'private, no-store');
      c.header(
        'Content-Disposition',
        `attachment; filename="festivales-mis-datos-${data.exported_at.slice(0, 10)}.json"`,
      );
      return c.json(data);
    },
  )
  .delete(
    '/me',
    doc({
      summary: 'Elimina mi cuenta: datos personales y subidas borrados, comentarios anonimizados, sesiones cerradas',
      access: 'user',
      responses: { 200: { description: 'Cuenta eliminada', schema: newsletterResponse } },
    }),
    requireAuth,
    validate('json', deleteAccountSchema),
    async (c) => {
      await deleteAccount(await db(), currentUser(c).id);
      return c.json({ message: ACCOUNT_DELETED });
    },
  );
