// Every table of the database, one file per aggregate under db/schema/. Code imports the tables
// from here ('#db/schema'), and drizzle-kit reads this file to generate migrations, so a table
// added to db/schema/ must be re-exported below.
export * from './schema/users';
export * from './schema/festivals';
export * from './schema/favorites';
export * from './schema/comments';
export * from './schema/media';
export * from './schema/uploads';
export * from './schema/notifications';
export * from './schema/newsletter';
export * from './schema/contact-messages';
export * from './schema/audit';
export * from './schema/rate-limits';
export * from './schema/outbox';
export * from './schema/artists';
export * from './schema/editions';
export * from './schema/alerts';
export * from './schema/timetables';
export * from './schema/organizers';
export * from './schema/trip-facts';
export * from './schema/imports';
export * from './schema/fact-corrections';
export * from './schema/together';
export * from './schema/discover';
