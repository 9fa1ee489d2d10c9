import { createApp } from '../lib/app';
import { requireAdmin } from '../lib/auth';
import { artistRoutes } from './artists';
import { auditRoutes } from './audit-log';
import { commentRoutes } from './comments';
import { contactMessageRoutes } from './contact-messages';
import { editionRoutes } from './editions';
import { festivalRoutes } from './festivals';
import { geocodingRoutes } from './geocoding';
import { factCorrectionRoutes } from './fact-corrections';
import { BULK_IMPORT_PATH, importRoutes } from './imports';
import { mediaReportRoutes } from './media-reports';
import { mediaRoutes } from './media';
import { newsletterRoutes } from './newsletter';
import { organizerRoutes } from './organizers';
import { uploadRoutes } from './uploads';
import { userRoutes } from './users';

/** Every route checks the admin role on the server, whatever the client shows (a client-side check is only a convenience). */
// The bulk import reads files of up to 10 MB: its route sets that limit itself.
export const app = createApp('/api/admin', {
  streamsBody: (c) => c.req.method === 'POST' && c.req.path === BULK_IMPORT_PATH,
})
  .use('*', requireAdmin)
  .use('*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'private, no-store');
  })
  .route('/', geocodingRoutes)
  .route('/', festivalRoutes)
  .route('/', mediaRoutes)
  .route('/', commentRoutes)
  .route('/', mediaReportRoutes)
  .route('/', userRoutes)
  .route('/', contactMessageRoutes)
  .route('/', auditRoutes)
  .route('/', uploadRoutes)
  .route('/', newsletterRoutes)
  .route('/', artistRoutes)
  .route('/', editionRoutes)
  .route('/', organizerRoutes)
  .route('/', importRoutes)
  .route('/', factCorrectionRoutes);
