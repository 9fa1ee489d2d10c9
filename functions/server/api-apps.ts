import { createRequire } from 'node:module';
import path from 'node:path';
import { Hono } from 'hono';
import { app as admin } from '../admin/app';
import { alertsApp, followsApp, pushApp } from '../alerts/app';
import { app as artists } from '../artists/app';
import { app as attendance } from '../attendance/app';
import { app as comments } from '../comments/app';
import { app as contact } from '../contact/app';
import { docsApp } from '../docs/app';
import { app as favorites } from '../favorites/app';
import { app as feeds } from '../feeds/app';
import { app as festivals } from '../festivals/app';
import { app as editions } from '../festivals/edition-routes';
import { app as recommendations } from '../festivals/recommendation-routes';
import { app as health } from '../health/app';
import { compressAnswers } from '../lib/compression';
import { securityHeaders } from '../lib/security-headers';
import { app as media, galleryApp as gallery } from '../media/app';
import { app as newsletter } from '../newsletter/app';
import { app as notifications } from '../notifications/app';
import { claimsApp, organizerApp } from '../organizer/app';
import { importApp } from '../organizer/imports';
import { app as pages } from '../pages/app';
import { app as plans } from '../plans/app';
import { app as timetables } from '../timetables/app';
import { app as users } from '../users/app';
import { routeNotFound } from '../lib/app';
import { openApiDocument } from '../lib/openapi-document';
import { requestContext } from '../lib/request-context';

/** Every function's app; the local server mounts them all, SST routes each to its own Lambda. */
export const apiApps = [
  feeds,
  festivals,
  editions,
  recommendations,
  artists,
  timetables,
  attendance,
  plans,
  health,
  users,
  admin,
  pages,
  favorites,
  notifications,
  newsletter,
  contact,
  comments,
  media,
  gallery,
  followsApp,
  alertsApp,
  pushApp,
  organizerApp,
  claimsApp,
  importApp,
];

/** The API apps on one root, nothing else: what the OpenAPI document describes. */
export function apiRoutes(): Hono {
  const root = new Hono();
  for (const app of apiApps) root.route('/', app);
  return root;
}

/** Swagger UI's files, from the installed swagger-ui-dist package. */
export const swaggerUiDir = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

/**
 * Every API app on one root, with the JSON 404 for unknown /api paths: the local server's and the
 * tests' API. The security headers cover whatever the root answers itself (the SPA, /uploads).
 */
export function createApiRoot(): Hono {
  const root = new Hono();
  // First, so that static files and the SPA get a request id and a log line too.
  root.use('*', requestContext);
  root.use('*', securityHeaders());
  // The SPA's index and the files without a precompressed copy; the apps' own answers come compressed.
  root.use('*', compressAnswers());
  for (const app of apiApps) root.route('/', app);
  root.route('/', docsApp({ document: () => openApiDocument(apiRoutes()), swaggerUiDir }));
  root.all('/api/*', routeNotFound);
  return root;
}
