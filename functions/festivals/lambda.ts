import { Hono } from 'hono';
import { routeNotFound } from '../lib/app';
import { lambdaHandler } from '../lib/lambda-handler';
import { requestContext } from '../lib/request-context';
import { securityHeaders } from '../lib/security-headers';
import { app as artists } from '../artists/app';
import { app as attendance } from '../attendance/app';
import { app as health } from '../health/app';
import { app as plans } from '../plans/app';
import { app as timetables } from '../timetables/app';
import { app } from './app';
import { app as editions } from './edition-routes';
import { app as recommendations } from './recommendation-routes';

// The Router sends /api/festivals and every /api path no other function claims here
// (infra/api-areas.ts): the artists, 'Mi horario' (/api/timetables), 'Voy' / 'Me interesa'
// (/api/attendance), plans with friends (/api/plans), an edition's price history (/api/editions),
// 'Para ti' (/api/recommendations), the health checks, and the JSON 404 of unknown paths.
const root = new Hono()
  .use('*', requestContext)
  .use('*', securityHeaders())
  .route('/', app)
  .route('/', artists)
  .route('/', timetables)
  .route('/', attendance)
  .route('/', plans)
  .route('/', editions)
  .route('/', recommendations)
  .route('/', health);
root.notFound(routeNotFound);

export const handler = lambdaHandler(root);
