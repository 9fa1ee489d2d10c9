import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { usersTable } from './users';

/** Who did what and when in moderation, so a wrong decision can be traced. */
export const auditLogTable = pgTable(
  'audit_log',
  {
    id: id(),
    actorId: integer('actor_id').references(() => usersTable.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: integer('entity_id'),
    details: jsonb('details'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_entity_idx').on(t.entity, t.entityId),
    index('audit_log_created_idx').on(t.createdAt.desc()),
  ],
);
