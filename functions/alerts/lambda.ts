import { Hono } from 'hono';
import { routeNotFound } from '../lib/app';
import { lambdaHandler } from '../lib/lambda-handler';
import { alertsApp, followsApp, pushApp } from './app';

// The Router sends /api/follows, /api/alerts and /api/push here (infra/api-areas.ts).
const root = new Hono().route('/', followsApp).route('/', alertsApp).route('/', pushApp);
root.notFound(routeNotFound);

export const handler = lambdaHandler(root);
