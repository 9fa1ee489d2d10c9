/**
 * The admin queues are built as JSON by Postgres and passed through as text (decision 012); each
 * aggregate builds its own from its field list in functions/lib/domain. This is the header they are sent with.
 */
export const JSON_CONTENT_TYPE = { 'Content-Type': 'application/json; charset=utf-8' };
