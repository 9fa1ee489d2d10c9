import { proposeFestivalSchema, festivalFilterQuerySchema, idParamSchema } from '../../core/festival-schemas';
import { createApp } from '../lib/app';
import { currentUser, optionalAuth, requireAdmin, requireAuth } from '../lib/auth';
import { db } from '../lib/db';
import { notFound } from '../lib/errors';
import { catalogFestival, catalogResponse, findFestival } from '../lib/festival-store';
import { deleteFestivalWithMedia } from '../lib/festival-deletion';
import { rateLimit } from '../lib/rate-limit';
import { validate } from '../lib/validate';
import { proposeFestival } from './proposals';

export const app = createApp('/api/festivals')
  .get('/', validate('query', festivalFilterQuerySchema), async (c) => {
    const cached = await catalogResponse(await db(), c.req.valid('query'));
    c.header('Cache-Control', 'public, max-age=0, must-revalidate');
    c.header('ETag', cached.etag);
    c.header('Vary', 'Accept-Encoding');
    const ifNoneMatch = c.req.header('If-None-Match');
    if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === cached.etag)) {
      return c.body(null, 304);
    }
    c.header('Content-Type', 'application/json; charset=utf-8');
    if (/\bgzip\b/.test(c.req.header('Accept-Encoding') ?? '')) {
      c.header('Content-Encoding', 'gzip');
      return c.body(new Uint8Array(cached.gzip()));
    }
    return c.body(cached.body);
  })
  .get('/:id', optionalAuth, validate('param', idParamSchema), async (c) => {
    const database = await db();
    const { id } = c.req.valid('param');
    const festival = (await catalogFestival(database, id)) ?? (await findFestival(database, id));
    const user = c.get('user');
    // Pending and rejected proposals are visible to their proposer and to admins only.
    const visible =
      festival && (festival.status === 'approved' || user?.role === 'admin' || (user && festival.proposed_by === user.id));
    if (!festival || !visible) throw notFound('Festival no encontrado', 'festival_not_found');
    c.header('Cache-Control', festival.status === 'approved' ? 'public, max-age=0, must-revalidate' : 'private, no-store');
    return c.json(festival);
  })
  .post('/', requireAuth, validate('json', proposeFestivalSchema), rateLimit('propose'), async (c) => {
    const database = await db();
    const id = await proposeFestival(database, currentUser(c), c.req.valid('json'));
    return c.json(await findFestival(database, id), 201);
  })
  .delete('/:id', requireAdmin, validate('param', idParamSchema), async (c) => {
    const { id } = c.req.valid('param');
    // Same path as the admin API: cascades, stored objects of its media, audit row.
    const deleted = await deleteFestivalWithMedia(await db(), id, currentUser(c).id);
    if (!deleted) throw notFound('Festival no encontrado', 'festival_not_found');
    return c.json({ message: 'Festival eliminado correctamente', id });
  });
