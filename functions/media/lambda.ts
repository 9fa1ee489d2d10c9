import { handle } from 'hono/aws-lambda';
import { mediaFunction } from './app';

export const handler = handle(mediaFunction);
