import { Hono } from 'hono';
import { routeNotFound } from '../lib/app';
import { lambdaHandler } from '../lib/lambda-handler';
import { claimsApp, organizerApp } from './app';
import { importApp } from './imports';

// The Router sends /api/organizer, /api/claims and /api/import here (infra/api-areas.ts).
const root = new Hono().route('/', organizerApp).route('/', claimsApp).route('/', importApp);
root.notFound(routeNotFound);

export const handler = lambdaHandler(root);
