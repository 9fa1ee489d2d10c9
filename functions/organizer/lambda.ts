import { Hono } from 'hono';
import { routeNotFound } from '../lib/app';
import { lambdaHandler } from '../lib/lambda-handler';
import { claimsApp, organizerApp } from './app';

// The Router sends /api/organizer and /api/claims here (infra/api-areas.ts).
const root = new Hono().route('/', organizerApp).route('/', claimsApp);
root.notFound(routeNotFound);

export const handler = lambdaHandler(root);
