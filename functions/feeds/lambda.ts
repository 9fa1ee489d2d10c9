import { lambdaHandler } from '../lib/lambda-handler';
import { app } from './app';

export const handler = lambdaHandler(app);
