import { Hono } from 'hono';
import { routeNotFound } from '../lib/app';
import { lambdaHandler } from '../lib/lambda-handler';
import { alertsApp, followsApp } from './app';

// The Router sends /api/follows and /api/alerts here (infra/api-areas.ts).
const root = new Hono().route('/', followsApp).route('/', alertsApp);
root.notFound(routeNotFound);

export const handler = lambdaHandler(root);
