/**
 * Every body the API answers with, written once as zod schemas: the TypeScript types the server and
 * the web use come from them (z.output), the OpenAPI document (GET /api/openapi.json) is generated
 * from them, and the API tests check every real response against that document.
 * The web imports these types only (`import type`), so zod stays out of its first load.
 */
// One file per aggregate in core/responses/. The functions import the file they need (a cold start
// builds every schema of what it loads); tests and the OpenAPI document take them all from here.
export * from './responses/common';
export * from './responses/users';
export * from './responses/festivals';
export * from './responses/comments';
export * from './responses/media';
export * from './responses/uploads';
export * from './responses/community';
export * from './responses/admin';
export * from './responses/operations';
export * from './responses/timetables';
export * from './responses/organizers';
export * from './responses/together';
export * from './responses/discover';
