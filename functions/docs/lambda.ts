import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { lambdaHandler } from '../lib/lambda-handler';
import { docsApp } from './app';

// The bundle script writes the document and copies Swagger UI's files beside this bundle
// (scripts/bundle-functions.ts): this function does not carry the other functions' code.
const here = path.dirname(fileURLToPath(import.meta.url));

export const handler = lambdaHandler(
  docsApp({
    document: async () => JSON.parse(await readFile(path.join(here, 'openapi.json'), 'utf8')),
    swaggerUiDir: path.join(here, 'swagger-ui'),
  }),
);
