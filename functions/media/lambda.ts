import { lambdaHandler } from '../lib/lambda-handler';
import { mediaFunction } from './app';

export const handler = lambdaHandler(mediaFunction);
